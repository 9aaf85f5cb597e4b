import { httpRoute } from '#commons/http/http-route';
import { webhookSecretView } from '../domain/webhook-secret';
import { dynamoDbWebhookSecretStore } from '../store/dynamodb-webhook-secret-store';

/** GET /@me/webhook-secrets (docs/decisions/report-export.md D60): the caller's secrets, oldest first, as ids and dates only. */
export const handler = httpRoute(
  { auth: true, routePath: '/@me/webhook-secrets', cache: 'no-store' },
  async ({ caller }) => ({
    body: (await dynamoDbWebhookSecretStore.list(caller.userId)).map(webhookSecretView),
  }),
);
