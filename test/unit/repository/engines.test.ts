/**
 * `engines` true to what the code needs (docs/decisions/codebase-conventions.md D97): the Node
 * versions package.json admits are the ones every installed package admits (its `engines.node` as
 * package-lock.json records it, the optional platform packages and the client's workspace
 * included), and the Node the code runs on: Lambda's runtime major, which the `node` dev
 * dependency pins for every npm script.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import semver from 'semver';
import { projectRoot } from '#lib/project-paths';

interface LockedPackage {
  readonly version?: string;
  /** `{ node: range }`; a few old packages wrote a list, which npm ignores. */
  readonly engines?: { readonly node?: unknown };
}

const read = (file: string) => readFileSync(path.join(projectRoot, file), 'utf8');
const root = JSON.parse(read('package.json')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};
const locked = Object.entries(
  (JSON.parse(read('package-lock.json')) as { packages: Record<string, LockedPackage> }).packages,
).filter(([at]) => at !== '');
const admitted = root.engines.node;

describe(`package.json's engines.node (${admitted})`, () => {
  it('is a range npm reads', () => {
    expect(semver.validRange(admitted)).not.toBeNull();
  });

  it('admits no Node version that an installed package refuses', () => {
    const wanting = locked.flatMap(([at, pkg]) => {
      const node = pkg.engines?.node;
      return typeof node === 'string'
        ? [{ name: at.replace(/^.*node_modules\//, ''), version: pkg.version, node }]
        : [];
    });
    expect(wanting.length).toBeGreaterThan(300);
    const refusing = wanting
      .filter(({ node }) => !semver.subset(admitted, node))
      .map(({ name, version, node }) => `${name}@${version} wants node ${node}`);
    expect(refusing).toEqual([]);
  });

  it("starts at the Node the code runs on: Lambda's runtime, the `node` dev dependency every npm script runs", () => {
    const runtime = /Runtime\.NODEJS_(\d+)_X/.exec(read('lib/api-function.ts'))?.[1];
    const pinned = root.devDependencies.node!;
    expect(semver.major(pinned)).toBe(Number(runtime));
    expect(semver.satisfies(pinned, admitted)).toBe(true);
    expect(semver.minVersion(admitted)?.major).toBe(Number(runtime));
  });
});
