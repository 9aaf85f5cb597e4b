import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';
import { e2eTestCommands } from '../../../support/debian-packages';

/**
 * The steps the workflow tests check rather than run. Each answers undefined when the step is
 * right, else what is wrong with it.
 */

/** The packages a step installs with `apt-get install`, and the commands it only checks are there. */
export const packagesOfStep = (run: string): { packages: string[]; commands: string[] } => ({
  packages: [...run.matchAll(/apt-get install\b([^\n;&|]*)/g)].flatMap((match) =>
    (match[1] ?? '').split(/\s+/).filter((word) => word !== '' && !word.startsWith('-')),
  ),
  commands: [...run.matchAll(/command -v (\S+)/g)].map((match) => match[1] ?? ''),
});

/**
 * A package step must give the tests every command test/support/debian-packages.ts names (its
 * package installed, or the command checked to be on the runner already) and install nothing else.
 */
export const packageStepProblem = (run: string): string | undefined => {
  const { packages, commands } = packagesOfStep(run);
  const missing = e2eTestCommands.filter(
    (needed) => !packages.includes(needed.debianPackage) && !commands.includes(needed.command),
  );
  const extra = packages.filter((p) => !e2eTestCommands.some((needed) => needed.debianPackage === p));
  if (missing.length === 0 && extra.length === 0) return undefined;
  return [
    ...missing.map(
      (m) => `gives the tests no ${m.command} (install ${m.debianPackage}, or check it is there)`,
    ),
    ...extra.map((p) => `installs ${p}, which test/support/debian-packages.ts does not name`),
  ].join('; ');
};

/** The Node.js major npm scripts run on: the `node` dev dependency (docs/architecture.md "Toolchain"). */
export const projectNodeMajor = (): string => {
  const manifest = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  return (manifest.devDependencies.node ?? '').split('.')[0] ?? '';
};

/** setup-node must set up the Node.js major the project runs on, so npm and npx agree with it. */
export const setupNodeProblem = (nodeVersion: unknown): string | undefined => {
  const major = String(nodeVersion ?? '').split('.')[0];
  return major === projectNodeMajor()
    ? undefined
    : `sets up Node.js ${String(nodeVersion)}, but the project runs on Node.js ${projectNodeMajor()} (the node dev dependency)`;
};
