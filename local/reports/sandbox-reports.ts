/**
 * The report workflow's part of the sandbox: the reports bucket (on the sandbox's s3rver), the
 * callback signing secret, and the report state machine as its construct synthesizes it (run by
 * the sandbox's Step Functions, local/stepfunctions/). The secret lives in the state directory
 * (`webhook-secret`).
 */
import { REPORT_STATES } from '../../functions/reports/domain/report-workflow';
import { reportFunctions } from '../../functions/routes';
import { resourceName } from '../../lib/resource-names';
import type { RunningSandbox } from '../running-sandbox';
import type { LocalS3 } from '../s3/local-s3';
import { SANDBOX_STAGE } from '../sandbox-identity';
import type { StateMachineSetup } from '../stepfunctions/sandbox-step-functions';
import {
  type StateMachineConstruct,
  synthesizeStateMachine,
} from '../stepfunctions/synthesize-state-machine';
import { type SandboxWebhookSecret, sandboxWebhookSecret } from './webhook-secret';

/** The sandbox's pause between callback attempts: 8 retries cover 32 s, so a partner back within 30 s is told. */
export const SANDBOX_CALLBACK_RETRY_MS = 4000;

/** The report workflow's construct (lib/report-workflow.ts), built alone beside its table. */
export const reportWorkflowConstruct: StateMachineConstruct = {
  stackId: 'SandboxReports',
  kind: 'report',
  functions: Object.values(reportFunctions),
  async build(stack, { settings, table }) {
    const { ReportWorkflow } = await import('../../lib/report-workflow');
    return new ReportWorkflow(stack, 'Reports', { settings, table }).stateMachine;
  },
};

/**
 * The sandbox's reports bucket. The stack lets CloudFormation name its bucket (lib/report-bucket.ts),
 * so the sandbox has a fixed name of its own; the functions read it from REPORT_BUCKET either way.
 */
export const SANDBOX_REPORT_BUCKET = resourceName(SANDBOX_STAGE, 'reports');

export interface SandboxReports {
  readonly s3: LocalS3;
  readonly bucket: string;
  readonly webhook: SandboxWebhookSecret;
  /** The report state machine, with the callback's retry pause, for the sandbox's Step Functions. */
  readonly stateMachine: StateMachineSetup;
}

export interface OpenReportsOptions {
  readonly stateDir: string;
  /** The sandbox's s3rver, with SANDBOX_REPORT_BUCKET among its buckets. */
  readonly s3: LocalS3;
  readonly env?: NodeJS.ProcessEnv;
}

/** Reads the report workflow's secret and synthesizes its state machine. The caller holds the state directory's lock. */
export async function openSandboxReports(options: OpenReportsOptions): Promise<SandboxReports> {
  // Read first: a secret that is not one stops the start before any server runs.
  const webhook = sandboxWebhookSecret(options.stateDir, options.env);
  const machine = await synthesizeStateMachine(reportWorkflowConstruct);
  return {
    s3: options.s3,
    bucket: SANDBOX_REPORT_BUCKET,
    webhook,
    stateMachine: { machine, retryPausesMs: { [REPORT_STATES.sendCallback]: SANDBOX_CALLBACK_RETRY_MS } },
  };
}

/** What `sandbox.json` says of the reports: where the bucket and the state machine are, and the secret. */
export const runningReports = (
  reports: SandboxReports,
): Pick<RunningSandbox, 's3Endpoint' | 'reportBucket' | 'reportStateMachineArn' | 'webhookSecret'> => ({
  s3Endpoint: reports.s3.endpoint,
  reportBucket: reports.bucket,
  reportStateMachineArn: reports.stateMachine.machine.stateMachineArn,
  webhookSecret: reports.webhook.secret,
});
