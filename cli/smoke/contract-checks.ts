import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { OPENAPI_FILE } from '#lib/project-paths';
import type { CheckContext } from './check-context';
import { CheckFailed } from './checks';

/** The first place two JSON values differ, as a JSON pointer (`/paths/~1products/get`). */
export function firstDifference(a: unknown, b: unknown, at = ''): string | undefined {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (
    typeof a !== 'object' ||
    typeof b !== 'object' ||
    a === null ||
    b === null ||
    Array.isArray(a) !== Array.isArray(b)
  ) {
    return at || '/';
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const inner = firstDifference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      `${at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`,
    );
    if (inner) return inner;
  }
  return at || '/';
}

/**
 * What any client meets first: a token route refuses a request without a token (401 with
 * `WWW-Authenticate: Bearer`), and, where the stage serves its OpenAPI document itself (the
 * sandbox), that document is the committed one.
 */
export async function contractChecks({ api, checks, stage }: CheckContext): Promise<void> {
  await checks.run('auth: GET /@me without a token', async () => {
    const answer = await api.call({ method: 'GET', operation: '/@me', expect: [401] });
    if (answer.headers.get('www-authenticate') !== 'Bearer') {
      throw new CheckFailed('the 401 has no WWW-Authenticate: Bearer');
    }
    return '401, WWW-Authenticate: Bearer';
  });
  const documentUrl = stage.documentUrl;
  if (!documentUrl) {
    checks.skip(
      'openapi: the stage serves its document',
      'a deployed stage serves no /openapi.json; every answer above and below is checked against docs/openapi.json',
    );
    return;
  }
  await checks.run(`openapi: GET ${new URL(documentUrl).pathname}`, async () => {
    const answer = await api.download(documentUrl);
    if (answer.status !== 200) throw new CheckFailed(`answered ${answer.status}, expected 200`);
    const committed: unknown = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
    let served: unknown;
    try {
      served = JSON.parse(answer.bytes.toString('utf8'));
    } catch {
      throw new CheckFailed('the document served is not JSON');
    }
    const difference = firstDifference(served, committed);
    if (difference) {
      throw new CheckFailed(
        `differs from docs/openapi.json at ${difference}: restart the sandbox, or run npm run openapi if the routes changed`,
      );
    }
    return '200, equal to docs/openapi.json';
  });
}
