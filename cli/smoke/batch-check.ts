import { type CheckContext, seconds, sleep, type Writer } from './check-context';
import { CheckFailed } from './checks';

/**
 * The order the batch names: the highest id a path takes (15 digits). It is checked to be
 * absent (404) first, so the batch changes no order whoever the caller is, an administrator's
 * token included; a customer could not change another's order anyway.
 */
export const ABSENT_ORDER = 999_999_999_999_999;

const BATCH_WAIT_MS = 90_000;
const POLL_MS = 500;

interface BatchView {
  readonly id: number;
  readonly status: 'pending' | 'processing' | 'completed';
  readonly count: number | null;
  readonly errors: readonly { id: number; url: string }[] | null;
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * A one-item batch to completion (docs/api.md, Batches): POST, then its Location polled until
 * `completed`, with the one item counted and listed in `errors`, as an order that does not
 * exist must be. The batch record is removed at the end of the run.
 */
export async function batchCheck(
  { api, checks, cleanup }: CheckContext,
  writer: Writer | undefined,
  skip: string | undefined,
): Promise<void> {
  await checks.runWith(
    'batch: POST /orders/batches, to completed',
    writer,
    skip,
    async ({ caller, store }) => {
      const order = await api.call({
        method: 'GET',
        operation: '/orders/{order_id}',
        path: `/orders/${ABSENT_ORDER}`,
        token: caller.token,
        expect: [200, 404],
      });
      if (order.status === 200) {
        throw new CheckFailed(
          `order ${ABSENT_ORDER} exists and this caller may change it: the smoke changes no order`,
        );
      }
      const created = await api.call({
        method: 'POST',
        operation: '/orders/batches',
        body: { items: [{ id: ABSENT_ORDER, sent_on: todayUtc() }] },
        token: caller.token,
        expect: [201],
      });
      const { id } = created.json as BatchView;
      cleanup.add(`batch ${id}`, () => store.removeBatch(id));
      const path = api.ownPath(created);
      const started = Date.now();
      for (;;) {
        const batch = (
          await api.call({
            method: 'GET',
            operation: '/orders/batches/{batch_id}',
            path,
            token: caller.token,
            expect: [200],
          })
        ).json as BatchView;
        if (batch.status === 'completed') {
          const expected = [{ id: ABSENT_ORDER, url: `/orders/${ABSENT_ORDER}` }];
          if (batch.count !== 1 || JSON.stringify(batch.errors) !== JSON.stringify(expected)) {
            throw new CheckFailed(
              `batch ${id} completed with count ${batch.count} and errors ${JSON.stringify(batch.errors)}: expected its one item, in errors`,
            );
          }
          return `201, completed in ${seconds(Date.now() - started)}, its item in errors (no order changed)`;
        }
        if (Date.now() - started > BATCH_WAIT_MS) {
          throw new CheckFailed(
            `batch ${id} is still ${batch.status} after ${seconds(BATCH_WAIT_MS)}: is the batch queue's processor running?`,
          );
        }
        await sleep(POLL_MS);
      }
    },
  );
}
