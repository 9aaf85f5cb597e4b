/**
 * One boot of the sandbox's servers on a state directory, for `npm start` (local/sandbox.ts) and
 * `npm run invoke` without a running sandbox (local/invoke.ts): the table (dynalite, seeded when
 * new), the queues (fauxqs), the reports bucket (s3rver) and the Step Functions endpoint with the
 * state machines as their constructs synthesize them; then the functions' environment, which
 * points the SDK at these servers, and the sandbox issuer's keys for the authorizer.
 */
import { SERVICE_NAME, SERVICE_NAME_ENV } from '../functions/commons/environment';
import type { FaultInjector } from './faults';
import { applyFunctionEnvironment } from './function-env';
import { issuerEnvironment, sandboxIssuer } from './issuer/sandbox-issuer';
import { openSandboxQueues, runningQueues, type SandboxQueues } from './queues/sandbox-queues';
import { openSandboxReports, runningReports, type SandboxReports } from './reports/sandbox-reports';
import type { SandboxServers } from './running-sandbox';
import { openSandboxState, type SandboxState } from './sandbox-state';
import { openSandboxStepFunctions, type SandboxStepFunctions } from './stepfunctions/sandbox-step-functions';

export interface BootOptions {
  readonly stateDir: string;
  /** Start again from the seed. */
  readonly reset?: boolean;
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
  /** Where each server is: what `sandbox.json` says, but for the API's URL and the process. */
  readonly servers: SandboxServers;
  /** The issuer's JWKS document, which the HTTP front serves. */
  readonly jwks: unknown;
  /** Stops the executions (they stay RUNNING in the journal), then every server, then the state. */
  close(): Promise<void>;
}

export async function bootSandbox(options: BootOptions): Promise<BootedSandbox> {
  const { stateDir } = options;
  const state = await openSandboxState({ stateDir, reset: options.reset ?? false, log: options.log });
  // Messages, PDFs and executions of data that was just seeded again name things that no longer exist.
  const fresh = state.origin === 'seeded';
  let queues: SandboxQueues | undefined;
  let reports: SandboxReports | undefined;
  let stepFunctions: SandboxStepFunctions | undefined;
  const close = async () => {
    try {
      await stepFunctions?.stopExecutions();
      await Promise.all([stepFunctions?.close(), queues?.close(), reports?.close()]);
    } finally {
      await state.close();
    }
  };
  try {
    queues = await openSandboxQueues({ stateDir, fresh });
    reports = await openSandboxReports({ stateDir, fresh });
    stepFunctions = await openSandboxStepFunctions({
      stateDir,
      fresh,
      machines: [reports.stateMachine],
      run: options.runExecutions,
      ...(options.faults ? { faults: options.faults } : {}),
    });
    const servers: SandboxServers = {
      dynamodbEndpoint: state.dynamodb.endpoint,
      tableName: state.tableName,
      ...runningQueues(queues),
      ...runningReports(reports),
      sfnEndpoint: stepFunctions.endpoint,
    };
    applyServersEnvironment(servers);
    // The authorizer trusts the sandbox's own issuer, whose keys it is given (no fetch).
    const issuer = sandboxIssuer(stateDir);
    Object.assign(process.env, issuerEnvironment(issuer));
    return { state, queues, reports, stepFunctions, servers, jwks: issuer.jwks, close };
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
