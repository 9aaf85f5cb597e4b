import { apiErrorOf, retryAfterSeconds } from './api-error.ts';
import type { paths } from './commerce-api-types.ts';
import type { CommerceClient } from './commerce-client.ts';
import { pause, WaitTimeoutError } from './waiting.ts';

/** A batch as `POST /orders/batches` and `GET /orders/batches/{batch_id}` answer it. */
export type BatchAnswer =
  paths['/orders/batches/{batch_id}']['get']['responses'][200]['content']['application/json'];

/**
 * Polls a batch until it is `completed` and answers it (its `count` and `errors` final). The API
 * gives no `Retry-After` for a batch in progress: this asks once every `intervalMs` (1 s by
 * default; a batch of 1,000 items usually completes within seconds, docs/api.md "Batches"),
 * and waits as `Retry-After` says on a 429. Throws a WaitTimeoutError after `timeoutMs` (2 minutes
 * by default), an ApiError on an error answer.
 */
export async function waitForBatch(
  client: CommerceClient,
  batchId: number,
  options: { readonly intervalMs?: number; readonly timeoutMs?: number; readonly signal?: AbortSignal } = {},
): Promise<BatchAnswer> {
  const { intervalMs = 1_000, timeoutMs = 120_000, signal } = options;
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { data, error, response } = await client.GET('/orders/batches/{batch_id}', {
      params: { path: { batch_id: String(batchId) } },
      ...(signal ? { signal } : {}),
    });
    let wait = intervalMs;
    if (response.status === 429) wait = (retryAfterSeconds(response) ?? 1) * 1000;
    else if (error !== undefined || !data) throw apiErrorOf(error, response);
    else if (data.status === 'completed') return data;
    if (Date.now() + wait > until)
      throw new WaitTimeoutError(`Batch ${batchId} was not completed`, timeoutMs);
    await pause(wait, signal);
  }
}
