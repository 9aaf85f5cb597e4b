/**
 * Plays Step Functions for the report state machine: each StartExecution runs the synthesized
 * definition (workflow-definition.ts) under aws-local-stepfunctions, whose Task states call the
 * real task functions in this process (`taskResourceLocalHandlers`, keyed by state name, each
 * mapped to the function its Resource ARN names) with a Lambda context and the function's
 * timeout. Retry pauses are shortened (`retryIntervalOverrides`); everything else — Retry and
 * Catch by error name, paths, the Choice — is the definition's own.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { REPORT_STATES } from '../../functions/reports/domain/report-workflow';
import type { FunctionSpec } from '../../functions/routes';
import { lambdaContext } from '../gateway/lambda-context';
import { importHandler } from '../http-front';
import type { FaultInjector } from '../queues/faults';
import type { ExecutionJournal, ExecutionRecord, ExecutionStatus } from './execution-journal';
import { allStates, type ReportWorkflowDefinition, type WorkflowFunction } from './workflow-definition';

/** The sandbox's pause before any other retry (AWS: seconds to minutes, from the definition). */
export const SANDBOX_RETRY_PAUSE_MS = 250;

/** The sandbox's pause between callback attempts: 8 retries cover 32 s, so a partner back within 30 s is told. */
export const SANDBOX_CALLBACK_RETRY_MS = 4000;

export type TaskHandler = (input: unknown, context: Context) => Promise<unknown>;
export type TaskHandlerLoader = (fn: FunctionSpec) => Promise<TaskHandler>;

/** Loads a task function's module the way the HTTP front loads a route's (through the running tsx). */
export const importTaskHandler: TaskHandlerLoader = (fn) =>
  importHandler(fn) as unknown as Promise<TaskHandler>;

/** An error of the Step Functions API, answered as `{"__type": code, "message": ...}` (HTTP 400). */
export class StepFunctionsError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = code;
  }
}

/**
 * A task's failure as Step Functions sees a Lambda function's: `name` is the function's
 * `errorType` (what Retry and Catch match) and the message, which becomes the `Cause`, is the
 * JSON of the function's error, as in AWS.
 */
export class TaskFailure extends Error {
  constructor(errorType: string, errorMessage: string, trace?: readonly string[]) {
    super(JSON.stringify({ errorType, errorMessage, ...(trace ? { trace } : {}) }));
    this.name = errorType;
  }
}

/** What a thrown value looks like once Lambda has serialized it. */
export const asTaskFailure = (error: unknown): TaskFailure => {
  if (error instanceof TaskFailure) return error;
  if (error instanceof Error) {
    return new TaskFailure(error.name || 'Error', error.message, error.stack?.split('\n'));
  }
  return new TaskFailure('Error', String(error));
};

/**
 * What a task of a stopped execution fails with: neither retried nor caught, so the library
 * ends the execution at once and clears its timers (the result was already settled by abort).
 */
const executionStopped = () =>
  Object.assign(new TaskFailure('States.Runtime', 'The execution was stopped'), {
    isRetryable: false,
    isCatchable: false,
  });

/** Lambda's own error for a function that ran past its timeout. */
const timedOut = (seconds: number) =>
  new TaskFailure('Sandbox.Timedout', `Task timed out after ${seconds.toFixed(2)} seconds`);

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

export interface StartExecutionInput {
  readonly stateMachineArn?: unknown;
  readonly name?: unknown;
  readonly input?: unknown;
}

export interface ReportExecutions {
  readonly stateMachineArn: string;
  start(request: StartExecutionInput): { executionArn: string; startDate: number };
  describe(executionArn: unknown): ExecutionRecord;
  stop(request: { executionArn?: unknown; error?: unknown; cause?: unknown }): { stopDate: number };
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

export interface ReportExecutionsOptions {
  readonly workflow: ReportWorkflowDefinition;
  readonly journal: ExecutionJournal;
  /**
   * false: executions are recorded RUNNING and not run (`npm run invoke` without a sandbox:
   * the next `npm start` runs them).
   */
  readonly run?: boolean;
  readonly loadHandler?: TaskHandlerLoader;
  readonly faults?: FaultInjector;
  /** Pause before a retry of the Send callback state, and of any other. */
  readonly callbackRetryMs?: number;
  readonly retryPauseMs?: number;
  readonly log?: (line: string) => void;
  readonly logError?: (message: string, error?: unknown) => void;
  readonly now?: () => number;
}

const ARN_PATTERN = /^arn:aws[a-z-]*:states:[a-z0-9-]+:\d{12}:(stateMachine|execution):.+$/;
/** What Step Functions refuses in a name: white space, brackets, wildcards, specials, controls. */
const INVALID_NAME = /[\s<>{}[\]?*"#%\\^|~`$&,;:/\p{Cc}]/u;
const MAX_INPUT_BYTES = 256 * 1024;

const executionArnOf = (stateMachineArn: string, name: string) =>
  `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;

/** The retry pause of each state that has a Retry: the callback's own, a short one for the others. */
export const retryIntervalOverrides = (
  workflow: ReportWorkflowDefinition,
  callbackRetryMs = SANDBOX_CALLBACK_RETRY_MS,
  retryPauseMs = SANDBOX_RETRY_PAUSE_MS,
): Record<string, number> => {
  const states = new Map(allStates(workflow.definition));
  if (!states.has(REPORT_STATES.sendCallback)) {
    throw new Error(
      `The report state machine has no state "${REPORT_STATES.sendCallback}": ` +
        'REPORT_STATES and the construct disagree',
    );
  }
  return Object.fromEntries(
    [...states]
      .filter(([, state]) => (state.Retry?.length ?? 0) > 0)
      .map(([name]) => [name, name === REPORT_STATES.sendCallback ? callbackRetryMs : retryPauseMs]),
  );
};

interface RunningExecution {
  aborted: boolean;
  abort(): void;
  /** Rejects once the execution is stopped: a task in progress stops waiting for its function. */
  readonly stopped: Promise<never>;
}

/**
 * The executions of the report state machine. aws-local-stepfunctions is imported here, lazily
 * (a quarter of a second: it brings the Lambda client it does not use here).
 */
export async function createReportExecutions(options: ReportExecutionsOptions): Promise<ReportExecutions> {
  const { workflow, journal, faults } = options;
  const log = options.log ?? ((line) => console.log(line));
  const logError =
    options.logError ?? ((message, error) => console.error(message, ...(error === undefined ? [] : [error])));
  const now = options.now ?? Date.now;
  const loadHandler = options.loadHandler ?? importTaskHandler;
  const runs = options.run ?? true;
  const overrides = retryIntervalOverrides(workflow, options.callbackRetryMs, options.retryPauseMs);
  // Validated once, here: a definition the library refuses stops the sandbox at start.
  const machine = runs
    ? new (await import('aws-local-stepfunctions')).StateMachine(
        workflow.definition as unknown as ConstructorParameters<
          typeof import('aws-local-stepfunctions').StateMachine
        >[0],
      )
    : undefined;

  const stats: ExecutionStats = {
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
  const running = new Map<string, RunningExecution>();
  const inFlight = new Set<Promise<unknown>>();
  const waiters = new Map<string, ((record: ExecutionRecord) => void)[]>();
  let closing = false;

  // One module load per function, shared; forgotten on failure so a fixed file is picked up.
  const handlers = new Map<string, Promise<TaskHandler>>();
  const handlerFor = (spec: FunctionSpec) => {
    let handler = handlers.get(spec.name);
    if (!handler) {
      handler = loadHandler(spec);
      handlers.set(spec.name, handler);
      handler.catch(() => handlers.delete(spec.name));
    }
    return handler;
  };

  const finish = (record: ExecutionRecord) => {
    journal.write(record);
    for (const resolve of waiters.get(record.executionArn) ?? []) resolve(record);
    waiters.delete(record.executionArn);
  };

  const invokeTask = async (
    execution: RunningExecution,
    record: ExecutionRecord,
    stateName: string,
    fn: WorkflowFunction,
    input: unknown,
    attempt: number,
  ): Promise<unknown> => {
    // The library retries once more after an abort ends a retry pause: nothing runs then.
    if (execution.aborted || closing) throw executionStopped();
    const injected = faults?.reportTaskFailure(fn.spec, attempt);
    if (injected) {
      stats.injected++;
      log(`SFN ${record.name} ${stateName}: attempt ${attempt} failed by SANDBOX_FAULTS (${injected.name})`);
      throw new TaskFailure(injected.name, injected.message);
    }
    let handler: TaskHandler;
    try {
      handler = await handlerFor(fn.spec);
    } catch (error) {
      logError(`The function ${fn.spec.name} does not load:`, error);
      throw new TaskFailure('Runtime.ImportModuleError', `${fn.spec.handler} could not be loaded`);
    }
    stats.taskInvocations++;
    const timeoutMs = fn.timeoutSeconds * 1000;
    const requestId = randomUUID();
    const context: Context = {
      ...lambdaContext(fn.spec, requestId, Date.now() + timeoutMs),
      memoryLimitInMB: String(fn.memoryMb),
    };
    // The event as Lambda delivers it: a JSON copy, not the state machine's own object.
    const invocation = Promise.resolve().then(() =>
      handler(JSON.parse(JSON.stringify(input ?? null)), context),
    );
    const tracked = invocation.catch(() => undefined);
    inFlight.add(tracked);
    tracked.finally(() => inFlight.delete(tracked));
    // Started after the state's own TimeoutSeconds timer (this function awaited first), so with
    // equal durations States.Timeout wins, as in AWS where the task's clock starts first.
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(timedOut(fn.timeoutSeconds)), timeoutMs);
    });
    try {
      const result = await Promise.race([invocation, timeout, execution.stopped]);
      // Lambda answers JSON: undefined becomes null, Dates strings, and so on.
      return result === undefined ? null : JSON.parse(JSON.stringify(result));
    } catch (error) {
      throw asTaskFailure(error);
    } finally {
      clearTimeout(timer);
    }
  };

  const launch = (record: ExecutionRecord) => {
    if (!machine) return;
    const attempts = new Map<string, number>();
    let stop: (error: Error) => void = () => {};
    const stopped = new Promise<never>((_, reject) => {
      stop = reject;
    });
    stopped.catch(() => {});
    const execution: RunningExecution = { aborted: false, abort: () => {}, stopped };
    const taskResourceLocalHandlers = Object.fromEntries(
      [...workflow.tasks].map(([stateName, fn]) => [
        stateName,
        (input: unknown) => {
          const attempt = (attempts.get(stateName) ?? 0) + 1;
          attempts.set(stateName, attempt);
          return invokeTask(execution, record, stateName, fn, input, attempt);
        },
      ]),
    );
    const started = now();
    const run = machine.run(JSON.parse(record.input), {
      overrides: { taskResourceLocalHandlers, retryIntervalOverrides: overrides },
      noThrowOnAbort: true,
      context: {
        Execution: { Id: record.executionArn, Name: record.name },
        StateMachine: { Id: workflow.stateMachineArn, Name: workflow.stateMachineName },
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
      log(`SFN ${workflow.stateMachineName} ${record.name} ${outcome} ${Math.round(stopDate - started)} ms`);
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

  const parseArn = (value: unknown, kind: 'stateMachine' | 'execution'): string => {
    if (typeof value !== 'string' || !ARN_PATTERN.test(value) || !value.includes(`:${kind}:`)) {
      throw new StepFunctionsError(
        'InvalidArn',
        `Invalid Arn: 'Resource type not valid in this context: ${String(value)}'`,
      );
    }
    return value;
  };

  const describe = (arn: unknown): ExecutionRecord => {
    const executionArn = parseArn(arn, 'execution');
    const record = journal.records.get(executionArn);
    if (!record) {
      throw new StepFunctionsError('ExecutionDoesNotExist', `Execution Does Not Exist: '${executionArn}'`);
    }
    return record;
  };

  return {
    stateMachineArn: workflow.stateMachineArn,

    start(request) {
      const stateMachineArn = parseArn(request.stateMachineArn, 'stateMachine');
      if (stateMachineArn !== workflow.stateMachineArn) {
        throw new StepFunctionsError(
          'StateMachineDoesNotExist',
          `State Machine Does Not Exist: '${stateMachineArn}'`,
        );
      }
      const name = request.name === undefined ? randomUUID() : request.name;
      if (typeof name !== 'string' || name.length < 1 || name.length > 80 || INVALID_NAME.test(name)) {
        throw new StepFunctionsError('InvalidName', `Invalid Name: '${String(name)}'`);
      }
      const input = request.input === undefined ? '{}' : request.input;
      if (typeof input !== 'string') {
        throw new StepFunctionsError('SerializationException', 'input must be a string');
      }
      if (Buffer.byteLength(input) > MAX_INPUT_BYTES) {
        throw new StepFunctionsError('InvalidExecutionInput', 'The input is larger than 256 KiB');
      }
      try {
        JSON.parse(input);
      } catch (error) {
        throw new StepFunctionsError(
          'InvalidExecutionInput',
          `Invalid State Machine Execution Input: '${(error as Error).message}'`,
        );
      }
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
        (r) => r.status === 'RUNNING' && !running.has(r.executionArn),
      );
      for (const record of left) {
        // Started again from the first state: every task is idempotent (the job's changes are
        // conditional, the callback is not sent again once delivered).
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

    stats: () => ({ ...stats }),

    async close(waitMs = 5000) {
      closing = true;
      for (const execution of running.values()) {
        execution.aborted = true;
        execution.abort();
      }
      running.clear();
      stats.running = 0;
      if (inFlight.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all([...inFlight]),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, waitMs);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}
