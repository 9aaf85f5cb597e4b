import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Webhook } from 'standardwebhooks';
import {
  InvalidWebhookSecret,
  sandboxWebhookSecret,
  webhookSecretFile,
} from '../../../../local/reports/webhook-secret';

describe("the sandbox's webhook secret", () => {
  const stateDir = mkdtempSync(path.join(tmpdir(), 'sandbox-secret-'));
  afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

  it('is made once per state directory (whsec_ and 32 random bytes), then kept', () => {
    const made = sandboxWebhookSecret(stateDir, {});
    expect(made.origin).toBe('generated');
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(made.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(() => new Webhook(made.secret)).not.toThrow();
    expect(readFileSync(webhookSecretFile(stateDir), 'utf8').trim()).toBe(made.secret);
    expect(statSync(webhookSecretFile(stateDir)).mode & 0o777).toBe(0o600);
    expect(sandboxWebhookSecret(stateDir, {})).toEqual({ secret: made.secret, origin: 'kept' });
  });

  it('is WEBHOOK_SECRET when set, which must be a Standard Webhooks secret', () => {
    const secret = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
    expect(sandboxWebhookSecret(stateDir, { WEBHOOK_SECRET: secret })).toEqual({ secret, origin: 'env' });
    expect(() => sandboxWebhookSecret(stateDir, { WEBHOOK_SECRET: 'whsec_not base64!' })).toThrow(
      InvalidWebhookSecret,
    );
  });
});
