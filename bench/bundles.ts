/**
 * Bundle sizes (docs/performance.md "Budgets": "each HTTP function bundle ≤ 350 KB; report generator ≤ 1.2 MB").
 * Builds every function of the stack — the routes, the authorizer, the Cognito pre token
 * generation trigger, the batch queue's consumers and the report workflow's tasks — with esbuild
 * and exactly the options lib/api-function.ts gives `NodejsFunction` (`API_FUNCTION_BUNDLING`,
 * turned into the esbuild call CDK makes: `--bundle --platform=node --outfile=index.mjs` plus
 * those options), and, with the same options, the cold-start benchmark's baselines: the SDK
 * floors (bench/floors/, see bench/floor-plans.ts), the report generator's floor (the generator
 * with bench/floors/report-pdf-stub.ts in place of its PDF renderer) and an empty handler.
 * KB are 1,024 bytes.
 *
 *   npx tsx bench/bundles.ts    this benchmark alone (npm run bench runs them all)
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { type BuildOptions, build, type Plugin } from 'esbuild';
import {
  authorizerFunction,
  batchFunctions,
  identityFunctions,
  reportFunctions,
} from '#functions/function-registry';
import { routes } from '#functions/routes';
import { API_FUNCTION_BUNDLING } from '#lib/api-function';
import { functionEntry, projectRoot } from '#lib/project-paths';
import type { BenchRow } from './bench-row';
import { FLOORS } from './floor-plans';
import { KB, kb } from './support';

/** docs/performance.md "Budgets". */
export const HTTP_BUNDLE_BUDGET = 350 * KB;
export const REPORT_GENERATOR_BUDGET = 1.2 * KB * KB;

export type FunctionKind = 'route' | 'authorizer' | 'trigger' | 'batch' | 'report' | 'baseline';

export interface FunctionBundle {
  readonly name: string;
  readonly kind: FunctionKind;
  /** The handler module under functions/, bench/floors/ for a floor, or `(empty)`. */
  readonly handler: string;
  /** The built `index.mjs`. */
  readonly file: string;
  readonly bytes: number;
}

/** The name of the empty handler's bundle. */
export const EMPTY_HANDLER = 'empty-handler';
const EMPTY_HANDLER_SOURCE = 'export const handler = async () => ({ statusCode: 200, body: "" });\n';

/** The name of the report generator's floor: the generator minus rendering. */
export const GENERATOR_FLOOR = `${reportFunctions.generate.name}-floor`;
const floorsDir = path.join(projectRoot, 'bench', 'floors');
const RENDERER = functionEntry('reports/domain/report-pdf');

/** Builds the generator with the stub in place of its renderer (and so without pdf-lib). */
const withoutRendering: Plugin = {
  name: 'without-rendering',
  setup(build) {
    build.onResolve({ filter: /report-pdf$/ }, (args) =>
      path.resolve(args.resolveDir, `${args.path}.ts`) === RENDERER
        ? { path: path.join(floorsDir, 'report-pdf-stub.ts') }
        : undefined,
    );
  },
};

/**
 * The esbuild options CDK's local bundling passes for these bundling options (aws-lambda-nodejs
 * `Bundling.buildEsbuildArgs`). Any option this does not know stops the benchmark, so a change to
 * lib/api-function.ts cannot make it measure something else than what is deployed.
 */
export const esbuildOptionsOf = (bundling: BundlingOptions): BuildOptions => {
  const options: BuildOptions = { bundle: true, platform: 'node', write: true, logLevel: 'warning' };
  for (const [key, value] of Object.entries(bundling)) {
    switch (key) {
      case 'format':
        options.format = value as 'esm' | 'cjs';
        break;
      case 'minify':
        options.minify = Boolean(value);
        break;
      case 'target':
        options.target = value as string;
        break;
      case 'sourceMap':
        options.sourcemap = Boolean(value);
        break;
      case 'mainFields':
        options.mainFields = [...(value as string[])];
        break;
      case 'externalModules':
        options.external = [...(value as string[])];
        break;
      case 'banner':
        options.banner = { js: value as string };
        break;
      case 'esbuildArgs':
        for (const [arg, argValue] of Object.entries(value as Record<string, string | boolean>)) {
          const alias = /^--alias:(.+)$/.exec(arg);
          if (alias) options.alias = { ...options.alias, [alias[1]!]: String(argValue) };
          else if (arg === '--legal-comments') options.legalComments = argValue as 'none';
          else throw new Error(`bench/bundles.ts does not know the esbuild argument ${arg}`);
        }
        break;
      default:
        throw new Error(`bench/bundles.ts does not know the bundling option ${key}`);
    }
  }
  return options;
};

/** Every function the stack deploys, by name: what `ApiFunction` is given as `entry`. */
export const stackFunctions = (): { name: string; kind: FunctionKind; handler: string }[] => [
  ...routes.map((r) => ({ name: r.name, kind: 'route' as const, handler: r.handler })),
  { name: authorizerFunction.name, kind: 'authorizer', handler: authorizerFunction.handler },
  { name: 'pre-token-generation', kind: 'trigger', handler: identityFunctions.preTokenGeneration.handler },
  ...Object.values(batchFunctions).map((f) => ({ name: f.name, kind: 'batch' as const, handler: f.handler })),
  ...Object.values(reportFunctions).map((f) => ({
    name: f.name,
    kind: 'report' as const,
    handler: f.handler,
  })),
];

let built: Promise<FunctionBundle[]> | undefined;

/**
 * Builds every function's bundle and the baselines' into a temporary directory (removed when
 * the process exits), once per process: the cold-start benchmark runs the same files.
 */
export const buildFunctionBundles = (): Promise<FunctionBundle[]> => {
  built ??= (async () => {
    const outRoot = mkdtempSync(path.join(tmpdir(), 'commerce-api-bench-bundles-'));
    process.once('exit', () => rmSync(outRoot, { recursive: true, force: true }));
    const base = esbuildOptionsOf(API_FUNCTION_BUNDLING);
    const emptyEntry = path.join(outRoot, 'empty-handler-source', 'index.ts');
    mkdirSync(path.dirname(emptyEntry), { recursive: true });
    writeFileSync(emptyEntry, EMPTY_HANDLER_SOURCE);
    const floor = (name: string) => ({
      name,
      kind: 'baseline' as const,
      handler: `bench/floors/${name}`,
      entry: path.join(floorsDir, `${name}.ts`),
    });
    const all: { name: string; kind: FunctionKind; handler: string; entry: string; plugins?: Plugin[] }[] = [
      ...stackFunctions().map((f) => ({ ...f, entry: functionEntry(f.handler) })),
      { name: EMPTY_HANDLER, kind: 'baseline', handler: '(empty)', entry: emptyEntry },
      ...Object.values(FLOORS).map(floor),
      {
        name: GENERATOR_FLOOR,
        kind: 'baseline',
        handler: `${reportFunctions.generate.handler} minus rendering`,
        entry: functionEntry(reportFunctions.generate.handler),
        plugins: [withoutRendering],
      },
    ];
    return Promise.all(
      all.map(async (f) => {
        // index.mjs for ESM, as CDK names it; one directory per function, as one asset each.
        const file = path.join(outRoot, f.name, base.format === 'esm' ? 'index.mjs' : 'index.js');
        await build({
          ...base,
          absWorkingDir: projectRoot,
          entryPoints: [f.entry],
          outfile: file,
          ...(f.plugins ? { plugins: f.plugins } : {}),
        });
        return { name: f.name, kind: f.kind, handler: f.handler, file, bytes: statSync(file).size };
      }),
    );
  })();
  return built;
};

const byName = (bundles: readonly FunctionBundle[], name: string) => {
  const found = bundles.find((b) => b.name === name);
  if (!found) throw new Error(`No bundle named ${name}`);
  return found;
};

export async function benchBundles(): Promise<(BenchRow & { bytes?: Record<string, number> })[]> {
  const bundles = await buildFunctionBundles();
  // HTTP functions: the routes' and the authorizer's, which every token route runs first.
  const http = bundles.filter((b) => b.kind === 'route' || b.kind === 'authorizer');
  const sorted = [...http].sort((a, b) => b.bytes - a.bytes);
  const largest = sorted[0]!;
  const smallest = sorted.at(-1)!;
  const largestZipped = gzipSync(await readFile(largest.file), { level: 9 }).length;
  const generator = byName(bundles, reportFunctions.generate.name);
  const others = bundles
    .filter((b) => b.kind !== 'route' && b.kind !== 'authorizer' && b.kind !== 'baseline' && b !== generator)
    .map((b) => `${b.name} ${kb(b.bytes)}`)
    .join(', ');
  const httpOk = largest.bytes <= HTTP_BUNDLE_BUDGET;
  const generatorOk = generator.bytes <= REPORT_GENERATOR_BUDGET;
  const httpLabel = `largest HTTP function bundle (${largest.name})`;
  const generatorLabel = `report generator bundle (${generator.name})`;
  return [
    {
      row: `${httpLabel} | ${kb(largest.bytes)} | ≤ ${kb(HTTP_BUNDLE_BUDGET)} | ${httpOk ? 'ok' : 'over'}`,
      detail:
        `${httpLabel}: ${http.length} HTTP functions (${http.length - 1} routes and the authorizer), ` +
        `${kb(smallest.bytes)} (${smallest.name}) to ${kb(largest.bytes)}; the largest is ` +
        `${kb(largestZipped)} gzipped; esbuild with lib/api-function.ts's options, KB = 1,024 bytes`,
      ok: httpOk,
      bytes: Object.fromEntries(bundles.map((b) => [b.name, b.bytes])),
    },
    {
      row:
        `${generatorLabel} | ${(generator.bytes / KB / KB).toFixed(2)} MB | ≤ 1.2 MB | ` +
        `${generatorOk ? 'ok' : 'over'}`,
      detail: `${generatorLabel}: ${kb(generator.bytes)}; the other functions: ${others}`,
      ok: generatorOk,
    },
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await benchBundles();
  for (const r of rows) console.log(r.row);
  for (const r of rows) console.log(r.detail);
  if (rows.some((r) => !r.ok)) process.exitCode = 1;
}
