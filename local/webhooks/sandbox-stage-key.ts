import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

/**
 * The sandbox's webhook stage key (docs/decisions/report-export.md D60): what the stack keeps in Secrets Manager,
 * kept here in the state directory, readable by its owner alone (0600), made at the first start.
 * `--reset` keeps it, like the issuer's key: it is configuration, not data. Nothing prints it,
 * and `sandbox.json` does not hold it.
 */
export const webhookKeyFile = (stateDir: string) => path.join(stateDir, 'webhook-key');

/** 48 random bytes, base64url: 64 characters, like the stack's generated 64 letters and digits. */
const newKey = () => randomBytes(48).toString('base64url');

export function sandboxWebhookKey(stateDir: string): string {
  const file = webhookKeyFile(stateDir);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(stateDir, { recursive: true });
  try {
    writeFileSync(file, `${newKey()}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Another process (`npm run invoke`) made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}
