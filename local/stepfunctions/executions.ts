/**
 * Plays Step Functions for one state machine of the stack: each StartExecution runs its
 * synthesized definition (state-machine-definition.ts) under aws-local-stepfunctions, whose Task
 * states call the real task functions in the task functions' worker thread
 * (`taskResourceLocalHandlers`, keyed by state name, see task-invocation.ts and task-thread.ts).
 * Retry pauses are shortened (`retryIntervalOverrides`); everything else — Retry and Catch by
 * error name, paths, the Choice — is the definition's own. Executions are journaled
 * (execution-journal.ts), so a restart finds them.
 */
import { randomUUID } from 'node:crypto';
import type { HandlerLoader } from '../lambda/import-handler';
import type { ExecutionJournal, ExecutionRecord, ExecutionStatus } from './execution-journal';
import {
  checkedStart,
  describeExecution,
  executionArnOf,
  parseArn,
  type StepFunctionsApi,
  StepFunctionsError,
  stateMachineDoesNotExist,
} from './sfn-api';
import { allStates, type SandboxStateMachine } from './state-machine-definition';
import {
  createTaskInvoker,
  executionStopped,
  inProcess,
  type RunningExecution,
  type TaskFaults,
  type TaskHandler,
} from './task-invocation';
import type { TaskThread } from './task-thread';
import { recordValidated, validatedBefore } from './validated-definitions';

/** The sandbox's pause before a retry (AWS: seconds to minutes, from the definition), unless a state has its own. */
export const SANDBOX_RETRY_PAUSE_MS = 250;

export interface ExecutionStats {
  /** StartExecution calls that started an execution. */
  started: number;
  /** Executions a previous sandbox left running, started again. */
  resumed: number;
  running: number;
  succeeded: number;
  failed: number;
  timedOut: number;
  aborted: number;
  /** Invocations of task functions (retries included). */
  taskInvocations: number;
  /** Task attempts failed by SANDBOX_FAULTS without invoking the function. */
  injected: number;
}

export interface StateMachineExecutions extends StepFunctionsApi {
  readonly stateMachineArn: string;
  /** Starts again the executions the journal says were running when the last sandbox stopped. */
  resume(): number;
  /** The record of an execution once it has stopped (tests, tools). */
  settled(executionArn: string): Promise<ExecutionRecord>;
  stats(): ExecutionStats;
  /**
   * Stops running executions without recording an end (they stay RUNNING in the journal, so the
   * next start resumes them) and waits up to `waitMs` for task invocations in progress.
   */
  close(waitMs?: number): Promise<void>;
}

export interface ExecutionsOptions {
  readonly machine: SandboxStateMachine;
  /** The journal of the state directory, which every state machine of the sandbox shares. */
  readonly journal: ExecutionJournal;
  /**
   * false: executions are recorded RUNNING and not run (`npm run invoke` without a sandbox:
   * the next `npm start` runs them).
   */
  readonly run?: boolean;
  /** Stand-in task functions, run in this process (unit tests). */
  readonly loadHandler?: HandlerLoader<TaskHandler>;
  /** The worker thread of the sandbox's task functions, which every state machine shares (without `loadHandler`). */
  readonly thread?: TaskThread;
  readonly faults?: TaskFaults;
  /** The pause before a retry of these states (by name); SANDBOX_RETRY_PAUSE_MS or `retryPauseMs` for the others. */
  readonly retryPausesMs?: Readonly<Record<string, number>>;
  readonly retryPauseMs?: number;
  /** Wait states shortened in the sandbox (state name → milliseconds); the others wait as defined. */
  readonly waitsMs?: Readonly<Record<string, number>>;
  readonly log?: (line: string) => void;
  readonly logError?: (message: string, error?: unknown) => void;
  readonly now?: () => number;
}

/** The retry pause of each state that has a Retry: its own from `byState`, `otherMs` for the others. */
export const retryIntervalOverrides = (
  machine: SandboxStateMachine,
  byState: Readonly<Record<string, number>> = {},
  otherMs = SANDBOX_RETRY_PAUSE_MS,
): Record<string, number> => {
  const states = new Map(allStates(machine.definition));
  const unknown = Object.keys(byState).filter((name) => !states.has(name));
  if (unknown.length > 0) {
    throw new Error(
      `The state machine ${machine.stateMachineName} has no state ${unknown.map((n) => `"${n}"`).join(', ')}`,
    );
  }
  return Object.fromEntries(
    [...states]
      .filter(([, state]) => (state.Retry?.length ?? 0) > 0)
      .map(([name]) => [name, byState[name] ?? otherMs]),
  );
};

/** aws-local-stepfunctions' machine for a definition, validated unless it was before. */
async function stateMachineOf(definition: unknown) {
  const { StateMachine } = await import('aws-local-stepfunctions');
  type Definition = ConstructorParameters<typeof StateMachine>[0];
  if (validatedBefore(definition)) {
    return new StateMachine(definition as Definition, { validationOptions: { noValidate: true } });
  }
  const machine = new StateMachine(definition as Definition);
  recordValidated(definition);
  return machine;
}

/**
 * The executions of one state machine. aws-local-stepfunctions is imported here, lazily (a
 * quarter of a second: it brings the Lambda client it does not use here).
 */
export async function createExecutions(options: ExecutionsOptions): Promise<StateMachineExecutions> {
  const { machine: stateMachine, journal } = options;
  const log = options.log ?? ((line) => console.log(line));
  const logError =
    options.logError ?? ((message, error) => console.error(message, ...(error === undefined ? [] : [error])));
  const now = options.now ?? Date.now;
  const runs = options.run ?? true;
  const overrides = retryIntervalOverrides(stateMachine, options.retryPausesMs, options.retryPauseMs);
  // Validated here, the first time the definition is met: a definition the library refuses stops
  // the sandbox at start; one it accepted before is not validated again (validated-definitions.ts).
  const machine = runs ? await stateMachineOf(stateMachine.definition) : undefined;

  const stats = { started: 0, resumed: 0, running: 0, succeeded: 0, failed: 0, timedOut: 0, aborted: 0 };
  const running = new Map<string, RunningExecution>();
  const waiters = new Map<string, ((record: ExecutionRecord) => void)[]>();
  let closing = false;
  const start = options.loadHandler ? inProcess(options.loadHandler) : options.thread?.start;
  if (!start) throw new Error('The executions need the task functions’ thread or stand-in handlers');
  const tasks = createTaskInvoker({
    start,
    ...(options.faults ? { faults: options.faults } : {}),
    closing: () => closing,
    log,
    logError,
  });

  const finish = (record: ExecutionRecord) => {
    journal.write(record);
    for (const resolve of waiters.get(record.executionArn) ?? []) resolve(record);
    waiters.delete(record.executionArn);
  };

  const launch = (record: ExecutionRecord) => {
    if (!machine) return;
    const attempts = new Map<string, number>();
    let stop: (error: Error) => void = () => {};
    const stopped = new Promise<never>((_, reject) => {
      stop = reject;
    });
    stopped.catch(() => {});
    const execution: RunningExecution = { name: record.name, aborted: false, abort: () => {}, stopped };
    const taskResourceLocalHandlers = Object.fromEntries(
      [...stateMachine.tasks].map(([stateName, fn]) => [
        stateName,
        (input: unknown) => {
          const attempt = (attempts.get(stateName) ?? 0) + 1;
          attempts.set(stateName, attempt);
          return tasks.invoke(execution, stateName, fn, input, attempt);
        },
      ]),
    );
    const started = now();
    const run = machine.run(JSON.parse(record.input), {
      overrides: {
        taskResourceLocalHandlers,
        retryIntervalOverrides: overrides,
        ...(options.waitsMs ? { waitTimeOverrides: options.waitsMs } : {}),
      },
      noThrowOnAbort: true,
      context: {
        Execution: {
          Id: record.executionArn,
          Name: record.name,
          StartTime: new Date(record.startDate).toISOString(),
        },
        StateMachine: { Id: stateMachine.stateMachineArn, Name: stateMachine.stateMachineName },
      },
    } as Parameters<NonNullable<typeof machine>['run']>[1]);
    execution.abort = () => {
      run.abort();
      stop(executionStopped());
    };
    running.set(record.executionArn, execution);
    stats.running = running.size;
    const end = (status: ExecutionStatus, fields: Partial<ExecutionRecord>) => {
      running.delete(record.executionArn);
      stats.running = running.size;
      // Stopped by the sandbox's shutdown: left RUNNING for the next start. StopExecution has
      // already recorded ABORTED.
      if (execution.aborted) return;
      if (status === 'SUCCEEDED') stats.succeeded++;
      else if (status === 'TIMED_OUT') stats.timedOut++;
      else stats.failed++;
      const stopDate = now();
      finish({ ...record, status, stopDate, ...fields });
      const outcome = fields.error ? `${status} (${fields.error})` : status;
      log(
        `SFN ${stateMachine.stateMachineName} ${record.name} ${outcome} ${Math.round(stopDate - started)} ms`,
      );
    };
    run.result.then(
      (output) => end('SUCCEEDED', { output: JSON.stringify(output ?? null) }),
      (error: unknown) => {
        const name = (error as Error).name;
        if (name === 'ExecutionTimeoutError') {
          end('TIMED_OUT', { error: 'States.Timeout', cause: 'The execution ran past its TimeoutSeconds' });
          return;
        }
        // ExecutionError wraps the error that ended the execution (a Fail state's, or a task's
        // that nothing caught).
        const cause = (error as { cause?: unknown }).cause;
        const ended = cause instanceof Error ? cause : (error as Error);
        if (!(cause instanceof Error)) logError(`SFN ${record.name} failed unexpectedly:`, error);
        end('FAILED', { error: ended.name, cause: ended.message });
      },
    );
  };

  const describe = (arn: unknown) => describeExecution(journal, arn);

  return {
    stateMachineArn: stateMachine.stateMachineArn,

    start(request) {
      const stateMachineArn = parseArn(request.stateMachineArn, 'stateMachine');
      if (stateMachineArn !== stateMachine.stateMachineArn) throw stateMachineDoesNotExist(stateMachineArn);
      const { name, input } = checkedStart(request, randomUUID);
      const executionArn = executionArnOf(stateMachineArn, name);
      const existing = journal.records.get(executionArn);
      if (existing) {
        // AWS: the same name and input while it runs is the same start (idempotent); anything
        // else reuses a name, which a Standard state machine refuses for 90 days.
        if (existing.status === 'RUNNING' && existing.input === input) {
          return { executionArn, startDate: existing.startDate };
        }
        throw new StepFunctionsError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
      }
      const record: ExecutionRecord = {
        executionArn,
        stateMachineArn,
        name,
        input,
        startDate: now(),
        status: 'RUNNING',
      };
      journal.write(record);
      stats.started++;
      // While the sandbox stops it stays RUNNING in the journal: the next start runs it.
      if (!closing) launch(record);
      return { executionArn, startDate: record.startDate };
    },

    describe,

    stop(request) {
      const record = describe(request.executionArn);
      const execution = running.get(record.executionArn);
      if (record.status !== 'RUNNING') {
        throw new StepFunctionsError(
          'ValidationException',
          `Execution is not running: '${record.executionArn}' is ${record.status}`,
        );
      }
      const stopDate = now();
      if (execution) {
        execution.aborted = true;
        execution.abort();
      }
      stats.aborted++;
      finish({
        ...record,
        status: 'ABORTED',
        stopDate,
        ...(typeof request.error === 'string' ? { error: request.error } : {}),
        ...(typeof request.cause === 'string' ? { cause: request.cause } : {}),
      });
      return { stopDate };
    },

    resume() {
      if (!machine) return 0;
      const left = [...journal.records.values()].filter(
        (r) =>
          r.stateMachineArn === stateMachine.stateMachineArn &&
          r.status === 'RUNNING' &&
          !running.has(r.executionArn),
      );
      for (const record of left) {
        // Started again from the first state: every task is idempotent (the report job's changes
        // are conditional, its callback is not sent again once delivered).
        launch(record);
        stats.resumed++;
      }
      return left.length;
    },

    settled(executionArn) {
      const record = journal.records.get(executionArn);
      if (record && record.status !== 'RUNNING') return Promise.resolve(record);
      return new Promise((resolve) => {
        waiters.set(executionArn, [...(waiters.get(executionArn) ?? []), resolve]);
      });
    },

    stats: () => ({ ...stats, ...tasks.counts }),

    async close(waitMs = 5000) {
      closing = true;
      for (const execution of running.values()) {
        execution.aborted = true;
        execution.abort();
      }
      running.clear();
      stats.running = 0;
      await tasks.settle(waitMs);
    },
  };
}
