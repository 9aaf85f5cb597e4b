import * as z from 'zod/mini';
import { spaceDateTime } from '#commons/http/response-schemas';

/** What is shown of a webhook secret after it was made: its id and date (docs/design.md D60). */
export const webhookSecretResponse = z.object({ id: z.string().check(z.uuid()), created_at: spaceDateTime });

export const webhookSecretsResponse = z.array(webhookSecretResponse);

/** The one answer that holds the secret: `POST /@me/webhook-secrets`. */
export const createdWebhookSecretResponse = z.object({
  id: z.string().check(z.uuid()),
  created_at: spaceDateTime,
  secret: z.string().check(z.regex(/^whsec_[A-Za-z0-9+/]{43}=$/)),
});
