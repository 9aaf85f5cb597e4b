import * as v from 'valibot';
import { spaceDateTime, uuidResponse } from '#commons/http/error-response-schemas';
import { MAX_WEBHOOK_SECRETS } from './domain/webhook-secret';

/** What is shown of a webhook secret after it was made: its id and date (docs/decisions/report-export.md D60). */
export const webhookSecretResponse = v.object({ id: uuidResponse, created_at: spaceDateTime });

export const webhookSecretsResponse = v.pipe(
  v.array(webhookSecretResponse),
  v.maxLength(MAX_WEBHOOK_SECRETS),
);

/** The one answer that holds the secret: `POST /@me/webhook-secrets`. */
export const createdWebhookSecretResponse = v.object({
  id: uuidResponse,
  created_at: spaceDateTime,
  secret: v.pipe(v.string(), v.length(50), v.regex(/^whsec_[A-Za-z0-9+/]{43}=$/)),
});
