import { HttpError } from '#commons/http/errors';
import { httpRoute } from '#commons/http/http-route';
import { webhookStageKey } from '../adapters/stage-key';
import { MAX_WEBHOOK_SECRETS, webhookSecretView } from '../domain/webhook-secret';
import { createWebhookSecret, TooManyWebhookSecrets } from '../services/webhook-secret-service';
import { dynamoDbWebhookSecretStore } from '../store/dynamodb-webhook-secret-store';
import { createSecretBody } from '../webhooks-http-schemas';

const tooMany = () =>
  new HttpError(
    409,
    'too_many_webhook_secrets',
    `At most ${MAX_WEBHOOK_SECRETS} webhook secrets may be active at once; delete one first.`,
  );

/**
 * POST /@me/webhook-secrets (docs/decisions/report-export.md D60): a new signing secret for the caller's report
 * callbacks, answered this once (201, never cached) and never shown again, nor logged.
 */
export const handler = httpRoute(
  { auth: true, routePath: '/@me/webhook-secrets', body: createSecretBody, cache: 'no-store' },
  async ({ caller }) => {
    try {
      const { record, secret } = await createWebhookSecret(
        { store: dynamoDbWebhookSecretStore, stageKey: () => webhookStageKey() },
        caller.userId,
        new Date(),
      );
      return { status: 201, body: { ...webhookSecretView(record), secret } };
    } catch (error) {
      if (error instanceof TooManyWebhookSecrets) throw tooMany();
      throw error;
    }
  },
);
