import { notFound } from '#commons/http/errors';
import { httpRoute } from '#commons/http/http-route';
import { dynamoDbWebhookSecretStore } from '../store/dynamodb-webhook-secret-store';
import { secretPath } from '../webhooks-http-schemas';

/**
 * DELETE /@me/webhook-secrets/{secret_id} (docs/decisions/report-export.md D60): ends a rotation's overlap; from
 * now on callbacks carry no signature made with it. Another caller's secret, or one that is gone,
 * is a 404.
 */
export const handler = httpRoute(
  { auth: true, routePath: '/@me/webhook-secrets/{secret_id}', path: secretPath, cache: 'no-store' },
  async ({ caller, path }) => {
    if (!(await dynamoDbWebhookSecretStore.remove(caller.userId, path.secret_id))) throw notFound();
    return { status: 204 };
  },
);
