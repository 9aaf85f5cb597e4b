/**
 * The callers' webhook secrets in the sandbox (docs/decisions/report-export.md D60): the stage key in the state
 * directory (local/webhooks/sandbox-stage-key.ts), served by a local Secrets Manager endpoint under the
 * name the stack gives it, so the functions read it exactly as in a stage.
 */
import { resourceName } from '#lib/resource-names';
import type { RunningSandbox } from '../running-sandbox';
import { SANDBOX_STAGE } from '../sandbox-identity';
import { sandboxWebhookKey } from './sandbox-stage-key';
import { startSecretsEndpoint } from './secrets-endpoint';

/** The key's name, as lib/report-workflow.ts names it at the sandbox's stage. */
export const SANDBOX_WEBHOOK_KEY_NAME = resourceName(SANDBOX_STAGE, 'webhook-key');

export interface SandboxWebhooks {
  /** `http://127.0.0.1:<port>`, the value of `AWS_ENDPOINT_URL_SECRETS_MANAGER`. */
  readonly secretsEndpoint: string;
  close(): Promise<void>;
}

/** Makes the key on first use and serves it. The caller holds the state directory's lock. */
export async function openSandboxWebhooks(options: { readonly stateDir: string }): Promise<SandboxWebhooks> {
  // Read first: a state directory that cannot hold the key stops the start before the server runs.
  sandboxWebhookKey(options.stateDir);
  const endpoint = await startSecretsEndpoint({
    [SANDBOX_WEBHOOK_KEY_NAME]: () => sandboxWebhookKey(options.stateDir),
  });
  return { secretsEndpoint: endpoint.endpoint, close: () => endpoint.close() };
}

/** What `sandbox.json` says of it: where Secrets Manager is (never a secret). */
export const runningWebhooks = (
  webhooks: SandboxWebhooks,
): Pick<RunningSandbox, 'secretsManagerEndpoint'> => ({
  secretsManagerEndpoint: webhooks.secretsEndpoint,
});
