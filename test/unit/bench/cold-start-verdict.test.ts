import type { PairResult } from '#bench/cold-start-pairs';
import { judgeColdStarts, verdictRows } from '#bench/cold-start-verdict';

/** 21 rounds whose median is 1.10 and whose exact 95 % bootstrap interval is [1.06, 1.14] (see median-interval.test.ts). */
const AT_THE_LINE = [
  1.1, 1.03, 1.17, 1.0, 1.12, 1.08, 1.19, 1.05, 1.14, 1.01, 1.2, 1.09, 1.04, 1.16, 1.11, 1.02, 1.18, 1.07,
  1.13, 1.06, 1.15,
];
const shifted = (by: number) => AT_THE_LINE.map((r) => r + by);

const pair = (name: string, ratios: readonly number[]): PairResult => ({
  name,
  floor: 'sdk-floor',
  requests: 'GetItem',
  medianMs: 110,
  floorMs: 100,
  ratio: 0,
  ratios,
  invokeMs: 40,
  floorInvokeMs: 35,
  runsMs: ratios.map((r) => r * 100),
  floorRunsMs: ratios.map(() => 100),
  answer: '200',
});

const run = {
  rounds: 21,
  plannedRounds: 21,
  deadlineMinutes: 22,
  wallSeconds: 600,
  roundsSeconds: 540,
  httpFunctions: 3,
  notAnswered: [],
  generatorBytes: 800 * 1024,
  generatorFloorBytes: 400 * 1024,
};

describe('the cold-start verdict', () => {
  it('calls a function over only when its whole interval is above 1.1×, not when its median alone is', () => {
    const verdict = judgeColdStarts(
      [pair('at-the-line', AT_THE_LINE), pair('over', shifted(0.1)), pair('under', shifted(-0.1))],
      pair('generate-report', shifted(0.3)),
    );
    expect(verdict.http.map((f) => [f.name, f.over])).toEqual([
      ['over', true],
      ['at-the-line', false],
      ['under', false],
    ]);
    // The median of the three is at-the-line's in every resample, 1.10× (1.06–1.14).
    expect(verdict.all.median).toBeCloseTo(1.1, 10);
    expect(verdict.all.interval.low).toBeCloseTo(1.06, 10);
    // The generator's own budget: 1.40× (1.36–1.44) is within 1.6×.
    expect(verdict.generator.over).toBe(false);
  });

  it('prints each function with its median ratio, its interval and its verdict, and fails the row for one over', () => {
    const verdict = judgeColdStarts(
      [pair('at-the-line', AT_THE_LINE), pair('over', shifted(0.1)), pair('under', shifted(-0.1))],
      pair('generate-report', shifted(0.6)),
    );
    const [http, generator] = verdictRows(verdict, run);
    expect(http!.ok).toBe(false);
    expect(http!.row).toContain('over: over |');
    const lines = http!.detail.split('\n');
    expect(lines.find((l) => l.startsWith('  over '))).toMatch(
      /^ {2}over +1\.20× \(1\.16–1\.24\) +over +110 ms vs 100 ms/,
    );
    expect(lines.find((l) => l.startsWith('  at-the-line '))).toMatch(/1\.10× \(1\.06–1\.14\) +ok /);
    expect(http!.detail).toContain('21 interleaved rounds');
    // 1.70× (1.66–1.74): wholly above the generator's 1.6×.
    expect(generator!.row).toMatch(/^cold start: report generator .*\| 1\.70× \(1\.66–1\.74\).*\| over$/);
    expect(generator!.ok).toBe(false);
  });

  it('fails on the median over all functions when its whole interval is above 1.05×, none of them over', () => {
    const verdict = judgeColdStarts(
      [pair('a', shifted(-0.03)), pair('b', shifted(-0.02)), pair('c', shifted(-0.01))],
      pair('generate-report', shifted(0.3)),
    );
    expect(verdict.http.some((f) => f.over)).toBe(false);
    // b's interval, 1.04–1.12, is the median's: it reaches below 1.05×.
    expect(verdict.allOver).toBe(false);
    const higher = judgeColdStarts(
      [pair('a', shifted(0)), pair('b', shifted(-0.003)), pair('c', shifted(-0.005))],
      pair('generate-report', shifted(0.3)),
    );
    // b's again, 1.057–1.137: wholly above 1.05×, while no function is wholly above 1.1×.
    expect(higher.http.some((f) => f.over)).toBe(false);
    expect(higher.allOver).toBe(true);
    expect(verdictRows(higher, run)[0]!.ok).toBe(false);
  });
});
