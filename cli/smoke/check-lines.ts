/**
 * What `npm run smoke` prints: one line per check (its outcome, its name, its time, and what it
 * found or what is wrong), then one summary line. Columns are fixed, so lines printed as each
 * check ends still line up.
 */

export type Outcome = 'ok' | 'FAIL' | 'skip';

export interface CheckResult {
  readonly outcome: Outcome;
  readonly name: string;
  /** What the check found (ok), what is wrong (FAIL) or why it did not run (skip): one line. */
  readonly detail: string;
  /** How long the check took; none for a check that did not run. */
  readonly ms?: number;
}

const OUTCOME_WIDTH = 6;
const NAME_WIDTH = 56;
const TIME_WIDTH = 8;

export const formatMs = (ms: number): string =>
  ms < 10_000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;

export const checkLine = ({ outcome, name, detail, ms }: CheckResult): string =>
  [
    outcome.padEnd(OUTCOME_WIDTH),
    name.padEnd(NAME_WIDTH),
    ' ',
    (ms === undefined ? '' : formatMs(ms)).padStart(TIME_WIDTH),
    '  ',
    detail,
  ]
    .join('')
    .trimEnd();

/** The last line: passed only when no check failed; skipped checks are counted and said. */
export function summaryLine(stage: string, results: readonly CheckResult[], ms: number): string {
  const count = (outcome: Outcome) => results.filter((r) => r.outcome === outcome).length;
  const failed = results.filter((r) => r.outcome === 'FAIL');
  const skipped = count('skip');
  const parts = [
    ...(failed.length > 0 ? [`${failed.length} failed (${failed.map((r) => r.name).join('; ')})`] : []),
    `${count('ok')} ok`,
    ...(skipped > 0 ? [`${skipped} skipped`] : []),
  ];
  const verdict = failed.length > 0 ? 'FAILED' : 'passed';
  return `${verdict}  smoke of ${stage}: ${parts.join(', ')}, in ${(ms / 1000).toFixed(1)} s`;
}
