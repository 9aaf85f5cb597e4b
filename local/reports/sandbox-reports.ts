/**
 * The report workflow's part of the sandbox: the reports bucket (on the sandbox's s3rver) and the
 * report state machine as its construct synthesizes it (run by the sandbox's Step Functions,
 * local/stepfunctions/). The callers' signing secrets are local/webhooks/'s.
 */
import { REPORT_STATES } from '#functions/contracts/report-workflow-contract';
import { reportFunctions } from '#functions/function-registry';
import { resourceName } from '#lib/resource-names';
import type { RunningSandbox } from '../running-sandbox';
import type { LocalS3 } from '../s3/local-s3';
import { SANDBOX_STAGE } from '../sandbox-identity';
import type { StateMachineSetup } from '../stepfunctions/sandbox-step-functions';
import { type StateMachineConstruct, sandboxStateMachine } from '../stepfunctions/synthesize-state-machine';

/** The sandbox's pause between callback attempts: 8 retries cover 32 s, so a partner back within 30 s is told. */
export const SANDBOX_CALLBACK_RETRY_MS = 4000;

/** The report workflow's construct (lib/report-workflow.ts), built alone beside its table. */
export const reportWorkflowConstruct: StateMachineConstruct = {
  stackId: 'SandboxReports',
  kind: 'report',
  functions: Object.values(reportFunctions),
  async build(stack, { settings, table }) {
    const { ReportWorkflow } = await import('#lib/report-workflow');
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
  /** The report state machine, with the callback's retry pause, for the sandbox's Step Functions. */
  readonly stateMachine: StateMachineSetup;
}

export interface OpenReportsOptions {
  /** The sandbox's s3rver, with SANDBOX_REPORT_BUCKET among its buckets. */
  readonly s3: LocalS3;
}

/** Synthesizes the report state machine. */
export async function openSandboxReports(options: OpenReportsOptions): Promise<SandboxReports> {
  const machine = await sandboxStateMachine(reportWorkflowConstruct);
  return {
    s3: options.s3,
    bucket: SANDBOX_REPORT_BUCKET,
    stateMachine: { machine, retryPausesMs: { [REPORT_STATES.sendCallback]: SANDBOX_CALLBACK_RETRY_MS } },
  };
}

/** What `sandbox.json` says of the reports: where the bucket and the state machine are. */
export const runningReports = (
  reports: SandboxReports,
): Pick<RunningSandbox, 's3Endpoint' | 'reportBucket' | 'reportStateMachineArn'> => ({
  s3Endpoint: reports.s3.endpoint,
  reportBucket: reports.bucket,
  reportStateMachineArn: reports.stateMachine.machine.stateMachineArn,
});
