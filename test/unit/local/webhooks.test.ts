import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import {
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { SANDBOX_CREDENTIALS, SANDBOX_REGION } from '#local/sandbox-identity';
import { sandboxWebhookKey, webhookKeyFile } from '#local/webhooks/sandbox-stage-key';
import { openSandboxWebhooks, SANDBOX_WEBHOOK_KEY_NAME } from '#local/webhooks/sandbox-webhooks';
import { sandboxSecretArn } from '#local/webhooks/secrets-endpoint';

/** The sandbox's webhook stage key and the Secrets Manager endpoint it is read from (docs/decisions/report-export.md D60). */
describe('the sandbox webhook stage key', () => {
  let stateDir: string;
  beforeEach(() => {
    stateDir = mkdtempSync(path.join(tmpdir(), 'commerce-api-webhook-key-'));
  });
  afterEach(() => rmSync(stateDir, { recursive: true, force: true }));

  it('is made once, readable by its owner alone, and kept', () => {
    const key = sandboxWebhookKey(stateDir);
    expect(key).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(statSync(webhookKeyFile(stateDir)).mode & 0o777).toBe(0o600);
    expect(sandboxWebhookKey(stateDir)).toBe(key);
  });

  it('is served by name and by ARN as Secrets Manager serves it, and nothing else is', async () => {
    const webhooks = await openSandboxWebhooks({ stateDir });
    const client = new SecretsManagerClient({
      endpoint: webhooks.secretsEndpoint,
      region: SANDBOX_REGION,
      credentials: SANDBOX_CREDENTIALS,
    });
    try {
      const key = readFileSync(webhookKeyFile(stateDir), 'utf8').trim();
      for (const id of [SANDBOX_WEBHOOK_KEY_NAME, sandboxSecretArn(SANDBOX_WEBHOOK_KEY_NAME)]) {
        const answer = await client.send(new GetSecretValueCommand({ SecretId: id }));
        expect(answer).toMatchObject({ Name: SANDBOX_WEBHOOK_KEY_NAME, SecretString: key });
      }
      await expect(client.send(new GetSecretValueCommand({ SecretId: 'another' }))).rejects.toBeInstanceOf(
        ResourceNotFoundException,
      );
    } finally {
      client.destroy();
      await webhooks.close();
    }
  });
});
