/**
 * What every benchmark returns for each figure it measures, one row of docs/performance.md "Budgets"'s table.
 * Its own module, so the benchmarks and bench/run.ts, which imports them all, do not import
 * each other.
 */
export interface BenchRow {
  /** `what | measured | budget | ok|over`, the §5 table's columns. */
  readonly row: string;
  /** One line on how it was measured, runs, secondary figures. */
  readonly detail: string;
  readonly ok: boolean;
}

/** A benchmark `npm run bench -- <name>` can run: anything else a row carries is kept in results.json. */
export interface Benchmark {
  readonly name: string;
  run(): Promise<readonly BenchRow[]>;
}
