/**
 * The stage preflight's decisions (docs/decisions/stages-and-deploys.md D75), without AWS: what a deploy needs of the
 * account before anything of the stage is created, the messages an operator reads in `cdk
 * deploy`'s output when it is missing, and when the stack's termination protection is lifted.
 */

/** What the preflight is told by its properties (lib/stage-preflight-resource.ts). */
export interface PreflightSettings {
  /** The stage file, named in the messages (`stages/prod.json`). */
  readonly stageFile: string;
  readonly isProtected: boolean;
  /** The report generator's reserved concurrency, when the stage file sets one. */
  readonly reportGenerator?: { readonly functionName: string; readonly reservedConcurrency: number };
}

/** Where the stage is deployed, read from the stack's id. */
export interface Placement {
  readonly account: string;
  readonly region: string;
}

/** Lambda's concurrency in the account and region (GetAccountSettings), and the generator's own reservation. */
export interface ConcurrencyState {
  /** The quota "Concurrent executions". */
  readonly quota: number;
  /** What no function has reserved. */
  readonly unreserved: number;
  /** What the generator reserves now (0 before its first deploy): an update gives it back first. */
  readonly generatorReservation: number;
}

/**
 * Lambda refuses a reservation that would leave fewer than this many executions unreserved
 * ("You can reserve up to the Unreserved account concurrency value, minus 100", Lambda's guide).
 */
export const MIN_UNRESERVED_CONCURRENCY = 100;

/** A stack id is its ARN: `arn:aws:cloudformation:<region>:<account>:stack/<name>/<uuid>`. */
export function placementOf(stackId: string): Placement {
  const [, , , region = '', account = ''] = stackId.split(':');
  return { account, region };
}

/** The stage's API logs (access and execution) need API Gateway's account-level CloudWatch Logs role. */
export function loggingRoleProblem(hasLoggingRole: boolean, where: Placement): string | undefined {
  if (hasLoggingRole) return undefined;
  return (
    `API Gateway has no CloudWatch Logs role in account ${where.account} (${where.region}), which the stage's ` +
    'API logs need: deploy the account setup stack once: npx cdk deploy -c setup=account, then deploy this stage again.'
  );
}

/** The generator's reservation must fit what Lambda lets the account reserve. */
export function reservationProblem(
  settings: PreflightSettings,
  state: ConcurrencyState,
  where: Placement,
): string | undefined {
  const wanted = settings.reportGenerator?.reservedConcurrency;
  if (wanted === undefined) return undefined;
  const available = state.unreserved + state.generatorReservation - MIN_UNRESERVED_CONCURRENCY;
  if (wanted <= available) return undefined;
  const quotaNeeded = state.quota + (wanted - available);
  return (
    `${settings.stageFile} reserves ${wanted} concurrent executions for the report generator, but Lambda in account ` +
    `${where.account} (${where.region}) can reserve ${Math.max(available, 0)}: its quota is ${state.quota} and ` +
    `${MIN_UNRESERVED_CONCURRENCY} must stay unreserved. Raise the quota "Concurrent executions" (Service Quotas, ` +
    `AWS Lambda) to at least ${quotaNeeded}, or remove reportGeneratorConcurrency from ${settings.stageFile}; ` +
    'then deploy again.'
  );
}

export type RequestType = 'Create' | 'Update' | 'Delete';

/**
 * Whether a Create or Update checks the account. A rollback of a failed update sends the old
 * properties back as an Update: what was deployed before is restored whatever the account is
 * like now, so a preflight never turns a rollback into UPDATE_ROLLBACK_FAILED.
 */
export const checksAccount = (type: RequestType, stackStatus: string | undefined): boolean =>
  type !== 'Delete' && stackStatus !== 'UPDATE_ROLLBACK_IN_PROGRESS';

/**
 * Whether a Delete lifts the stack's termination protection: only while a protected stage's
 * first create rolls back (ROLLBACK_IN_PROGRESS, never reached by an update), so that the next
 * `cdk deploy`, which deletes a stack whose creation failed before creating it again, is not refused.
 */
export const liftsTerminationProtection = (
  type: RequestType,
  stackStatus: string | undefined,
  settings: PreflightSettings,
): boolean => type === 'Delete' && settings.isProtected && stackStatus === 'ROLLBACK_IN_PROGRESS';

/**
 * The reason a protected stage's Delete fails with when it could not tell whether the first
 * create is rolling back, or could not lift the protection: what to run before deploying again.
 */
export const protectionNotLifted = (stackName: string, cause: string): string =>
  `The stage preflight could not turn off the termination protection of ${stackName} (${cause}). If its first ` +
  'deploy failed, run aws cloudformation update-termination-protection --no-enable-termination-protection ' +
  `--stack-name ${stackName}, then deploy again.`;

/** The stack's name, from its id, for messages and commands. */
export const stackNameOf = (stackId: string): string => stackId.split(':')[5]?.split('/')[1] ?? stackId;
