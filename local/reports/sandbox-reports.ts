/**
 * The report workflow's part of the sandbox: s3rver with the reports bucket, the Step Functions
 * endpoint running the synthesized state machine, and the callback signing secret. State lives
 * in the state directory: the PDFs (`s3/`), the executions (`executions.jsonl`) and the secret
 * (`webhook-secret`).
 */
import * as path from 'node:path';
import type { FaultInjector } from '../queues/faults';
import { type ExecutionJournal, openExecutionJournal } from './execution-journal';
import { createReportExecutions, type ReportExecutions, type TaskHandlerLoader } from './executions';
import { type LocalS3, startLocalS3 } from './local-s3';
import { type StepFunctionsEndpoint, startStepFunctionsEndpoint } from './sfn-endpoint';
import { type SandboxWebhookSecret, sandboxWebhookSecret } from './webhook-secret';
import { type ReportWorkflowDefinition, synthesizeReportWorkflow } from './workflow-definition';

export const reportPaths = (stateDir: string) => ({
  s3: path.join(stateDir, 's3'),
  executions: path.join(stateDir, 'executions.jsonl'),
});

export interface SandboxReports {
  readonly s3: LocalS3;
  readonly sfn: StepFunctionsEndpoint;
  readonly workflow: ReportWorkflowDefinition;
  readonly executions: ReportExecutions;
  readonly webhook: SandboxWebhookSecret;
  /** Stops the executions (they stay RUNNING in the journal) and waits a little for their tasks. */
  stopExecutions(): Promise<void>;
  /** Stops the Step Functions endpoint and s3rver. */
  close(): Promise<void>;
}

export interface OpenReportsOptions {
  readonly stateDir: string;
  /**
   * Start with an empty bucket and no executions: on `--reset`, and whenever the table was just
   * seeded, since PDFs and executions of the old data name jobs that no longer exist.
   */
  readonly fresh: boolean;
  /**
   * false: StartExecution records executions without running them (`npm run invoke` without a
   * sandbox); the next `npm start` runs them.
   */
  readonly run?: boolean;
  readonly faults?: FaultInjector;
  readonly loadHandler?: TaskHandlerLoader;
  readonly env?: NodeJS.ProcessEnv;
  readonly log?: (line: string) => void;
  readonly logError?: (message: string, error?: unknown) => void;
}

/** Starts the report workflow's servers. The caller holds the state directory's lock. */
export async function openSandboxReports(options: OpenReportsOptions): Promise<SandboxReports> {
  const paths = reportPaths(options.stateDir);
  // Read first: a secret that is not one stops the start before any server runs.
  const webhook = sandboxWebhookSecret(options.stateDir, options.env);
  const workflow = await synthesizeReportWorkflow();
  const journal: ExecutionJournal = openExecutionJournal(paths.executions, { fresh: options.fresh });
  const executions = await createReportExecutions({
    workflow,
    journal,
    run: options.run ?? true,
    ...(options.faults ? { faults: options.faults } : {}),
    ...(options.loadHandler ? { loadHandler: options.loadHandler } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.logError ? { logError: options.logError } : {}),
  });
  const s3 = await startLocalS3({ directory: paths.s3, fresh: options.fresh });
  let sfn: StepFunctionsEndpoint;
  try {
    sfn = await startStepFunctionsEndpoint(
      executions,
      options.logError ? { logError: options.logError } : {},
    );
  } catch (error) {
    await s3.close();
    throw error;
  }
  return {
    s3,
    sfn,
    workflow,
    executions,
    webhook,
    stopExecutions: () => executions.close(),
    async close() {
      await executions.close(0);
      await Promise.all([sfn.close(), s3.close()]);
    },
  };
}

/** What `sandbox.json` says of the reports: where the bucket and the state machine are, and the secret. */
export interface RunningSandboxReports {
  readonly s3Endpoint: string;
  readonly reportBucket: string;
  readonly sfnEndpoint: string;
  readonly reportStateMachineArn: string;
  /** `whsec_…`: partners (and tests) verify the report callbacks with it. */
  readonly webhookSecret: string;
}

export const runningReports = (reports: SandboxReports): RunningSandboxReports => ({
  s3Endpoint: reports.s3.endpoint,
  reportBucket: reports.s3.bucket,
  sfnEndpoint: reports.sfn.endpoint,
  reportStateMachineArn: reports.workflow.stateMachineArn,
  webhookSecret: reports.webhook.secret,
});
