/**
 * The seed cache's build says what it does, how far it is and how long it has taken (docs/decisions/sandbox-and-tools.md
 * D80): a first start is not silent for a minute.
 */
import { COUNT_EVERY_MS, PROGRESS_PREFIX, seedProgress } from '#local/seed/seed-progress';

describe('seedProgress', () => {
  it('prints each step with its number and the time since the build began', () => {
    let now = 1_000;
    const lines: string[] = [];
    const progress = seedProgress(
      4,
      (line) => lines.push(line),
      () => now,
    );
    progress.step('starting the servers');
    now += 12_340;
    progress.step('publishing the seed catalogue');
    expect(lines).toEqual([
      `${PROGRESS_PREFIX}1/4: starting the servers (0.0 s)`,
      `${PROGRESS_PREFIX}2/4: publishing the seed catalogue (12.3 s)`,
    ]);
  });

  it('says how far a counted step is at most every few seconds, and when it is done', () => {
    let now = 0;
    const lines: string[] = [];
    const progress = seedProgress(
      4,
      (line) => lines.push(line),
      () => now,
    );
    progress.step('sending 3,000 orders');
    for (const done of [0, 500, 1_000, 1_500, 2_000, 2_500]) {
      now += 2_000;
      progress.count(done, 3_000, 'applied');
    }
    progress.count(3_000, 3_000, 'applied');
    expect(lines.slice(1)).toEqual([
      `${PROGRESS_PREFIX}1/4: sending 3,000 orders: 1,000 of 3,000 applied (6.0 s)`,
      `${PROGRESS_PREFIX}1/4: sending 3,000 orders: 2,500 of 3,000 applied (12.0 s)`,
      `${PROGRESS_PREFIX}1/4: sending 3,000 orders: 3,000 of 3,000 applied (12.0 s)`,
    ]);
    expect(COUNT_EVERY_MS).toBe(5_000);
  });
});
