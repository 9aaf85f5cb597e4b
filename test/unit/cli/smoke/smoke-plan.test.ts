/**
 * Which checks `npm run smoke` makes and which it skips (docs/decisions/stages-and-deploys.md D74): on a protected stage
 * nothing is written without --write; a Cognito stage gets a temporary user, an external issuer's
 * stage needs --token, the sandbox registers its own user.
 */
import { type PlanInput, smokePlan, tokenSkip, writeSkip } from '#cli/smoke/smoke-plan';

/** What each token and write check does under a plan: "run", or its skip line's reason. */
const outcome = (input: PlanInput) => {
  const plan = smokePlan(input);
  return {
    caller: plan.caller.kind,
    tokenRoutes: tokenSkip(plan) ?? 'run',
    batch: writeSkip(plan, 'a batch') ?? 'run',
    report: writeSkip(plan, 'a report') ?? 'run',
    secret: writeSkip(plan, 'a webhook secret') ?? 'run',
  };
};

const EXTERNAL =
  "the stage's tokens come from an external issuer: give --token TOKEN to check the token routes";
const TEMPORARY_USER =
  'protected stage: run with --write to check the token routes with a temporary Cognito user (or give --token TOKEN)';
const protectedWrite = (what: string) => `protected stage: run with --write to check ${what}`;
const allRun = { tokenRoutes: 'run', batch: 'run', report: 'run', secret: 'run' };
const noWrites = {
  batch: protectedWrite('a batch'),
  report: protectedWrite('a report'),
  secret: protectedWrite('a webhook secret'),
};

describe('the smoke plan', () => {
  it.each<[string, PlanInput, ReturnType<typeof outcome>]>([
    // Unprotected stages: everything runs, with whatever caller the stage allows.
    [
      'unprotected, Cognito, no token: a temporary user, every check',
      { tokens: 'cognito', isProtected: false, write: false, token: false },
      { caller: 'temporary-user', ...allRun },
    ],
    [
      'unprotected, Cognito, a token: the token, every check',
      { tokens: 'cognito', isProtected: false, write: false, token: true },
      { caller: 'given-token', ...allRun },
    ],
    [
      'unprotected, external issuer, no token: the token routes skipped',
      { tokens: 'external', isProtected: false, write: false, token: false },
      { caller: 'none', tokenRoutes: EXTERNAL, batch: EXTERNAL, report: EXTERNAL, secret: EXTERNAL },
    ],
    [
      'unprotected, external issuer, a token: every check',
      { tokens: 'external', isProtected: false, write: false, token: true },
      { caller: 'given-token', ...allRun },
    ],
    // Protected stages without --write: reads only.
    [
      'protected, Cognito, no token: no temporary user, so no token route',
      { tokens: 'cognito', isProtected: true, write: false, token: false },
      { caller: 'none', tokenRoutes: TEMPORARY_USER, ...noWrites },
    ],
    [
      "protected, Cognito, a token: the token's reads, no write",
      { tokens: 'cognito', isProtected: true, write: false, token: true },
      { caller: 'given-token', tokenRoutes: 'run', ...noWrites },
    ],
    [
      'protected, external issuer, no token: the token routes skipped, the writes for protection',
      { tokens: 'external', isProtected: true, write: false, token: false },
      { caller: 'none', tokenRoutes: EXTERNAL, ...noWrites },
    ],
    [
      "protected, external issuer, a token: the token's reads, no write",
      { tokens: 'external', isProtected: true, write: false, token: true },
      { caller: 'given-token', tokenRoutes: 'run', ...noWrites },
    ],
    // Protected stages with --write: as an unprotected one.
    [
      'protected with --write, Cognito, no token: a temporary user, every check',
      { tokens: 'cognito', isProtected: true, write: true, token: false },
      { caller: 'temporary-user', ...allRun },
    ],
    [
      'protected with --write, Cognito, a token: every check',
      { tokens: 'cognito', isProtected: true, write: true, token: true },
      { caller: 'given-token', ...allRun },
    ],
    [
      'protected with --write, external issuer, no token: the token routes skipped',
      { tokens: 'external', isProtected: true, write: true, token: false },
      { caller: 'none', tokenRoutes: EXTERNAL, batch: EXTERNAL, report: EXTERNAL, secret: EXTERNAL },
    ],
    [
      'protected with --write, external issuer, a token: every check',
      { tokens: 'external', isProtected: true, write: true, token: true },
      { caller: 'given-token', ...allRun },
    ],
    // The sandbox is never protected and registers its own user.
    [
      'the sandbox: a user of its own, every check',
      { tokens: 'sandbox', isProtected: false, write: false, token: false },
      { caller: 'sandbox-user', ...allRun },
    ],
  ])('%s', (_case, input, expected) => {
    expect(outcome(input)).toEqual(expected);
  });
});
