/**
 * One version of each family of packages that share a common core (issue 22): Powertools'
 * packages at mixed versions put two copies of its commons in every bundle that uses both.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';

const read = (file: string) => JSON.parse(readFileSync(path.join(projectRoot, file), 'utf8'));

it('names one version for every Powertools package, and the lock holds one copy of its commons', () => {
  const { dependencies = {}, devDependencies = {} } = read('package.json');
  const powertools = Object.entries({ ...dependencies, ...devDependencies }).filter(([name]) =>
    name.startsWith('@aws-lambda-powertools/'),
  );
  expect(powertools.length).toBeGreaterThan(0);
  expect(new Set(powertools.map(([, version]) => version))).toEqual(new Set([powertools[0]![1]]));
  const commons = Object.keys(read('package-lock.json').packages).filter((at) =>
    at.endsWith('node_modules/@aws-lambda-powertools/commons'),
  );
  expect(commons).toEqual(['node_modules/@aws-lambda-powertools/commons']);
});
