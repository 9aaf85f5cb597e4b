/**
 * The client's version follows the contract it is generated from (docs/decisions/api-contract.md
 * D95): its major and minor are the OpenAPI document's `info.version`'s, and its major is the API's
 * path version, so a breaking change of the contract (a new `/vN`) is a new major of the package.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';

const read = (...parts: string[]) => JSON.parse(readFileSync(path.join(projectRoot, ...parts), 'utf8'));
const document = read('docs', 'openapi.json') as { info: { version: string }; servers: { url: string }[] };
const client = read('clients', 'typescript', 'package.json') as { version: string };
const majorMinor = (version: string) => version.split('.').slice(0, 2).join('.');

it("has the major and minor of the document's info.version (after a change to it, set the client's)", () => {
  expect(`@commerce-api/client ${majorMinor(client.version)}`).toBe(
    `@commerce-api/client ${majorMinor(document.info.version)}`,
  );
  expect(client.version).toMatch(/^\d+\.\d+\.\d+$/);
});

it('has for major the path version the document serves (/v1: 1.x)', () => {
  const pathVersion = /^\/v(\d+)$/.exec(document.servers[0]!.url)?.[1];
  expect(pathVersion).toBeDefined();
  expect(client.version.split('.')[0]).toBe(pathVersion);
  expect(document.info.version.split('.')[0]).toBe(pathVersion);
});
