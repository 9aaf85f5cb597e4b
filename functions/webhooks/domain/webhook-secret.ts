import { hkdfSync } from 'node:crypto';

/**
 * Each caller's own callback signing secrets (docs/decisions/report-export.md D60). A secret is never stored: it
 * is derived, when it is made and whenever a callback is signed, from the stage's key and what
 * the table keeps of it (its random id and its owner), so the table holds nothing that signs.
 */

/** The most secrets a caller has at once: the one in use and the next, during a rotation. */
export const MAX_WEBHOOK_SECRETS = 2;

/** What the table keeps of a secret, and all that anyone is ever shown again. */
export interface WebhookSecretRecord {
  /** A random UUID: the derivation's salt, and the secret's name in the API. */
  readonly id: string;
  /** `YYYY-MM-DD HH:MM:SS`, UTC. */
  readonly createdAt: string;
}

/** The Standard Webhooks prefix of a secret (`whsec_` and the base64 of its key). */
const PREFIX = 'whsec_';
/** Bytes of a secret's key: HMAC-SHA256's block-sized key would be 64; 32 is the size of its output. */
const SECRET_BYTES = 32;

/**
 * The `whsec_…` secret of `record` for caller `ownerId`: HKDF-SHA256 of the stage key, salted
 * with the secret's id and bound to its owner, so a record copied to another caller signs
 * nothing that caller's partner accepts, and no caller can work out another's secret.
 */
export const deriveWebhookSecret = (stageKey: string, ownerId: number, secretId: string): string => {
  if (stageKey.length < 32) throw new Error('The webhook stage key is too short');
  const key = hkdfSync(
    'sha256',
    stageKey,
    secretId,
    `commerce-api webhook signing secret v1, caller ${ownerId}`,
    SECRET_BYTES,
  );
  return `${PREFIX}${Buffer.from(key).toString('base64')}`;
};

/** What `GET /@me/webhook-secrets` shows of a secret: its id and date, never the secret. */
export const webhookSecretView = (record: WebhookSecretRecord) => ({
  id: record.id,
  created_at: record.createdAt,
});
