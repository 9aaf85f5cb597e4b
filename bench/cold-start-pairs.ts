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
  readonly ratio: number;
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
  return {
    name: pair.name,
    floor: pair.floor.bundle.name,
    requests: pair.requests,
    medianMs: median(fnMs),
    floorMs: median(floorMs),
    ratio: median(fnMs) / median(floorMs),
    invokeMs: invokeMs(pair.fnRuns),
    floorInvokeMs: invokeMs(pair.floorRuns),
    runsMs: fnMs,
    floorRunsMs: floorMs,
    answer: describeAnswer(pair.fnRuns.at(-1)),
  };
};
