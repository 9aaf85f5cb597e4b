/**
 * No telemetry at install (docs/decisions/codebase-conventions.md D97). @scarf/scarf, which
 * Spectral's packages depend on, runs an install script that reports every install to scarf.sh
 * unless the project opts out; package.json opts out as Scarf's README says a user of a package
 * does (`"scarfSettings": { "enabled": false }`). This runs that script as `npm ci` runs it, sent
 * to a local endpoint instead of scarf.sh, and sees it send nothing.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';

const SCARF = path.join(projectRoot, 'node_modules', '@scarf', 'scarf');
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

/** What the script is told by the environment: left out, so package.json alone decides. */
const OPT_OUT_VARIABLES = ['SCARF_ANALYTICS', 'SCARF_NO_ANALYTICS', 'DO_NOT_TRACK', 'npm_config_global'];

describe("Scarf's install script", () => {
  it('is installed (Spectral brings it), so the opt-out is needed', () => {
    const { packages } = read(path.join(projectRoot, 'package-lock.json'));
    expect(packages['node_modules/@scarf/scarf']).toMatchObject({ dev: true });
    expect(read(path.join(SCARF, 'package.json')).scripts.postinstall).toBe('node ./report.js');
  });

  it("is turned off by package.json, Scarf's documented opt-out", () => {
    expect(read(path.join(projectRoot, 'package.json')).scarfSettings).toEqual({
      enabled: false,
      // Nor does it walk the dependency tree (`npm ls`, about 1.4 s of each install) first.
      skipTraversal: true,
    });
  });

  it('sends nothing when npm runs it, and says the project opted out', async () => {
    const received: string[] = [];
    const endpoint = http.createServer((request, response) => {
      received.push(`${request.method} ${request.url}`);
      response.end();
    });
    // Every local address: the script sends to `localhost`, whichever address that is here.
    await new Promise<void>((resolve) => endpoint.listen(0, resolve));
    try {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        // What npm sets for an install script: the directory `npm ci` ran in.
        INIT_CWD: projectRoot,
        SCARF_LOCAL_PORT: String((endpoint.address() as AddressInfo).port),
        SCARF_VERBOSE: 'true',
      };
      for (const name of OPT_OUT_VARIABLES) delete env[name];
      const output = await new Promise<string>((resolve, reject) =>
        execFile(process.execPath, ['./report.js'], { cwd: SCARF, env }, (error, stdout, stderr) =>
          error ? reject(error) : resolve(stdout + stderr),
        ),
      );
      expect(received).toEqual([]);
      expect(output).toContain('User has opted out');
    } finally {
      await new Promise<void>((resolve) => endpoint.close(() => resolve()));
    }
  });
});
