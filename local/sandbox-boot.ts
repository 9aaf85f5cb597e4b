/**
 * One boot of the sandbox's servers on a state directory, for `npm start` (bin/sandbox.ts) and
 * `npm run invoke` without a running sandbox (bin/invoke.ts): the table (dynalite, seeded when
 * new), the queues (fauxqs), the buckets (s3rver: reports, catalogue imports), Secrets Manager
 * (the webhook stage key) and the Step Functions endpoint with the state machines as their
 * constructs synthesize them; then the functions' environment, which
 * points the SDK at these servers, and the sandbox issuer's keys for the authorizer.
 */
import { SERVICE_NAME, SERVICE_NAME_ENV } from '#functions/contracts/environment';
import {
  openSandboxCatalogue,
  runningCatalogue,
  SANDBOX_CATALOGUE_BUCKET,
  type SandboxCatalogue,
} from './catalogue/sandbox-catalogue';
import type { FrontCountersDocument } from './dynalite-server';
import { openSandboxEvents, runningEvents, type SandboxEvents } from './events/sandbox-events';
import type { FaultInjector } from './faults';
import { applyFunctionEnvironment } from './function-env';
import { issuerEnvironment, sandboxIssuer } from './issuer/sandbox-issuer';
import { openSandboxQueues, runningQueues, type SandboxQueues } from './queues/sandbox-queues';
import {
  openSandboxReports,
  runningReports,
  SANDBOX_REPORT_BUCKET,
  type SandboxReports,
} from './reports/sandbox-reports';
import type { SandboxServers } from './running-sandbox';
import { type LocalS3, startLocalS3 } from './s3/local-s3';
import { openSandboxState, type SandboxState } from './sandbox-state';
import { statePaths } from './state-dir';
import { openSandboxStepFunctions, type SandboxStepFunctions } from './stepfunctions/sandbox-step-functions';
import { openSandboxWebhooks, runningWebhooks, type SandboxWebhooks } from './webhooks/sandbox-webhooks';

/** Where s3rver keeps the buckets' objects as files. */
export const s3Dir = (stateDir: string) => statePaths(stateDir).s3;

export interface BootOptions {
  readonly stateDir: string;
  /** Start again from the seed. */
  readonly reset?: boolean;
  /** Start with an empty table (the seed's own build). */
  readonly empty?: boolean;
  /**
   * false: StartExecution records executions without running them (`npm run invoke` without a
   * sandbox); the next `npm start` runs them.
   */
  readonly runExecutions: boolean;
  readonly faults?: FaultInjector;
  readonly log: (line: string) => void;
}

export interface BootedSandbox {
  readonly state: SandboxState;
  readonly queues: SandboxQueues;
  readonly reports: SandboxReports;
  readonly stepFunctions: SandboxStepFunctions;
  /** Catalogue publishing: its bucket, and the state machine with what a deploy starts it with. */
  readonly catalogue: SandboxCatalogue;
  /** The stage's bus and rule, in front of the events queue. */
  readonly events: SandboxEvents;
  /** Where each server is: what `sandbox.json` says, but for the API's URL and the process. */
  readonly servers: SandboxServers;
  /** The issuer's JWKS document, which the HTTP front serves. */
  readonly jwks: unknown;
  /** A request of the API's readers: paces a publish's bulk writes like a table read (docs/decisions/sandbox-and-tools.md D81). */
  noteRead(): void;
  /**
   * What the DynamoDB front counted (`/_sandbox/stats`): the requests sent on to dynalite by
   * operation, and the items the write requests wrote and deleted.
   */
  dynamodbCounters(): Promise<FrontCountersDocument>;
  /** Stops the executions (they stay RUNNING in the journal), then every server, then the state. */
  close(): Promise<void>;
}

export async function bootSandbox(options: BootOptions): Promise<BootedSandbox> {
  const { stateDir } = options;
  const state = await openSandboxState({
    stateDir,
    reset: options.reset ?? false,
    empty: options.empty ?? false,
    log: options.log,
  });
  // Messages, PDFs and executions of data that was just seeded again name things that no longer exist.
  const fresh = state.origin === 'seeded';
  let queues: SandboxQueues | undefined;
  let s3: LocalS3 | undefined;
  let reports: SandboxReports | undefined;
  let stepFunctions: SandboxStepFunctions | undefined;
  let events: SandboxEvents | undefined;
  let webhooks: SandboxWebhooks | undefined;
  const close = async () => {
    try {
      await stepFunctions?.stopExecutions();
      await Promise.all([
        stepFunctions?.close(),
        events?.close(),
        queues?.close(),
        s3?.close(),
        webhooks?.close(),
      ]);
    } finally {
      await state.close();
    }
  };
  try {
    // The seed's build keeps its queues in memory: they go with its scratch directory.
    queues = await openSandboxQueues({ stateDir, fresh, inMemory: options.empty ?? false });
    // The functions reach dynalite through a front that adds TransactWriteItems (local/transactions/),
    // which serves in dynalite's thread.
    const front = state.dynamodb.front;
    if (!front) throw new Error('The sandbox runs dynalite in a thread of its own, behind its front');
    events = await openSandboxEvents({ sqs: queues.sqs, queues: queues.queues });
    // Seeding copies the seed catalogue's plans and search snapshots in with the table (and drops
    // the PDFs of data that no longer exists); an empty boot starts from nothing.
    s3 = await startLocalS3({
      directory: s3Dir(stateDir),
      fresh: options.empty ?? false,
      buckets: [SANDBOX_REPORT_BUCKET, SANDBOX_CATALOGUE_BUCKET],
    });
    reports = await openSandboxReports({ s3 });
    webhooks = await openSandboxWebhooks({ stateDir });
    const catalogue = await openSandboxCatalogue();
    stepFunctions = await openSandboxStepFunctions({
      stateDir,
      fresh,
      machines: [reports.stateMachine, catalogue.stateMachine],
      run: options.runExecutions,
      ...(options.faults ? { faults: options.faults } : {}),
    });
    const servers: SandboxServers = {
      dynamodbEndpoint: state.dynamodb.endpoint,
      tableName: state.tableName,
      ...runningQueues(queues),
      ...runningReports(reports),
      ...runningCatalogue(catalogue),
      sfnEndpoint: stepFunctions.endpoint,
      ...runningEvents(events),
      ...runningWebhooks(webhooks),
    };
    applyServersEnvironment(servers);
    // The authorizer trusts the sandbox's own issuer, whose keys it is given (no fetch).
    const issuer = sandboxIssuer(stateDir);
    Object.assign(process.env, issuerEnvironment(issuer));
    // The task functions load in their thread while the rest of the start goes on.
    stepFunctions.warm();
    return {
      state,
      queues,
      reports,
      stepFunctions,
      catalogue,
      events,
      servers,
      jwks: issuer.jwks,
      noteRead: () => front.noteRead(),
      dynamodbCounters: () => front.counters(),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The functions' environment for these servers (a running sandbox's, or a boot's own). */
export const applyServersEnvironment = (servers: SandboxServers): void => {
  applyFunctionEnvironment({
    ...servers,
    dynamoDbEndpoint: servers.dynamodbEndpoint,
    batchQueueUrl: servers.batchQueueUrl,
  });
  process.env[SERVICE_NAME_ENV] ??= SERVICE_NAME;
};
