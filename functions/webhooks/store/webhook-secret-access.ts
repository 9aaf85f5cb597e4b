import type { TableAccess } from '#commons/table-access';
import { WEBHOOK_SECRETS_KEY_PREFIX } from '#functions/contracts/keys/webhook-secret-keys';
import type { WebhookSecretStore } from './webhook-secret-store';

const SECRETS = [`${WEBHOOK_SECRETS_KEY_PREFIX}*`];

/** What each operation of the webhook secret store (dynamodb-webhook-secret-store.ts) does to the table (docs/decisions/functions-and-bundles.md D53; docs/decisions/report-export.md D60). */
export const webhookSecretStoreAccess = {
  list: [{ actions: ['dynamodb:GetItem'], leadingKeys: SECRETS }],
  add: [{ actions: ['dynamodb:UpdateItem'], leadingKeys: SECRETS }],
  // Reads the list for the secret's index, then removes that element under a condition.
  remove: [{ actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'], leadingKeys: SECRETS }],
} as const satisfies Record<keyof WebhookSecretStore, TableAccess>;
