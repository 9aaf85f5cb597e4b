/**
 * A caller's batch items in progress and their pace (docs/decisions/order-batches.md D57, D58): the delays of the
 * chunk messages, and the 429 past the items a caller may have waiting.
 */

import type { BatchChunkMessage } from '#functions/batches/domain/batch';
import { chunkDelays } from '#functions/batches/domain/batch-pacing';
import { BatchRequestLimited, createBatch } from '#functions/batches/services/batch-request-service';
import type { ChunkMessage } from '#functions/batches/store/batch-store';
import { BATCH_LIMITS } from '#functions/contracts/caller-limits';
import { memoryCallerLimitStore } from '../support/memory-caller-limit-store';
import { memoryBatchStore } from './memory-batch-store';

const T0 = Date.parse('2026-11-22T10:00:00Z');
const at = (ms: number) => new Date(T0 + ms);
const customer = { userId: 2, admin: false };
const chunks = (n: number) => Array.from({ length: n }, () => 25);

describe('chunk delays', () => {
  it('send a batch of a caller with nothing waiting at once, up to the unpaced items', () => {
    expect(chunkDelays(T0, T0, chunks(BATCH_LIMITS.unpacedItems / 25))).toEqual(
      Array.from({ length: BATCH_LIMITS.unpacedItems / 25 }, () => 0),
    );
  });

  it("pace a batch behind the caller's own backlog: 250 items a second from the end of the unpaced 1,000", () => {
    // A second batch of 1,000 posted 0.5 s after a first: it starts 4 s into the caller's schedule.
    const delays = chunkDelays(T0 + 4_000, T0 + 500, chunks(40));
    expect(delays.slice(0, 6)).toEqual([0, 0, 0, 0, 0, 0]);
    // Chunk j is due at 3.5 s + 0.1 s × j from now, whole seconds rounded down.
    expect(delays[10]).toBe(0);
    expect(delays[15]).toBe(1);
    expect(delays[39]).toBe(3);
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
  });
});

describe("a caller's batch items", () => {
  const setup = () => {
    const { store } = memoryBatchStore({});
    const limits = memoryCallerLimitStore();
    const sent: (BatchChunkMessage & { delaySeconds: number })[] = [];
    const queue = {
      send: async (messages: readonly ChunkMessage[]) => {
        sent.push(...messages.map((m) => ({ ...JSON.parse(m.body), delaySeconds: m.delaySeconds })));
        return [];
      },
    };
    const post = (count: number, ms: number, caller = customer) =>
      createBatch(
        { store, queue, limits: limits.store },
        caller,
        Array.from({ length: count }, (_, i) => ({ id: i + 1, sentOn: '2026-11-20' })),
        at(ms),
      );
    return { post, sent };
  };

  it(`refuse past ${BATCH_LIMITS.itemsInProgress.toLocaleString('en-US')} waiting, with the seconds until enough have started`, async () => {
    const { post, sent } = setup();
    for (let i = 0; i < 20; i++) await post(1_000, 0);
    const refusal = post(1_000, 0);
    await expect(refusal).rejects.toBeInstanceOf(BatchRequestLimited);
    await expect(refusal).rejects.toMatchObject({ retryAfterSeconds: 4 });
    expect(sent).toHaveLength(20 * 40);
    // 1,000 items at 250 a second have started 4 s later: room again.
    await expect(post(1_000, 4_000)).resolves.toMatchObject({ itemCount: 1_000 });
  });

  it("hold a backlog back at the caller's pace while another caller's batch goes at once", async () => {
    const { post, sent } = setup();
    for (let i = 0; i < 20; i++) await post(1_000, 0);
    expect(Math.max(...sent.map((m) => m.delaySeconds))).toBe(75);
    await post(1, 100, { userId: 3, admin: false });
    expect(sent.at(-1)).toMatchObject({ ownerId: 3, delaySeconds: 0 });
  });
});
