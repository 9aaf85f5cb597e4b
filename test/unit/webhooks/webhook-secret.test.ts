import { Webhook } from 'standardwebhooks';
import { deriveWebhookSecret, webhookSecretView } from '#functions/webhooks/domain/webhook-secret';

const KEY = 'k'.repeat(64);
const ID = '5b0c2f9e-4d1a-4c59-9f3e-0a6f1e2d3c4b';

describe('a caller’s webhook secret, derived (docs/decisions/report-export.md D60)', () => {
  it('is a Standard Webhooks secret, the same each time it is derived', () => {
    const secret = deriveWebhookSecret(KEY, 2, ID);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(deriveWebhookSecret(KEY, 2, ID)).toBe(secret);
    const webhook = new Webhook(secret);
    const at = new Date();
    expect(
      webhook.verify('{}', {
        'webhook-id': 'm',
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': webhook.sign('m', at, '{}'),
      }),
    ).toEqual({});
  });

  it('differs for another secret id, another owner and another stage key', () => {
    const secret = deriveWebhookSecret(KEY, 2, ID);
    expect(deriveWebhookSecret(KEY, 2, '00000000-0000-4000-8000-000000000001')).not.toBe(secret);
    // The same record copied under another caller signs nothing that caller's partner accepts.
    expect(deriveWebhookSecret(KEY, 3, ID)).not.toBe(secret);
    expect(deriveWebhookSecret('j'.repeat(64), 2, ID)).not.toBe(secret);
  });

  it('refuses a stage key too short to protect anything', () => {
    expect(() => deriveWebhookSecret('short', 2, ID)).toThrow(/too short/);
  });

  it('is never part of what is shown of it later', () => {
    expect(webhookSecretView({ id: ID, createdAt: '2026-11-25 10:00:00' })).toEqual({
      id: ID,
      created_at: '2026-11-25 10:00:00',
    });
  });
});
