import { getSecret } from '@aws-lambda-powertools/parameters/secrets';
import { REPORT_ENV } from '#commons/environment';

/** How long a fetched secret is reused before Secrets Manager is asked again. */
const SECRET_CACHE_SECONDS = 300;

/** `whsec_<base64>`: the stack's secret holds the base64 part alone. */
const asWebhookSecret = (value: string) => (value.startsWith('whsec_') ? value : `whsec_${value}`);

/**
 * The callback signing secret: `WEBHOOK_SECRET` when set (the sandbox, a local run), else the
 * Secrets Manager secret named by `WEBHOOK_SECRET_ID` (the stack), cached for five minutes.
 */
export const webhookSecret = async (env: NodeJS.ProcessEnv = process.env): Promise<string> => {
  const direct = env[REPORT_ENV.webhookSecret];
  if (direct) return asWebhookSecret(direct);
  const id = env[REPORT_ENV.webhookSecretId];
  if (!id) throw new Error(`Neither ${REPORT_ENV.webhookSecret} nor ${REPORT_ENV.webhookSecretId} is set`);
  const value = await getSecret<string>(id, { maxAge: SECRET_CACHE_SECONDS });
  if (typeof value !== 'string' || value === '') throw new Error('The webhook secret is empty');
  return asWebhookSecret(value);
};
