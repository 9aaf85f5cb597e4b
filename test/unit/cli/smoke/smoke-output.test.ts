/**
 * What `npm run smoke` prints: one aligned line per check with its time, the reason of a skip,
 * one line of what went wrong for a failure (never a stack), and a summary that says passed only
 * when nothing failed.
 */
import { checkLine, summaryLine } from '#cli/smoke/check-lines';
import { CheckFailed, CheckSkipped, Checks, describeError } from '#cli/smoke/checks';

/** A clock that moves 12 ms between its readings. */
const ticking = () => {
  let now = 0;
  return () => {
    now += 12;
    return now;
  };
};

describe('a check line', () => {
  it('holds the outcome, the name, the time and the detail in fixed columns', () => {
    const ok = checkLine({
      outcome: 'ok',
      name: 'catalogue: GET /countries',
      detail: '200, 6 countries',
      ms: 41.4,
    });
    const failed = checkLine({
      outcome: 'FAIL',
      name: 'batch: POST /orders/batches',
      detail: 'answered 500',
      ms: 12_345,
    });
    const skipped = checkLine({ outcome: 'skip', name: 'caller', detail: 'give --token TOKEN' });
    expect(ok).toBe(`ok    ${'catalogue: GET /countries'.padEnd(56)}    41 ms  200, 6 countries`);
    expect(failed).toBe(`FAIL  ${'batch: POST /orders/batches'.padEnd(56)}   12.3 s  answered 500`);
    expect(skipped).toBe(`skip  ${'caller'.padEnd(56)}           give --token TOKEN`);
    // The detail starts in the same column on every line.
    expect(new Set([ok, failed, skipped].map((line) => line.search(/(200|answered|give)/)))).toEqual(
      new Set([73]),
    );
  });
});

describe('the summary line', () => {
  it('passes with skips said, and fails naming the failed checks', () => {
    expect(
      summaryLine(
        'dev',
        [
          { outcome: 'ok', name: 'a', detail: '', ms: 1 },
          { outcome: 'skip', name: 'b', detail: 'why' },
        ],
        4_250,
      ),
    ).toBe('passed  smoke of dev: 1 ok, 1 skipped, in 4.3 s');
    expect(
      summaryLine(
        'sandbox',
        [
          { outcome: 'ok', name: 'a', detail: '', ms: 1 },
          {
            outcome: 'FAIL',
            name: 'report: POST /orders/reports, to its PDF',
            detail: 'ended FAILED',
            ms: 1,
          },
        ],
        9_000,
      ),
    ).toBe('FAILED  smoke of sandbox: 1 failed (report: POST /orders/reports, to its PDF), 1 ok, in 9.0 s');
  });
});

describe('running checks', () => {
  it('prints each line as its check ends, and goes on after a failure', async () => {
    const printed: string[] = [];
    const checks = new Checks((line) => printed.push(line), ticking());
    expect(await checks.run('first', async () => '200')).toBe(true);
    expect(
      await checks.run('second', async () => {
        throw new CheckFailed('answered 503, expected 200');
      }),
    ).toBe(false);
    expect(
      await checks.run('third', async () => {
        throw new CheckSkipped('nothing published yet');
      }),
    ).toBe(false);
    await checks.run('fourth', async () => ({ name: 'fourth, renamed', detail: 'found' }));
    expect(printed.map((line) => line.replace(/\s+/g, ' '))).toEqual([
      'ok first 12 ms 200',
      'FAIL second 12 ms answered 503, expected 200',
      'skip third nothing published yet',
      'ok fourth, renamed 12 ms found',
    ]);
    expect(checks.failed).toBe(true);
  });

  it('turns an unexpected error into one line with its name and cause, never a stack', async () => {
    const printed: string[] = [];
    const checks = new Checks((line) => printed.push(line), ticking());
    await checks.run('catalogue: GET /countries', async () => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
      });
    });
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/^FAIL .* TypeError: fetch failed \(ECONNREFUSED\)$/);
    expect(printed[0]).not.toMatch(/\bat\s/);
    expect(describeError(new Error(`line one\n    at thing (file.ts:1:1)`))).toBe(
      'line one at thing (file.ts:1:1)',
    );
    expect(describeError('x'.repeat(400))).toHaveLength(300);
  });

  it('skips a check whose input is missing, with the reason', async () => {
    const printed: string[] = [];
    const checks = new Checks((line) => printed.push(line), ticking());
    await checks.runWith('account: GET /@me', undefined, 'give --token TOKEN', async () => 'never');
    await checks.runWith('orders', { token: 't' }, undefined, async ({ token }) => `with ${token}`);
    expect(printed.map((line) => line.replace(/\s+/g, ' '))).toEqual([
      'skip account: GET /@me give --token TOKEN',
      'ok orders 12 ms with t',
    ]);
    expect(checks.failed).toBe(false);
  });
});
