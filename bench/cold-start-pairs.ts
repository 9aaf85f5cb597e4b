import type { FunctionBundle } from './bundles';
import type { Run } from './cold-run';
import { median } from './support';

/** The pairs the cold-start benchmark measures: a function and the baseline it runs next to in every round. */

/** One bundle on one event: a function, a floor, or the empty handler. */
export interface Subject {
  readonly bundle: FunctionBundle;
  readonly eventFile: string;
}

/** A function measured against a baseline run next to it in every round. */
export interface Pair {
  readonly name: string;
  readonly fn: Subject;
  readonly floor: Subject;
  /** What the floor sends, for the report. */
  readonly requests: string;
  readonly fnRuns: Run[];
  readonly floorRuns: Run[];
}

export interface PairResult {
  readonly name: string;
  readonly floor: string;
  readonly requests: string;
  readonly medianMs: number;
  readonly floorMs: number;
  /**
   * The median, over the rounds, of the function's time over its floor's in the same round: the
   * two runs of a round are next to each other, so whatever load the machine had then weighs on
   * both, and their quotient keeps what our code adds while the load cancels out. A quotient of
   * medians would pair a function's quiet run with its floor's busy one.
   */
  readonly ratio: number;
  /** The function's time over its floor's, round by round: what the verdict resamples. */
  readonly ratios: readonly number[];
  /** Of the function's time, the invocation (after the import), median. */
  readonly invokeMs: number;
  readonly floorInvokeMs: number;
  readonly runsMs: readonly number[];
  readonly floorRunsMs: readonly number[];
  /** The function's answer in the last round: status, or the error. */
  readonly answer: string;
}

export const describeAnswer = (run: Run | undefined): string =>
  !run ? 'none' : run.answer.ok ? String(run.answer.status ?? 'ok') : (run.answer.error ?? 'error');
export const failed = (answer: string) => !/^(ok|[23]\d\d)$/.test(answer);
export const invokeMs = (runs: readonly Run[]) =>
  median(runs.map((r) => r.answer.answeredMs - (r.answer.importedMs ?? 0)));

export const resultOf = (pair: Pair): PairResult => {
  const fnMs = pair.fnRuns.map((r) => r.ms);
  const floorMs = pair.floorRuns.map((r) => r.ms);
  const ratios = fnMs.map((fn, round) => fn / floorMs[round]!);
  return {
    name: pair.name,
    floor: pair.floor.bundle.name,
    requests: pair.requests,
    medianMs: median(fnMs),
    floorMs: median(floorMs),
    ratio: median(ratios),
    ratios,
    invokeMs: invokeMs(pair.fnRuns),
    floorInvokeMs: invokeMs(pair.floorRuns),
    runsMs: fnMs,
    floorRunsMs: floorMs,
    answer: describeAnswer(pair.fnRuns.at(-1)),
  };
};
