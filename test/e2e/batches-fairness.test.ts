/**
 * One customer's backlog of batch items cannot starve another's batch (issue 14 §2,
 * docs/decisions/order-batches.md D57): a customer posts 6,000 items in twelve batches of 500 (each of their orders
 * once a batch, D66), and another
 * customer's one-item batch completes within seconds, while most of the first customer's items
 * are still to come, because the first's items reach the queue at their own pace. The first's
 * batches all complete too. A sandbox of its own: the backlog would slow every other test.
 */
import { BATCH_LIMITS } from '#functions/contracts/caller-limits';
import {
  type BatchBody,
  type BatchSandbox,
  getBatch,
  newSentOn,
  pollUntilCompleted,
  postBatch,
  startBatchSandbox,
} from './support/batches';
import { ordersOf, UNKNOWN_ORDER_ID } from './support/seed-identities';

const BUSY = 9;
const QUIET = 8;
const BACKLOG_BATCHES = 12;
/**
 * A batch names each order once (docs/decisions/order-batches.md D66): customer 9's 105 orders and
 * unknown ids for the rest of its 500 items, which count as every item does.
 */
const BATCH_ITEMS = 500;
const BACKLOG = BACKLOG_BATCHES * BATCH_ITEMS;
/** Items in flight beyond what the pace has released: the chunks a receive takes at once, and more. */
const IN_FLIGHT = BATCH_ITEMS;

describe("one customer's batch backlog", () => {
  let sandbox: BatchSandbox;
  beforeAll(async () => {
    sandbox = await startBatchSandbox();
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it("does not hold another customer's one-item batch back, and completes too", async () => {
    const busy = sandbox.token(BUSY);
    const quiet = sandbox.token(QUIET);
    const own = ordersOf(BUSY).map((o) => o.id);
    const ids = [...own, ...Array.from({ length: BATCH_ITEMS - own.length }, (_, k) => UNKNOWN_ORDER_ID + k)];
    const backlog: number[] = [];
    const started = performance.now();
    for (let b = 0; b < BACKLOG_BATCHES; b++) {
      const items = ids.map((id, n) => ({ id, sent_on: newSentOn(n + b) }));
      const response = await postBatch(sandbox, busy, { items });
      expect(response.status).toBe(201);
      backlog.push((response.body as BatchBody).id);
    }

    const posted = await postBatch(sandbox, quiet, {
      items: [{ id: ordersOf(QUIET)[0]!.id, sent_on: newSentOn(0) }],
    });
    expect(posted.status).toBe(201);
    await pollUntilCompleted(sandbox, quiet, (posted.body as BatchBody).id, 10_000);

    // Served in arrival order, the one item would have waited for all 6,000 but the last few
    // hundred in flight with it. Paced, at most the unpaced 1,000 and 250 a second since the first
    // POST came first: the bound follows the time the posts took, so a slow machine, which takes
    // longer to post the backlog, does not make the pace look broken.
    const counts = await Promise.all(
      backlog.map(async (id) => ((await getBatch(sandbox, busy, id)).body as BatchBody).count ?? 0),
    );
    const done = counts.reduce((a, b) => a + b, 0);
    const seconds = (performance.now() - started) / 1000;
    const paced = BATCH_LIMITS.unpacedItems + BATCH_LIMITS.itemsPerSecond * seconds + IN_FLIGHT;
    expect(done).toBeLessThanOrEqual(Math.min(BACKLOG, paced));

    for (const id of backlog) {
      const budgetMs = (BACKLOG / BATCH_LIMITS.itemsPerSecond) * 1000 * 2;
      const { batch } = await pollUntilCompleted(sandbox, busy, id, budgetMs);
      expect(batch.count).toBe(BATCH_ITEMS);
    }
  });
});
