/**
 * The cold-start benchmark's budgets and its verdict (docs/decisions/functions-and-bundles.md
 * D100): each function's median ratio to its floor with a 95 % bootstrap interval over the
 * rounds (bench/median-interval.ts), over its budget only when the whole interval is; the
 * median over every HTTP function judged the same way against its own budget. Then the rows
 * that print it: per function, its median ratio, its interval and its verdict.
 */
import type { BenchRow } from './bench-row';
import type { PairResult } from './cold-start-pairs';
import { BOOTSTRAP, type MedianEstimate, medianIntervals, overBudget } from './median-interval';
import { ms, spread } from './support';

/** docs/performance.md "Budgets": each HTTP function at most this many times its SDK floor. */
export const COLD_START_RATIO_BUDGET = 1.1;
/** docs/performance.md "Budgets": the median over every HTTP function of its ratio. */
export const COLD_START_MEDIAN_BUDGET = 1.05;
/**
 * The report generator against the same handler minus rendering. Rendering needs what its floor
 * does not load: pdf-lib (about 20 ms to import here), the two standard fonts' metrics (about
 * 12 ms) and a first render and save (about 10 ms), on a floor of about 105 ms, so about 1.4×;
 * no generator that renders avoids loading a renderer. The generator is a workflow task, off
 * every request path (its client polls every 2 s, docs/decisions/report-export.md D5): rendering may cost its
 * cold start that much, not more. 1.6× leaves room for this machine's noise and still stops a
 * heavier renderer or work moved to import.
 */
export const GENERATOR_RATIO_BUDGET = 1.6;

/** A function measured against its floor, with its median ratio's interval and its verdict. */
export interface JudgedPair extends PairResult {
  readonly estimate: MedianEstimate;
  readonly over: boolean;
}

export interface ColdStartVerdict {
  /** The HTTP functions, highest median ratio first. */
  readonly http: readonly JudgedPair[];
  /** The median over the HTTP functions of their median ratios, and its interval. */
  readonly all: MedianEstimate;
  readonly allOver: boolean;
  readonly generator: JudgedPair;
}

export function judgeColdStarts(http: readonly PairResult[], generator: PairResult): ColdStartVerdict {
  const { each, ofMedians } = medianIntervals(http.map((f) => f.ratios));
  const judged = http
    .map((f, i) => ({ ...f, estimate: each[i]!, over: overBudget(each[i]!, COLD_START_RATIO_BUDGET) }))
    .sort((a, b) => b.estimate.median - a.estimate.median);
  const gen = medianIntervals([generator.ratios]).each[0]!;
  return {
    http: judged,
    all: ofMedians,
    allOver: overBudget(ofMedians, COLD_START_MEDIAN_BUDGET),
    generator: { ...generator, estimate: gen, over: overBudget(gen, GENERATOR_RATIO_BUDGET) },
  };
}

const x = (ratio: number) => `${ratio.toFixed(2)}×`;
/** `1.07× (1.05–1.09)`: the median ratio and its 95 % interval. */
export const withInterval = (e: MedianEstimate) =>
  `${x(e.median)} (${e.interval.low.toFixed(2)}–${e.interval.high.toFixed(2)})`;
const runsOf = (values: readonly number[]) => `runs ${spread(values, (n) => n.toFixed(0))} ms`;
const verdictOf = (over: boolean) => (over ? 'over' : 'ok');
/** `withInterval`'s width for ratios under 10×: the columns of the per-function lines. */
const RATIO_COLUMN = 'x.xx× (x.xx–x.xx)'.length;
const timesOf = (f: PairResult) =>
  `${ms(f.medianMs)} vs ${ms(f.floorMs)} (import ${ms(f.medianMs - f.invokeMs)} vs ` +
  `${ms(f.floorMs - f.floorInvokeMs)}, first call ${ms(f.invokeMs)} vs ${ms(f.floorInvokeMs)})`;

/** How the figures were taken, for the detail lines. */
export interface ColdStartRun {
  /** Rounds measured, of the rounds planned (fewer when the deadline came first). */
  readonly rounds: number;
  readonly plannedRounds: number;
  /** No round starts after this many minutes. */
  readonly deadlineMinutes: number;
  /** From the build to the last round, and of it the measured rounds. */
  readonly wallSeconds: number;
  readonly roundsSeconds: number;
  /** The HTTP functions of the stack, of which `verdict.http` were measured. */
  readonly httpFunctions: number;
  /** `name status` of every answer that was not 2xx/3xx. */
  readonly notAnswered: readonly string[];
  /** Bundle sizes of the generator and its floor. */
  readonly generatorBytes: number;
  readonly generatorFloorBytes: number;
}

const roundsOf = (run: ColdStartRun) =>
  run.rounds === run.plannedRounds
    ? `${run.rounds}`
    : `${run.rounds} (of ${run.plannedRounds}: no round starts after ${run.deadlineMinutes} minutes)`;

const HTTP_LABEL = 'cold start: import + first invocation vs SDK floor, every HTTP function';
const GENERATOR_LABEL = 'cold start: report generator vs the same handler minus rendering';

/** The HTTP functions' row and the generator's. */
export function verdictRows(
  verdict: ColdStartVerdict,
  run: ColdStartRun,
): (BenchRow & Record<string, unknown>)[] {
  const { http, all, generator: gen } = verdict;
  const over = http.filter((f) => f.over);
  const highest = http[0]!;
  const httpOk = over.length === 0 && !verdict.allOver;
  const measured =
    http.length === run.httpFunctions ? `${http.length}` : `${http.length} of ${run.httpFunctions}`;
  const width = Math.max(...http.map((f) => f.name.length));
  const perFunction = http.map(
    (f) =>
      `  ${f.name.padEnd(width)}  ${withInterval(f.estimate).padEnd(RATIO_COLUMN)}  ${verdictOf(f.over).padEnd(7)}  ${timesOf(f)}; ` +
      `floor ${f.floor}: ${f.requests}`,
  );
  return [
    {
      row:
        `${HTTP_LABEL}: median ratio (95 % interval) | all ${measured}: ${withInterval(all)}; highest ` +
        `${highest.name} ${withInterval(highest.estimate)}; over: ${over.length > 0 ? over.map((f) => f.name).join(', ') : 'none'} | ` +
        `each ≤ ${COLD_START_RATIO_BUDGET}×, all ≤ ${COLD_START_MEDIAN_BUDGET}×, over only when the interval is | ` +
        verdictOf(!httpOk),
      detail: [
        `${HTTP_LABEL}: spawn to answer, ${roundsOf(run)} interleaved rounds after a warm-up round ` +
          `(${(run.wallSeconds / 60).toFixed(1)} min in all, ${(run.roundsSeconds / run.rounds).toFixed(1)} s a round); each function's ratio is the median of its rounds' ratios, ` +
          `with a 95 % percentile bootstrap interval (${BOOTSTRAP.resamples} resamples of the rounds, seed ` +
          `${BOOTSTRAP.seed}); a function is over ${COLD_START_RATIO_BUDGET}× only when its interval is, and ` +
          `the median of the ${measured} functions' ratios over ${COLD_START_MEDIAN_BUDGET}× only when its ` +
          `interval is: ${withInterval(all)} ${verdictOf(verdict.allOver)}; answers not 2xx/3xx: ` +
          `${run.notAnswered.length > 0 ? run.notAnswered.join('; ') : 'none'}`,
        `  ${'function'.padEnd(width)}  ${'ratio (95 %)'.padEnd(RATIO_COLUMN)}  verdict  function vs floor`,
        ...perFunction,
      ].join('\n'),
      ok: httpOk,
      rounds: run.rounds,
      wallSeconds: run.wallSeconds,
      roundsSeconds: run.roundsSeconds,
      all,
      functions: http,
    },
    {
      row:
        `${GENERATOR_LABEL}: median ratio (95 % interval) | ${withInterval(gen.estimate)}, ${ms(gen.medianMs)} vs ` +
        `${ms(gen.floorMs)} | ≤ ${GENERATOR_RATIO_BUDGET}×, over only when the interval is | ${verdictOf(gen.over)}`,
      detail:
        `${GENERATOR_LABEL}: ${runsOf(gen.runsMs)}, floor ${runsOf(gen.floorRunsMs)}; ${timesOf(gen)} ` +
        `(the floor writes a fixed minimal PDF; bundles ${(run.generatorBytes / 1024).toFixed(0)} KB vs ` +
        `${(run.generatorFloorBytes / 1024).toFixed(0)} KB)`,
      ok: !gen.over,
      generator: gen,
    },
  ];
}
