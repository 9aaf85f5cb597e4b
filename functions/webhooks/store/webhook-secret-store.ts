import type { WebhookSecretRecord } from '../domain/webhook-secret';

/** A caller's webhook secrets, as records (ids and dates; the secrets themselves are derived). */
export interface WebhookSecretStore {
  /** The caller's secrets, oldest first (read consistently: a secret just made is in it). */
  list(ownerId: number): Promise<WebhookSecretRecord[]>;
  /** Adds one unless the caller has `max` already: false then, and nothing changes. */
  add(ownerId: number, record: WebhookSecretRecord, max: number): Promise<boolean>;
  /** Removes one; false when the caller has none with that id. */
  remove(ownerId: number, id: string): Promise<boolean>;
}
