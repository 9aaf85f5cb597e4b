/**
 * What the webhook key floor (bench/floors/webhook-key-floor.ts) shares with the webhook functions:
 * the stage key they seal secrets with.
 * Each floor has a door of its own: a door re-exporting several clients would bring every client's
 * set-up (a top-level `new …Client`) into each floor's bundle, which bench/bundles.ts measures.
 */
export { webhookStageKey } from '#functions/webhooks/adapters/stage-key';
