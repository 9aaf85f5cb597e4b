/**
 * How a Task state calls its Lambda function in the sandbox: the real handler in this process,
 * with a Lambda context and the function's timeout, its event and answer as JSON copies, and its
 * errors as Step Functions sees a Lambda function's.
 */
import { randomUUID } from 'node:crypto';
import type { FaultInjector } from '../faults';
import { handlerCache } from '../lambda/handler-cache';
import { type HandlerLoader, importHandler, type LambdaHandler } from '../lambda/import-handler';
import { lambdaContext } from '../lambda/lambda-context';
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
  if (error instanceof Error) {
    return new TaskFailure(error.name || 'Error', error.message, error.stack?.split('\n'));
  }
  return new TaskFailure('Error', String(error));
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

export interface TaskInvokerOptions {
  readonly loadHandler?: HandlerLoader<TaskHandler>;
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
  const handlerFor = handlerCache<TaskHandler>(options.loadHandler ?? importHandler);
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
    let handler: TaskHandler;
    try {
      handler = await handlerFor(fn.spec);
    } catch (error) {
      logError(`The function ${fn.spec.name} does not load:`, error);
      throw new TaskFailure('Runtime.ImportModuleError', `${fn.spec.handler} could not be loaded`);
    }
    counts.taskInvocations++;
    const timeoutMs = fn.timeoutSeconds * 1000;
    const context = lambdaContext(fn.spec, randomUUID(), Date.now() + timeoutMs, fn.memoryMb);
    // The event as Lambda delivers it: a JSON copy, not the state machine's own object.
    const invocation = Promise.resolve().then(() =>
      handler(JSON.parse(JSON.stringify(input ?? null)), context),
    );
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
