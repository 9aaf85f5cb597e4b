import {
  type ConcurrencyState,
  checksAccount,
  liftsTerminationProtection,
  loggingRoleProblem,
  type PreflightSettings,
  placementOf,
  protectionNotLifted,
  type RequestType,
  reservationProblem,
  stackNameOf,
} from '../domain/preflight-rules';

/** What the preflight reads of the account and region. */
export interface AccountReader {
  /** Whether API Gateway has its account-level CloudWatch Logs role. */
  hasApiLoggingRole(): Promise<boolean>;
  /** Lambda's concurrency, and what `functionName` reserves now (0 when it does not exist yet). */
  concurrency(functionName: string): Promise<ConcurrencyState>;
}

/** What the preflight may read and change of its own stack. */
export interface StackControl {
  status(stackId: string): Promise<string | undefined>;
  disableTerminationProtection(stackId: string): Promise<void>;
}

export interface PreflightRequest {
  readonly type: RequestType;
  readonly stackId: string;
  readonly settings: PreflightSettings;
}

export type PreflightOutcome =
  | { readonly status: 'SUCCESS'; readonly did: 'checked' | 'skipped' | 'lifted-protection' | 'nothing' }
  | { readonly status: 'FAILED'; readonly reason: string };

/**
 * Runs one CloudFormation request of the stage preflight (docs/decisions/stages-and-deploys.md D75). Create and Update
 * check the account and fail with every problem found, one line each; a Delete lifts the stack's
 * termination protection while a protected stage's failed first create rolls back, else does nothing.
 */
export async function runPreflight(
  request: PreflightRequest,
  account: AccountReader,
  stack: StackControl,
): Promise<PreflightOutcome> {
  const { type, stackId, settings } = request;
  if (type === 'Delete') {
    // An unprotected stage's Delete has nothing to do, so it cannot fail: `cdk destroy` is never held up.
    if (!settings.isProtected) return { status: 'SUCCESS', did: 'nothing' };
    try {
      if (!liftsTerminationProtection(type, await stack.status(stackId), settings)) {
        return { status: 'SUCCESS', did: 'nothing' };
      }
      await stack.disableTerminationProtection(stackId);
    } catch (error) {
      return { status: 'FAILED', reason: protectionNotLifted(stackNameOf(stackId), errorText(error)) };
    }
    return { status: 'SUCCESS', did: 'lifted-protection' };
  }
  // An Update may be the rollback of a failed update, which must not be checked.
  if (!checksAccount(type, type === 'Update' ? await stack.status(stackId) : undefined)) {
    return { status: 'SUCCESS', did: 'skipped' };
  }

  const where = placementOf(stackId);
  const generator = settings.reportGenerator;
  const [hasRole, concurrency] = await Promise.all([
    account.hasApiLoggingRole(),
    generator ? account.concurrency(generator.functionName) : undefined,
  ]);
  const problems = [
    loggingRoleProblem(hasRole, where),
    concurrency && reservationProblem(settings, concurrency, where),
  ].filter((problem): problem is string => problem !== undefined);
  return problems.length === 0
    ? { status: 'SUCCESS', did: 'checked' }
    : { status: 'FAILED', reason: problems.join('\n') };
}

/** An SDK error as one line: its name and message, never its stack. */
export const errorText = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);
