/**
 * Which checks a smoke run makes and which it skips, from what the stage is and what the command
 * line allows (docs/decisions/stages-and-deploys.md D74). Pure, so the rules are unit-tested without a stage.
 */

/** Where the stage's tokens come from. */
export type TokenSource = 'sandbox' | 'cognito' | 'external';

export interface PlanInput {
  readonly tokens: TokenSource;
  /** The stage is protected (its stack's output StageProtected; the sandbox never is). */
  readonly isProtected: boolean;
  /** `--write`: write checks on a protected stage too. */
  readonly write: boolean;
  /** `--token TOKEN` was given. */
  readonly token: boolean;
}

/** Who calls the token routes. */
export type CallerPlan =
  /** The token given on the command line. */
  | { readonly kind: 'given-token' }
  /** A smoke user the run registers through the sandbox's bus, with a token of the sandbox's issuer. */
  | { readonly kind: 'sandbox-user' }
  /** A temporary user of the stage's Cognito pool, made and deleted by the run. */
  | { readonly kind: 'temporary-user' }
  /** Nobody: the token routes are skipped, for this reason. */
  | { readonly kind: 'none'; readonly reason: string };

export interface SmokePlan {
  readonly caller: CallerPlan;
  /** Whether the writes of a check (a batch, a report, a webhook secret) may be made. */
  readonly writes: boolean;
}

const WRITE_HINT = 'protected stage: run with --write to check';

export function smokePlan({ tokens, isProtected, write, token }: PlanInput): SmokePlan {
  const writes = !isProtected || write;
  if (token) return { caller: { kind: 'given-token' }, writes };
  if (tokens === 'sandbox') return { caller: { kind: 'sandbox-user' }, writes };
  if (tokens === 'external') {
    return {
      caller: {
        kind: 'none',
        reason:
          "the stage's tokens come from an external issuer: give --token TOKEN to check the token routes",
      },
      writes,
    };
  }
  if (!writes) {
    return {
      caller: {
        kind: 'none',
        reason: `${WRITE_HINT} the token routes with a temporary Cognito user (or give --token TOKEN)`,
      },
      writes,
    };
  }
  return { caller: { kind: 'temporary-user' }, writes };
}

/** Why a check that needs a token does not run, or undefined when it does. */
export const tokenSkip = (plan: SmokePlan): string | undefined =>
  plan.caller.kind === 'none' ? plan.caller.reason : undefined;

/**
 * Why a write check (`what`: "a batch") does not run, or undefined when it does: on a protected
 * stage without --write, always that (as the command line is the first thing to change).
 */
export const writeSkip = (plan: SmokePlan, what: string): string | undefined =>
  plan.writes ? tokenSkip(plan) : `${WRITE_HINT} ${what}`;
