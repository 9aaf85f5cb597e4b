/**
 * The SDK floor (bench/floors/sdk-floor.ts) with the functions' way of reading the webhook stage
 * key (functions/webhooks/adapters/stage-key.ts: Powertools Parameters over the Secrets Manager
 * client): the floor of `POST /@me/webhook-secrets`, which reads the key, then writes.
 */
import { webhookStageKey } from '#functions/contracts/floor-parts/webhook-key-floor-parts';
import { floorHandler } from './sdk-floor';

export const handler = floorHandler((request) =>
  'readWebhookKey' in request ? webhookStageKey().then(() => null) : undefined,
);
