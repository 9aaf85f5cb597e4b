import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { type ExternalIssuer, type StageFile, StageSettingsError, type Throttle } from './stage-file';

/** Stage names become part of resource names (table, functions, log groups), so keep them short and safe. */
const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,19}$/;

export const DEFAULT_STAGE = 'dev';

/** The stage's throttle when its file names none (docs/decisions/limits-and-throttles.md D42). */
export const DEFAULT_THROTTLE: Throttle = { rateLimit: 100, burstLimit: 200 };

/** Returns the stage name if valid, else throws an error that says what a valid name looks like. */
export function validateStage(stage: unknown): string {
  if (typeof stage !== 'string' || !STAGE_PATTERN.test(stage)) {
    throw new Error(
      `Invalid stage ${JSON.stringify(stage)}: use 1 to 20 characters, lower-case letters, digits or '-', ` +
        `starting with a letter (for example -c stage=dev).`,
    );
  }
  return stage;
}

/** Everything that differs between stages, resolved from the stage's file (lib/stage-file.ts). */
export interface StageSettings {
  readonly stage: string;
  /** The file's `protected`: the stage keeps its data and logs; never decided by the stage's name. */
  readonly isProtected: boolean;
  /** Protected stages keep their data when the stack is deleted; others clean up after themselves. */
  readonly removalPolicy: RemovalPolicy;
  readonly logRetention: RetentionDays;
  /** The one account and region the stack may be deployed to, when the file names them. */
  readonly env?: { readonly account: string; readonly region: string };
  /** Trust this OIDC issuer instead of making a Cognito user pool for the stage. */
  readonly externalIssuer?: ExternalIssuer;
  readonly throttle: Throttle;
  /** Route throttles of the file, by route name; they stand instead of the route table's. */
  readonly routeThrottles: Readonly<Partial<Record<string, Throttle>>>;
  /** A WAF web ACL in front of the API. */
  readonly waf: boolean;
  /** Subscribed to the alarm topic. */
  readonly alarmEmail?: string;
  /** Reserved concurrency of the report generator; none when undefined. */
  readonly reportGeneratorConcurrency?: number;
}

/**
 * A stage's settings from its file. `where` names the file in errors. A protected stage must
 * name its account and region: its stack is pinned to them, so a deploy with another account's
 * credentials fails before it starts.
 */
export function stageSettings(stage: string, file: StageFile, where = `stages/${stage}.json`): StageSettings {
  validateStage(stage);
  const isProtected = file.protected;
  if (isProtected && (file.account === undefined || file.region === undefined)) {
    throw new StageSettingsError(
      `Stage ${stage} is protected, so its stack is pinned to one AWS account and region: set "account" ` +
        `(the 12-digit id of the account it is deployed to) and "region" (e.g. "eu-west-1") in ${where}. ` +
        'A deploy with credentials of any other account then fails before it starts.',
    );
  }
  const { identity } = file;
  return {
    stage,
    isProtected,
    // Retained except on create: a failed first deploy rolls back whole instead of leaving named
    // resources behind that block every retry.
    removalPolicy: isProtected ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : RemovalPolicy.DESTROY,
    logRetention: (file.logRetentionDays ??
      (isProtected ? RetentionDays.ONE_YEAR : RetentionDays.TWO_WEEKS)) as RetentionDays,
    ...(file.account !== undefined && file.region !== undefined
      ? { env: { account: file.account, region: file.region } }
      : {}),
    ...(identity.mode === 'external'
      ? {
          externalIssuer: {
            issuer: identity.issuer,
            audience: identity.audience,
            ...(identity.userIdClaim === undefined ? {} : { userIdClaim: identity.userIdClaim }),
            ...(identity.groupsClaim === undefined ? {} : { groupsClaim: identity.groupsClaim }),
            ...(identity.jwksUri === undefined ? {} : { jwksUri: identity.jwksUri }),
          },
        }
      : {}),
    throttle: file.throttle ?? DEFAULT_THROTTLE,
    routeThrottles: file.routeThrottles ?? {},
    waf: file.waf ?? isProtected,
    ...(file.alarmEmail === undefined ? {} : { alarmEmail: file.alarmEmail }),
    ...(file.reportGeneratorConcurrency === undefined
      ? {}
      : { reportGeneratorConcurrency: file.reportGeneratorConcurrency }),
  };
}

/**
 * The file of a stage that is made for a moment and never deployed (the sandbox's throwaway
 * stacks, which read one construct back): unprotected, the stack's own token issuer, defaults.
 */
export const THROWAWAY_STAGE_FILE: StageFile = { protected: false, identity: { mode: 'cognito' } };
