/**
 * Faults of the sandbox itself (issue 6, point 3): the sandbox is stopped (SIGTERM, as Ctrl-C)
 * and started again on its state directory in the middle of a batch, and the batch still
 * completes exactly, nothing lost and nothing counted twice; a report partner that is down
 * across the restart still gets its notification, once, when it comes back.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { CHUNK_SIZE } from '#functions/batches/domain/batch';
import { partner } from '../support/local-partner';
import {
  type BatchBody,
  type BatchSandbox,
  byId,
  expectedErrors,
  getBatch,
  newSentOn,
  pollUntilCompleted,
  postBatch,
  type RequestItem,
  sentOnOf,
  startBatchSandbox,
  waitUntil,
} from './support/batches';
import { postReport } from './support/reports';
import { orders, ordersOf, UNKNOWN_ORDER_ID } from './support/seed-identities';

const CALLER = 9;
const own = ordersOf(CALLER).map((o) => o.id);
const theirs = orders.filter((o) => o.userId !== CALLER).map((o) => o.id);

/** 20 chunks: 4 of the caller's orders in each, one of another customer's, and unknown ids for the rest. */
const MINE_PER_CHUNK = 4;
const items: RequestItem[] = [];
const bad: number[] = [];
for (let c = 0; c < 20; c++) {
  const unknown = Array.from(
    { length: CHUNK_SIZE - MINE_PER_CHUNK - 1 },
    (_, k) => UNKNOWN_ORDER_ID + 500 + c * 100 + k,
  );
  const another = theirs[700 + c]!;
  bad.push(...unknown, another);
  const mine = own.slice(c * MINE_PER_CHUNK, (c + 1) * MINE_PER_CHUNK);
  const chunk = [unknown[0]!, ...mine, ...unknown.slice(1), another];
  items.push(...chunk.map((id, n) => ({ id, sent_on: newSentOn(c + n + 5) })));
}
const mine = items.map((i) => i.id).filter((id) => !bad.includes(id));
// The last chunk fails its first two deliveries: the batch cannot be complete when the stop comes.
const faults = { fail: { [items[19 * CHUNK_SIZE + 1]!.id]: 2 } };

/** A free loopback port, for a partner that is not listening yet. */
const freePort = async () => {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

describe('a sandbox stopped and started again', () => {
  let sandbox: BatchSandbox;
  afterAll(() => sandbox?.stop());

  it('finishes a batch it was in the middle of, exactly', async () => {
    sandbox = await startBatchSandbox({ faults });
    const token = sandbox.token(CALLER);
    const created = await postBatch(sandbox, token, { items });
    expect(created.status).toBe(201);
    const { id } = created.body as BatchBody;
    const before = (await getBatch(sandbox, token, id)).body as BatchBody;
    expect(before.count ?? 0).toBeLessThan(items.length);

    sandbox = await sandbox.restart();
    const { batch } = await pollUntilCompleted(sandbox, token, id, 30_000);
    expect(batch.count).toBe(items.length);
    expect(byId(batch.errors)).toEqual(expectedErrors(bad));
    const sentOn = await sentOnOf(sandbox, token, mine);
    const wanted = new Map(items.map((i) => [i.id, i.sent_on]));
    expect(mine.filter((o) => sentOn.get(o) !== wanted.get(o))).toEqual([]);
  });

  it('delivers a report callback once to a partner that was down across the restart', async () => {
    const port = await freePort();
    const token = sandbox.token(CALLER);
    // The caller's own signing secret (docs/decisions/report-export.md D60).
    const made = await sandbox.api('/@me/webhook-secrets', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(made.status).toBe(201);
    const { secret } = made.body as { secret: string };
    const created = await postReport(sandbox.api, token, {
      start_date: '2025-01-01',
      end_date: '2025-03-31',
      callback_url: `http://127.0.0.1:${port}/hooks/reports`,
    });
    expect(created.status).toBe(202);
    const { id } = created.body as { id: string };
    // The first attempt finds nobody listening.
    await waitUntil(
      async () => ((await sandbox.stats()).executions?.taskInvocations ?? 0) >= 3 || undefined,
      20_000,
      'a first callback attempt',
    );
    sandbox = await sandbox.restart();
    await sleep(1_000);
    const receiver = await partner((_req, res) => res.end(), { port });
    try {
      const [notification] = await waitUntil(
        async () => (receiver.received.length > 0 ? receiver.received : undefined),
        30_000,
        'the notification',
      );
      expect(
        new Webhook(secret).verify(notification!.body, notification!.headers as Record<string, string>),
      ).toEqual({
        status: 'COMPLETED',
        links: [{ rel: 'reports', href: `/orders/reports/${id}` }],
      });
      await sleep(5_000);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});
