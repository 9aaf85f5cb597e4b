import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

/** Stage names become part of resource names (table, functions, log groups), so keep them short and safe. */
const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,19}$/;

export const DEFAULT_STAGE = 'dev';

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

/** Everything that differs between prod and the other stages, decided in one place. */
export interface StageSettings {
  readonly stage: string;
  readonly isProd: boolean;
  /** Prod keeps its data and logs when the stack is deleted; other stages clean up after themselves. */
  readonly removalPolicy: RemovalPolicy;
  readonly logRetention: RetentionDays;
}

export function stageSettings(stage: string): StageSettings {
  const isProd = validateStage(stage) === 'prod';
  return {
    stage,
    isProd,
    // Retained except on create: a failed first deploy rolls back whole instead of leaving named
    // resources behind that block every retry.
    removalPolicy: isProd ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : RemovalPolicy.DESTROY,
    logRetention: isProd ? RetentionDays.ONE_YEAR : RetentionDays.TWO_WEEKS,
  };
}
