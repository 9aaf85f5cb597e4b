/**
 * How a Task state calls its Lambda function in the sandbox: the real handler in the task
 * functions' worker thread (task-thread.ts; in this process for unit tests' stand-ins), with a
 * Lambda context and the function's timeout, its event and answer as JSON copies, and its errors
 * as Step Functions sees a Lambda function's.
 */
import { randomUUID } from 'node:crypto';
import type { FaultInjector } from '../faults';
import { handlerCache } from '../lambda/handler-cache';
import type { HandlerLoader, LambdaHandler } from '../lambda/import-handler';
import { lambdaContext } from '../lambda/lambda-context';
import { lambdaError } from '../lambda/lambda-error';
import { timedOutMessage, withTimeout } from '../lambda/timeout';
import type { TaskFunction } from './state-machine-definition';

export type TaskHandler = LambdaHandler<unknown>;

/** The failures SANDBOX_FAULTS injects into task attempts. */
export type TaskFaults = Pick<FaultInjector, 'taskFailure'>;

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
  const { errorType, errorMessage, trace } = lambdaError(error);
  return new TaskFailure(errorType, errorMessage, trace);
};

/**
 * What a task of a stopped execution fails with: neither retried nor caught, so the library
 * ends the execution at once and clears its timers (the result was already settled by abort).
 */
export const executionStopped = () =>
  Object.assign(new TaskFailure('States.Runtime', 'The execution was stopped'), {
    isRetryable: false,
    isCatchable: false,
  });

/** An execution while it runs, as its tasks see it. */
export interface RunningExecution {
  /** The execution's name, for the log. */
  readonly name: string;
  aborted: boolean;
  abort(): void;
  /** Rejects once the execution is stopped: a task in progress stops waiting for its function. */
  readonly stopped: Promise<never>;
}

/** An invocation whose function is loaded and running (its timeout runs from then). */
export interface StartedInvocation {
  /** The function's answer, or its error. */
  readonly answer: Promise<unknown>;
}

/**
 * Loads a task's function (rejects when it does not load) and invokes it with `event`, the JSON
 * text of its input, under a Lambda context whose deadline is the function's timeout from now.
 */
export type StartInvocation = (
  fn: TaskFunction,
  event: string,
  awsRequestId: string,
) => Promise<StartedInvocation>;

/** Invocations in this process, of the handlers `load` gives (unit tests' stand-ins). */
export const inProcess = (load: HandlerLoader<TaskHandler>): StartInvocation => {
  const handlerFor = handlerCache<TaskHandler>(load);
  return async (fn, event, awsRequestId) => {
    const handler = await handlerFor(fn.spec);
    const deadline = Date.now() + fn.timeoutSeconds * 1000;
    const context = lambdaContext(fn.spec, awsRequestId, deadline, fn.memoryMb);
    return { answer: Promise.resolve().then(() => handler(JSON.parse(event), context)) };
  };
};

export interface TaskInvokerOptions {
  /** How invocations run: the task functions' worker thread (task-thread.ts) or `inProcess`. */
  readonly start: StartInvocation;
  readonly faults?: TaskFaults;
  /** Whether the sandbox is stopping: nothing more is invoked then. */
  readonly closing: () => boolean;
  readonly log: (line: string) => void;
  readonly logError: (message: string, error?: unknown) => void;
}

export interface TaskInvoker {
  /** Attempt `attempt` (1, 2, ...) of the Task state `stateName` of an execution. */
  invoke(
    execution: RunningExecution,
    stateName: string,
    fn: TaskFunction,
    input: unknown,
    attempt: number,
  ): Promise<unknown>;
  /** Invocations of task functions (retries included), and attempts failed by SANDBOX_FAULTS without one. */
  readonly counts: { readonly taskInvocations: number; readonly injected: number };
  /** Waits up to `waitMs` for the invocations in progress. */
  settle(waitMs: number): Promise<void>;
}

export function createTaskInvoker(options: TaskInvokerOptions): TaskInvoker {
  const { faults, log, logError } = options;
  const counts = { taskInvocations: 0, injected: 0 };
  const inFlight = new Set<Promise<unknown>>();

  const invoke: TaskInvoker['invoke'] = async (execution, stateName, fn, input, attempt) => {
    // The library retries once more after an abort ends a retry pause: nothing runs then.
    if (execution.aborted || options.closing()) throw executionStopped();
    const injected = faults?.taskFailure(fn.spec, attempt);
    if (injected) {
      counts.injected++;
      log(
        `SFN ${execution.name} ${stateName}: attempt ${attempt} failed by SANDBOX_FAULTS (${injected.name})`,
      );
      throw new TaskFailure(injected.name, injected.message);
    }
    // The event as Lambda delivers it: a JSON copy, not the state machine's own object.
    const event = JSON.stringify(input ?? null);
    let started: StartedInvocation;
    try {
      started = await options.start(fn, event, randomUUID());
    } catch (error) {
      // The worker thread stopped with the sandbox while the function loaded.
      if (options.closing()) throw executionStopped();
      logError(`The function ${fn.spec.name} does not load:`, error);
      throw new TaskFailure('Runtime.ImportModuleError', `${fn.spec.handler} could not be loaded`);
    }
    counts.taskInvocations++;
    const timeoutMs = fn.timeoutSeconds * 1000;
    const invocation = started.answer;
    const tracked = invocation.catch(() => undefined);
    inFlight.add(tracked);
    tracked.finally(() => inFlight.delete(tracked));
    try {
      // Started after the state's own TimeoutSeconds timer (this function awaited first), so with
      // equal durations States.Timeout wins, as in AWS where the task's clock starts first.
      const result = await withTimeout(
        Promise.race([invocation, execution.stopped]),
        timeoutMs,
        () => new TaskFailure('Sandbox.Timedout', timedOutMessage(timeoutMs)),
      );
      // Lambda answers JSON: undefined becomes null, Dates strings, and so on.
      return result === undefined ? null : JSON.parse(JSON.stringify(result));
    } catch (error) {
      throw asTaskFailure(error);
    }
  };

  return {
    invoke,
    counts,
    async settle(waitMs) {
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
