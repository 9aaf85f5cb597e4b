/** A caller's webhook secrets through the API (docs/decisions/report-export.md D60), for the e2e tests of callbacks. */
import { type ApiResponse, api } from './api';
import { bearer } from './tokens';

export interface CreatedSecret {
  readonly id: string;
  readonly created_at: string;
  readonly secret: string;
}

export const postWebhookSecret = (token: string): Promise<ApiResponse> =>
  api('/@me/webhook-secrets', { method: 'POST', headers: bearer(token) });

/** Makes one for the caller and answers it (the one time the secret is shown). */
export const createWebhookSecret = async (token: string): Promise<CreatedSecret> => {
  const created = await postWebhookSecret(token);
  if (created.status !== 201) throw new Error(`POST /@me/webhook-secrets answered ${created.status}`);
  return created.body as CreatedSecret;
};

export const listWebhookSecrets = (token: string): Promise<ApiResponse> =>
  api('/@me/webhook-secrets', { headers: bearer(token) });

export const deleteWebhookSecret = (token: string, id: string): Promise<ApiResponse> =>
  api(`/@me/webhook-secrets/${id}`, { method: 'DELETE', headers: bearer(token) });
