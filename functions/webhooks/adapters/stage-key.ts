import { getSecret } from '@aws-lambda-powertools/parameters/secrets';
import { WEBHOOK_ENV } from '#functions/contracts/environment';

/** How long the key is reused before Secrets Manager is asked again. */
const KEY_CACHE_SECONDS = 300;

/**
 * The stage key the callers' webhook secrets are derived from (docs/decisions/report-export.md D60): read from
 * Secrets Manager (the sandbox plays it), by the id in WEBHOOK_KEY_SECRET_ID, and cached five
 * minutes per execution environment. Its value never passes through an environment variable.
 */
export const webhookStageKey = async (env: NodeJS.ProcessEnv = process.env): Promise<string> => {
  const id = env[WEBHOOK_ENV.keySecretId];
  if (!id) throw new Error(`${WEBHOOK_ENV.keySecretId} is not set`);
  const value = await getSecret<string>(id, { maxAge: KEY_CACHE_SECONDS });
  if (typeof value !== 'string' || value === '') throw new Error('The webhook stage key is empty');
  return value;
};
