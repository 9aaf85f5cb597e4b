import { refusalIn, takeCallerLimit } from '#commons/caller-limit';
import { gcra, gcraWrites, retryAfterSeconds, unitMs } from '#commons/gcra';
import {
  BATCH_ITEMS,
  BATCH_LIMITS,
  REPORT_LIMITS,
  STATUS_POLLS,
  type TokenBucket,
} from '#functions/contracts/caller-limits';
import { memoryCallerLimitStore } from '../support/memory-caller-limit-store';

const T0 = Date.parse('2026-11-22T10:00:09.500Z');

/** Runs requests at the given instants against one bucket; which were allowed. */
const run = (bucket: TokenBucket, instants: readonly number[], cost = 1) => {
  let tat: number | undefined;
  return instants.map((now) => {
    const decision = gcra(tat, now, bucket, cost);
    if (decision.allowed) tat = decision.tat;
    return decision.allowed;
  });
};

describe('GCRA, the token bucket of every per-caller limit (docs/decisions/limits-and-throttles.md D25)', () => {
  it('lets the whole bucket through at once, then one token per refill interval', () => {
    expect(unitMs(STATUS_POLLS)).toBe(1_000);
    const burst = run(
      STATUS_POLLS,
      Array.from({ length: 11 }, () => T0),
    );
    expect(burst.filter(Boolean)).toHaveLength(10);
    expect(burst[10]).toBe(false);
  });

  it('lets 10 through, not 20, when 20 calls fall within a second across what was a 10-s window boundary', () => {
    // D25's fixed window reset at :10.000 and let ten more through at once.
    const instants = [...Array.from({ length: 10 }, () => T0), ...Array.from({ length: 10 }, () => T0 + 600)];
    expect(run(STATUS_POLLS, instants).filter(Boolean)).toHaveLength(10);
  });

  it('never lets more than capacity + elapsed / interval through, whatever the pattern', () => {
    const instants = Array.from({ length: 400 }, (_, i) => T0 + Math.floor(i * 37.5));
    const allowed = run(STATUS_POLLS, instants).filter(Boolean).length;
    const elapsedMs = instants.at(-1)! - T0;
    expect(allowed).toBeLessThanOrEqual(STATUS_POLLS.capacity + Math.floor(elapsedMs / 1_000));
    expect(allowed).toBeGreaterThanOrEqual(STATUS_POLLS.capacity + Math.floor(elapsedMs / 1_000) - 1);
  });

  it('says exactly how long until the refused request would pass, in whole seconds, never 0', () => {
    const full = gcra(T0 + 10_000, T0, STATUS_POLLS);
    expect(full).toEqual({ allowed: false, retryAfterMs: 1_000 });
    expect(gcra(T0 + 10_000, T0 + 1_000, STATUS_POLLS)).toMatchObject({
      allowed: true,
      startsAt: T0 + 10_000,
    });
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(1_000)).toBe(1);
    expect(retryAfterSeconds(1_001)).toBe(2);
    expect(retryAfterSeconds(0)).toBe(1);
  });

  it("takes a batch's cost at once, and says where it starts on the caller's schedule", () => {
    expect(gcra(undefined, T0, BATCH_ITEMS, 1_000)).toEqual({ allowed: true, tat: T0 + 4_000, startsAt: T0 });
    expect(gcra(T0 + 4_000, T0 + 1_000, BATCH_ITEMS, 1_000)).toEqual({
      allowed: true,
      tat: T0 + 8_000,
      startsAt: T0 + 4_000,
    });
    // 20,000 waiting: the next 1,000 must wait until 1,000 have gone, 4 s.
    expect(gcra(T0 + 80_000, T0, BATCH_ITEMS, 1_000)).toEqual({ allowed: false, retryAfterMs: 4_000 });
  });

  it('has two conditional writes that together allow exactly what it allows', () => {
    for (const tat of [undefined, T0 - 5_000, T0, T0 + 3_000, T0 + 9_000, T0 + 9_500, T0 + 12_000]) {
      const writes = gcraWrites(T0, STATUS_POLLS);
      const idle = tat === undefined || tat <= writes.idle.tatAtMost;
      const busy = !idle && tat! <= writes.busy.tatAtMost;
      const decision = gcra(tat, T0, STATUS_POLLS);
      expect(idle || busy).toBe(decision.allowed);
      if (decision.allowed) expect(idle ? writes.idle.tat : tat! + writes.busy.add).toBe(decision.tat);
    }
    expect(() => gcraWrites(T0, STATUS_POLLS, 11)).toThrow(RangeError);
  });
});

describe('the numbers of the per-caller limits (docs/decisions/report-export.md D56; docs/decisions/order-batches.md D57, D58)', () => {
  it('let a poller that follows Retry-After (every 2 s) use half the status refill', () => {
    expect(STATUS_POLLS.refillSeconds / STATUS_POLLS.capacity).toBe(1);
  });

  it("keep a batch backlog within SQS's longest delay", () => {
    const longestWaitSeconds =
      ((BATCH_LIMITS.itemsInProgress - BATCH_LIMITS.unpacedItems) * unitMs(BATCH_ITEMS)) / 1000;
    expect(longestWaitSeconds).toBeLessThanOrEqual(900);
    expect(unitMs(BATCH_ITEMS)).toBe(1000 / BATCH_LIMITS.itemsPerSecond);
  });

  it('give reports a token back every 2 minutes', () => {
    expect(unitMs(REPORT_LIMITS.perHour)).toBe(120_000);
  });
});

describe('refusals', () => {
  const request = { bucket: STATUS_POLLS, cost: 1, nowMs: T0 };
  const hold = { ...request, hold: { id: 'r4', max: 3 } };

  it('name the limit that refused and the longer wait of the two', () => {
    expect(refusalIn({ tat: T0 + 10_000, holding: [] }, request, 2)).toEqual({
      reason: 'rate',
      retryAfterSeconds: 1,
      holding: [],
    });
    expect(refusalIn({ tat: undefined, holding: ['a', 'b', 'c'] }, hold, 2)).toEqual({
      reason: 'in-progress',
      retryAfterSeconds: 2,
      holding: ['a', 'b', 'c'],
    });
    expect(refusalIn({ tat: T0 + 14_000, holding: ['a', 'b', 'c'] }, hold, 2)).toMatchObject({
      reason: 'rate',
      retryAfterSeconds: 5,
    });
  });

  it('are undefined when the state read would allow the request (it changed in between)', () => {
    expect(refusalIn({ tat: T0, holding: ['a'] }, hold, 2)).toBeUndefined();
  });

  it('are taken again by takeCallerLimit when the state changed under the first attempt', async () => {
    const memory = memoryCallerLimitStore();
    let first = true;
    const racing = {
      ...memory.store,
      take: async (...args: Parameters<typeof memory.store.take>) => {
        if (first) {
          first = false;
          return { taken: false as const, tat: undefined, holding: [] };
        }
        return memory.store.take(...args);
      },
    };
    expect(await takeCallerLimit(racing, 'report-status', 2, request)).toEqual({ taken: true, startsAt: T0 });
  });
});
