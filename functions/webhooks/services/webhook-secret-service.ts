import { randomUUID } from 'node:crypto';
import { timestamp } from '../../batches/domain/batch';
import { deriveWebhookSecret, MAX_WEBHOOK_SECRETS, type WebhookSecretRecord } from '../domain/webhook-secret';
import type { WebhookSecretStore } from '../store/webhook-secret-store';

export interface WebhookSecretDeps {
  readonly store: WebhookSecretStore;
  /** The stage key (Secrets Manager). */
  readonly stageKey: () => Promise<string>;
}

/** The caller has the most secrets already: one must be deleted first. */
export class TooManyWebhookSecrets extends Error {
  override readonly name = 'TooManyWebhookSecrets';
}

/**
 * Makes a secret for the caller (docs/decisions/report-export.md D60) and answers it, the only time it is shown.
 * The key is read first, so a failure there records nothing the caller never saw.
 */
export const createWebhookSecret = async (
  deps: WebhookSecretDeps,
  ownerId: number,
  now: Date,
): Promise<{ record: WebhookSecretRecord; secret: string }> => {
  const stageKey = await deps.stageKey();
  const record: WebhookSecretRecord = { id: randomUUID(), createdAt: timestamp(now) };
  if (!(await deps.store.add(ownerId, record, MAX_WEBHOOK_SECRETS))) throw new TooManyWebhookSecrets();
  return { record, secret: deriveWebhookSecret(stageKey, ownerId, record.id) };
};

/** Every secret a callback to `ownerId`'s partner is signed with: one signature each (none when it has none). */
export const signingSecretsOf = async (deps: WebhookSecretDeps, ownerId: number): Promise<string[]> => {
  const records = await deps.store.list(ownerId);
  if (records.length === 0) return [];
  const stageKey = await deps.stageKey();
  return records.map((record) => deriveWebhookSecret(stageKey, ownerId, record.id));
};
