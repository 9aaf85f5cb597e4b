import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { REPORT_ENV } from '../../functions/commons/environment';

export interface SandboxWebhookSecret {
  /** `whsec_<base64>`: what signs the report callbacks, and what partners verify them with. */
  readonly secret: string;
  /** From the environment (WEBHOOK_SECRET), kept in the state directory, or made by this start. */
  readonly origin: 'env' | 'kept' | 'generated';
}

export const webhookSecretFile = (stateDir: string) => path.join(stateDir, 'webhook-secret');

/** A new Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes. */
export const generateWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export class InvalidWebhookSecret extends Error {}

/** Refuses a secret the signer would refuse on the first callback (not base64, empty). */
const checked = (secret: string, source: string): string => {
  try {
    new Webhook(secret);
  } catch {
    throw new InvalidWebhookSecret(`${source} is not a Standard Webhooks secret (whsec_ and base64)`);
  }
  return secret;
};

/**
 * The callback signing secret of the sandbox (docs/design.md D6): `WEBHOOK_SECRET` when set; else the
 * one kept in the state directory, made on first use, so partners' checks keep working across
 * restarts. `--reset` keeps it: it is configuration, not data (like the issuer's key).
 */
export function sandboxWebhookSecret(
  stateDir: string,
  env: NodeJS.ProcessEnv = process.env,
): SandboxWebhookSecret {
  const fromEnv = env[REPORT_ENV.webhookSecret]?.trim();
  if (fromEnv) return { secret: checked(fromEnv, REPORT_ENV.webhookSecret), origin: 'env' };
  const file = webhookSecretFile(stateDir);
  try {
    return { secret: checked(readFileSync(file, 'utf8').trim(), file), origin: 'kept' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(stateDir, { recursive: true });
  try {
    writeFileSync(file, `${generateWebhookSecret()}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Another process (`npm run invoke`) made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { secret: checked(readFileSync(file, 'utf8').trim(), file), origin: 'kept' };
  }
  return { secret: readFileSync(file, 'utf8').trim(), origin: 'generated' };
}
