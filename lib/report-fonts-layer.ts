import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import { Architecture, Code, LayerVersion, Runtime } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import {
  REPORT_FONT_FILES,
  REPORT_FONT_LICENCE,
  REPORT_TEXT_PACKAGES,
} from '#functions/contracts/report-fonts';
import { projectRoot } from './project-paths';
import { resourceName } from './resource-names';
import type { StageSettings } from './stage';

/**
 * The report generator's fonts and text engine, as a Lambda layer (docs/decisions/report-export.md
 * D102): the Noto font files of functions/contracts/report-fonts.ts with their licences, and the
 * engine's packages (fontkit, bidi-js) with every package they require, at the same places under
 * `nodejs/node_modules/` as in the project, so that the generator finds them under /opt/nodejs as the
 * sandbox finds them in the project. Outside the function's code: the generator's bundle and its
 * cold start stay what they were, and a deploy that changes only code uploads no font again.
 */

const nodeModules = path.join(projectRoot, 'node_modules');

/** A package's directory as Node finds it from `from`: the nearest `node_modules/<name>` up the tree. */
const packageDir = (name: string, from: string): string => {
  for (let dir = from; dir.startsWith(nodeModules) || dir === projectRoot; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === projectRoot) break;
  }
  throw new Error(`The report fonts layer needs the package ${name}, which is not installed: run npm ci.`);
};

const manifest = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    dependencies?: Record<string, string>;
  };

/** The engine's packages and all they require, each directory once. */
const enginePackages = (): string[] => {
  const found = new Set<string>();
  const visit = (name: string, from: string) => {
    const dir = packageDir(name, from);
    if (found.has(dir)) return;
    found.add(dir);
    for (const dependency of Object.keys(manifest(dir).dependencies ?? {})) visit(dependency, dir);
  };
  for (const name of REPORT_TEXT_PACKAGES) visit(name, projectRoot);
  return [...found].sort();
};

/** The package a file under node_modules is in (`@expo-google-fonts/noto-sans`). */
const packageOf = (file: string) => file.split('/').slice(0, 2).join('/');

/** The font files and each font package's licence, relative to node_modules. */
const fontFiles = (): string[] => {
  const files = Object.values(REPORT_FONT_FILES).flatMap((styles) => Object.values(styles));
  const licences = [...new Set(files.map(packageOf))].map((pkg) => `${pkg}/${REPORT_FONT_LICENCE}`);
  return [...files, ...licences].sort();
};

/**
 * What the layer holds, as names and versions: the asset's hash, so a synth copies the fonts once
 * and a deploy uploads them again only when one of these changes.
 */
export const reportFontsLayerHash = (): string => {
  const fonts = fontFiles().map((f) => `${f}@${manifest(path.join(nodeModules, packageOf(f))).version}`);
  const engine = enginePackages().map((dir) => `${path.relative(nodeModules, dir)}@${manifest(dir).version}`);
  return createHash('sha256')
    .update(JSON.stringify([fonts, engine]))
    .digest('hex');
};

/** Writes the layer's contents into `outputDir` (`nodejs/node_modules/…`). */
export const writeReportFontsLayer = (outputDir: string): void => {
  const into = path.join(outputDir, 'nodejs', 'node_modules');
  for (const file of fontFiles()) {
    mkdirSync(path.dirname(path.join(into, file)), { recursive: true });
    copyFileSync(path.join(nodeModules, file), path.join(into, file));
  }
  for (const dir of enginePackages()) {
    // A package's own node_modules comes as packages of the closure; source maps are not run.
    cpSync(dir, path.join(into, path.relative(nodeModules, dir)), {
      recursive: true,
      filter: (source) => !source.endsWith('.map') && !source.slice(dir.length).includes('node_modules'),
    });
  }
};

/** The layer, built by copying from the project's node_modules (no container). */
export const reportFontsLayer = (scope: Construct, id: string, settings: StageSettings): LayerVersion =>
  new LayerVersion(scope, id, {
    layerVersionName: resourceName(settings.stage, 'report-fonts'),
    description: 'Noto fonts and fontkit for report text beyond the standard PDF fonts (docs/decisions D102)',
    compatibleRuntimes: [Runtime.NODEJS_24_X],
    compatibleArchitectures: [Architecture.ARM_64],
    removalPolicy: settings.removalPolicy,
    code: Code.fromAsset(path.join(nodeModules, '@expo-google-fonts'), {
      assetHashType: AssetHashType.CUSTOM,
      assetHash: reportFontsLayerHash(),
      bundling: {
        // Never pulled: the local copy below always succeeds.
        image: DockerImage.fromRegistry('public.ecr.aws/docker/library/busybox'),
        local: {
          tryBundle: (outputDir) => {
            writeReportFontsLayer(outputDir);
            return true;
          },
        },
      },
    }),
  });
