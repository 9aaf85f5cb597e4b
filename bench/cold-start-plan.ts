/**
 * How many rounds the cold-start benchmark measures, until when, and of which functions
 * (docs/decisions/functions-and-bundles.md D100): every HTTP function in `COLD_START_ROUNDS`
 * rounds by default; a short run to try it measures fewer.
 */

/** Measured rounds; each runs every function and its floor once (D100 says why this many). */
export const COLD_START_ROUNDS = 60;
/**
 * No round starts after this long from the benchmark's start, so the row ends within 25 minutes
 * however busy the machine (a round took 21-26 s at load averages of 8-20, where 60 rounds took
 * 22-27 minutes): fewer rounds only widen the intervals, which the verdict reads (D100).
 */
export const COLD_START_DEADLINE_MINUTES = 22;
/** Rounds measured whatever the deadline: a median of fewer says nothing. */
export const MINIMUM_ROUNDS = 3;

export interface ColdStartPlan {
  readonly rounds: number;
  /** Whether this HTTP function is measured in the rounds. */
  measured(name: string): boolean;
}

/**
 * The default plan, or a short run: `BENCH_COLD_ROUNDS` rounds instead of `COLD_START_ROUNDS`,
 * and only the HTTP functions named in `BENCH_COLD_FUNCTIONS` (commas between). The warm-up
 * round runs every function all the same, for the batch and the report the others find.
 */
export function coldStartPlan(names: readonly string[], env: NodeJS.ProcessEnv = process.env): ColdStartPlan {
  const rounds = env.BENCH_COLD_ROUNDS;
  const chosen = env.BENCH_COLD_FUNCTIONS?.split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const roundCount = rounds === undefined ? COLD_START_ROUNDS : Number(rounds);
  if (!Number.isInteger(roundCount) || roundCount < MINIMUM_ROUNDS) {
    throw new Error(
      `BENCH_COLD_ROUNDS is ${rounds}: give a whole number of rounds, ${MINIMUM_ROUNDS} or more, or unset it for ${COLD_START_ROUNDS}`,
    );
  }
  const unknown = chosen?.filter((n) => !names.includes(n)) ?? [];
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_COLD_FUNCTIONS names ${unknown.join(', ')}, no HTTP function; there are: ${names.join(', ')}`,
    );
  }
  return { rounds: roundCount, measured: (name) => !chosen?.length || chosen.includes(name) };
}

/** Whether round `round` (from 0) may start, `nowMs - startedMs` after the benchmark started. */
export const roundMayStart = (round: number, startedMs: number, nowMs: number): boolean =>
  round < MINIMUM_ROUNDS || nowMs - startedMs <= COLD_START_DEADLINE_MINUTES * 60_000;
