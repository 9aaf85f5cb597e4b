/**
 * `npm run token -- --sub <id> [--admin] [--expires-in SECONDS] [--state-dir DIR]`: prints, alone
 * on one line, an access token the sandbox of that state directory accepts (docs/design.md D2).
 */
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { sandboxIssuer } from './issuer/sandbox-issuer';
import { DEFAULT_STATE_DIR } from './state-dir';

const USAGE = `Usage: npm run token -- --sub <user id> [--admin] [--expires-in SECONDS] [--state-dir DIR]

  The seed's user 1 is the administrator; users 2 to 20 are customers.`;

try {
  const { values } = parseArgs({
    options: {
      sub: { type: 'string' },
      admin: { type: 'boolean', default: false },
      'expires-in': { type: 'string', default: '3600' },
      'state-dir': { type: 'string' },
    },
  });
  const sub = Number(values.sub);
  const expiresInSeconds = Number(values['expires-in']);
  if (!Number.isInteger(sub) || sub < 1) throw new Error('--sub must be a positive integer user id.');
  if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1) {
    throw new Error('--expires-in must be a positive number of seconds.');
  }
  const issuer = sandboxIssuer(path.resolve(values['state-dir'] ?? DEFAULT_STATE_DIR));
  console.log(issuer.token({ sub, admin: values.admin, expiresInSeconds }));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${USAGE}`);
  process.exit(1);
}
