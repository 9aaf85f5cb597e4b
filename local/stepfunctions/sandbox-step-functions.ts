/**
 * The sandbox's Step Functions: one endpoint for every state machine it runs (StartExecution by
 * the state machine's ARN, DescribeExecution and StopExecution by the execution's), their
 * executions in one journal of the state directory (`executions.jsonl`).
 */
import * as path from 'node:path';
import type { HandlerLoader } from '../lambda/import-handler';
import { type ExecutionJournal, openExecutionJournal } from './execution-journal';
import { createExecutions, type ExecutionStats, type StateMachineExecutions } from './executions';
import { describeExecution, parseArn, type StepFunctionsApi, stateMachineDoesNotExist } from './sfn-api';
import { type StepFunctionsEndpoint, startStepFunctionsEndpoint } from './sfn-endpoint';
import type { SandboxStateMachine } from './state-machine-definition';
import type { TaskFaults, TaskHandler } from './task-invocation';
import { openTaskThread } from './task-thread';

export const executionsFile = (stateDir: string) => path.join(stateDir, 'executions.jsonl');

/** A state machine the sandbox runs, with the retry pauses of its states that differ from the sandbox's default. */
export interface StateMachineSetup {
  readonly machine: SandboxStateMachine;
  readonly retryPausesMs?: Readonly<Record<string, number>>;
  /** Wait states the sandbox shortens (state name → milliseconds), like the retry pauses. */
  readonly waitsMs?: Readonly<Record<string, number>>;
}

/** The API of several state machines behind one endpoint, each execution handled by its own. */
export function stateMachinesApi(
  machines: readonly StateMachineExecutions[],
  journal: ExecutionJournal,
): StepFunctionsApi {
  const owner = (stateMachineArn: string) => {
    const executions = machines.find((m) => m.stateMachineArn === stateMachineArn);
    if (!executions) throw stateMachineDoesNotExist(stateMachineArn);
    return executions;
  };
  return {
    start: (request) => owner(parseArn(request.stateMachineArn, 'stateMachine')).start(request),
    describe: (executionArn) => describeExecution(journal, executionArn),
    stop: (request) => owner(describeExecution(journal, request.executionArn).stateMachineArn).stop(request),
  };
}

const NO_EXECUTIONS: ExecutionStats = {
  started: 0,
  resumed: 0,
  running: 0,
  succeeded: 0,
  failed: 0,
  timedOut: 0,
  aborted: 0,
  taskInvocations: 0,
  injected: 0,
};

/** The counters of every state machine, added up. */
export const totalStats = (all: readonly ExecutionStats[]): ExecutionStats => {
  const total = { ...NO_EXECUTIONS };
  for (const stats of all) {
    for (const key of Object.keys(total) as (keyof ExecutionStats)[]) total[key] += stats[key];
  }
  return total;
};

export interface SandboxStepFunctions {
  /** `http://127.0.0.1:<port>`, the value of `AWS_ENDPOINT_URL_SFN` for the functions. */
  readonly endpoint: string;
  /** The executions of each state machine, by its ARN. */
  readonly machines: ReadonlyMap<string, StateMachineExecutions>;
  /** The counters of every state machine's executions, added up. */
  stats(): ExecutionStats;
  /** Starts again the executions the last sandbox left running; how many. */
  resume(): number;
  /**
   * Loads the task functions of the state machines a deploy starts (the catalogue upgrade every
   * start begins with, and waits for) in their worker thread now, while the sandbox starts. Once
   * the functions' environment is set, which the thread copies.
   */
  warm(): void;
  /** Stops the executions (they stay RUNNING in the journal) and waits a little for their tasks. */
  stopExecutions(): Promise<void>;
  /** Stops the executions at once, the task functions' worker thread and the endpoint. */
  close(): Promise<void>;
}

export interface OpenStepFunctionsOptions {
  readonly stateDir: string;
  /**
   * Start with no executions: on `--reset`, and whenever the table was just seeded, since
   * executions of the old data name jobs that no longer exist.
   */
  readonly fresh: boolean;
  readonly machines: readonly StateMachineSetup[];
  /**
   * false: StartExecution records executions without running them (`npm run invoke` without a
   * sandbox); the next `npm start` runs them.
   */
  readonly run?: boolean;
  readonly faults?: TaskFaults;
  /** Stand-in task functions, run in this process (unit tests); otherwise the task functions' worker thread. */
  readonly loadHandler?: HandlerLoader<TaskHandler>;
  readonly log?: (line: string) => void;
  readonly logError?: (message: string, error?: unknown) => void;
}

/** Opens the journal, makes each state machine's executions and starts the endpoint. The caller holds the state directory's lock. */
export async function openSandboxStepFunctions(
  options: OpenStepFunctionsOptions,
): Promise<SandboxStepFunctions> {
  const journal = openExecutionJournal(executionsFile(options.stateDir), { fresh: options.fresh });
  const machines = new Map<string, StateMachineExecutions>();
  // One worker thread for every state machine's task functions, started by the first invocation.
  const thread = options.loadHandler
    ? undefined
    : openTaskThread({
        logError:
          options.logError ??
          ((message, error) => console.error(message, ...(error === undefined ? [] : [error]))),
      });
  for (const setup of options.machines) {
    const executions = await createExecutions({
      machine: setup.machine,
      journal,
      run: options.run ?? true,
      ...(setup.retryPausesMs ? { retryPausesMs: setup.retryPausesMs } : {}),
      ...(setup.waitsMs ? { waitsMs: setup.waitsMs } : {}),
      ...(options.faults ? { faults: options.faults } : {}),
      ...(options.loadHandler ? { loadHandler: options.loadHandler } : {}),
      ...(thread ? { thread } : {}),
      ...(options.log ? { log: options.log } : {}),
      ...(options.logError ? { logError: options.logError } : {}),
    });
    machines.set(executions.stateMachineArn, executions);
  }
  const all = [...machines.values()];
  const endpoint: StepFunctionsEndpoint = await startStepFunctionsEndpoint(
    stateMachinesApi(all, journal),
    options.logError ? { logError: options.logError } : {},
  );
  return {
    endpoint: endpoint.endpoint,
    machines,
    stats: () => totalStats(all.map((m) => m.stats())),
    resume: () => all.reduce((sum, m) => sum + m.resume(), 0),
    warm: () => {
      if (options.run === false) return;
      const started = options.machines.filter((setup) => (setup.machine.startedByDeploy ?? []).length > 0);
      const specs = new Map(
        started.flatMap((setup) =>
          [...setup.machine.tasks.values()].map((task) => [task.spec.name, task.spec]),
        ),
      );
      thread?.warm([...specs.values()]);
    },
    stopExecutions: async () => {
      await Promise.all(all.map((m) => m.close()));
    },
    async close() {
      await Promise.all(all.map((m) => m.close(0)));
      await Promise.all([thread?.close(), endpoint.close()]);
    },
  };
}
