/**
 * The workflows' task functions run in one long-lived worker thread, shared by every state
 * machine of the sandbox (docs/decisions/sandbox-and-tools.md D81): in AWS a task function runs in
 * a Lambda environment of its own and never takes the API's CPU, while a catalogue plan is tens of
 * seconds of synchronous work that, in the sandbox's own thread, would hold up every API request
 * meanwhile. The thread starts with the first invocation, with a copy of this thread's
 * `process.env`: the sandbox sets the functions' environment at boot (applyFunctionEnvironment,
 * the issuer's keys), before any execution runs; a copy rather than SHARE_ENV (the process's own)
 * because Jest gives each test file a `process.env` of its own, which is what its tests set. It
 * loads our TypeScript through tsx as the sandbox does (local/ts-worker.ts). Its console output is the
 * process's. A thread that fails ends its invocations in progress; the next invocation starts
 * another.
 */
import * as path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { FunctionSpec } from '#functions/function-registry';
import { tableGrantChecks } from '../iam/table-grants';
import type { LambdaError } from '../lambda/lambda-error';
import { typeScriptWorker } from '../ts-worker';
import { type StartedInvocation, type StartInvocation, TaskFailure } from './task-invocation';

/** An invocation, from the main thread to the worker. */
export interface TaskThreadRequest {
  readonly kind?: 'invoke';
  readonly id: number;
  readonly spec: FunctionSpec;
  /** The event's JSON text. */
  readonly event: string;
  readonly awsRequestId: string;
  readonly timeoutMs: number;
  readonly memoryMb: number;
}

/** Load these functions now, before their first invocation: the worker's answer to an invocation then needs no import. */
export interface TaskThreadWarming {
  readonly kind: 'load';
  readonly specs: readonly FunctionSpec[];
}

type GrantChecks = typeof tableGrantChecks;

/** What the worker says of an invocation: loaded (or not), then its answer or its error. */
export type TaskThreadAnswer =
  | { readonly id: number; readonly kind: 'started' }
  | { readonly id: number; readonly kind: 'not-loaded'; readonly error: LambdaError }
  | { readonly id: number; readonly kind: 'answered'; readonly answer: string; readonly grants: GrantChecks }
  | {
      readonly id: number;
      readonly kind: 'failed';
      readonly error: LambdaError;
      readonly grants: GrantChecks;
    };

export interface TaskThread {
  readonly start: StartInvocation;
  /**
   * Starts the thread, if it has not started, and loads these functions in it, while this thread
   * goes on: call it once the functions' environment is set, which the thread copies.
   */
  warm(specs: readonly FunctionSpec[]): void;
  /** Ends the thread, and with it any invocation still in progress. */
  close(): Promise<void>;
}

const WORKER_FILE = path.join(import.meta.dirname, 'task-worker.ts');

/** An Error with the worker's name, message and stack, for the log. */
const asError = ({ errorType, errorMessage, trace }: LambdaError): Error =>
  Object.assign(new Error(errorMessage), { name: errorType, ...(trace ? { stack: trace.join('\n') } : {}) });

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
};

interface Pending {
  /** The thread that runs it. */
  readonly thread: Worker;
  readonly started: ReturnType<typeof deferred<StartedInvocation>>;
  readonly answer: ReturnType<typeof deferred<unknown>>;
  loaded: boolean;
}

export function openTaskThread(options: {
  readonly logError: (message: string, error?: unknown) => void;
}): TaskThread {
  let worker: Worker | undefined;
  let closed = false;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  /** Ends the invocations of a thread that stopped. */
  const endAll = (thread: Worker, error: Error) => {
    for (const [id, invocation] of pending) {
      if (invocation.thread !== thread) continue;
      pending.delete(id);
      if (invocation.loaded) invocation.answer.reject(error);
      else invocation.started.reject(error);
    }
  };

  const onAnswer = (message: TaskThreadAnswer) => {
    const invocation = pending.get(message.id);
    if (!invocation) return;
    if (message.kind === 'started') {
      invocation.loaded = true;
      invocation.started.resolve({ answer: invocation.answer.promise });
      return;
    }
    pending.delete(message.id);
    if (message.kind === 'not-loaded') {
      invocation.started.reject(asError(message.error));
      return;
    }
    // The worker's table requests, counted where `/_sandbox/stats` reads them.
    tableGrantChecks.checked += message.grants.checked;
    tableGrantChecks.refused += message.grants.refused;
    if (message.kind === 'answered') invocation.answer.resolve(JSON.parse(message.answer));
    else {
      const { errorType, errorMessage, trace } = message.error;
      invocation.answer.reject(new TaskFailure(errorType, errorMessage, trace));
    }
  };

  const thread = () => {
    if (worker) return worker;
    const started = typeScriptWorker(WORKER_FILE, { env: { ...process.env } });
    const forget = () => {
      if (worker === started) worker = undefined;
    };
    started.on('message', onAnswer);
    // An error nothing in the thread caught (a function's stray promise): it stops, the next
    // invocation starts another.
    started.on('error', (error) => {
      forget();
      options.logError('The task functions’ worker thread failed:', error);
      endAll(started, error);
    });
    started.on('exit', () => {
      forget();
      endAll(started, new Error('The task functions’ worker thread stopped'));
    });
    worker = started;
    return started;
  };

  return {
    warm(specs) {
      if (closed || specs.length === 0) return;
      const warming: TaskThreadWarming = { kind: 'load', specs };
      thread().postMessage(warming);
    },
    start: (fn, event, awsRequestId) => {
      if (closed) return Promise.reject(new Error('The task functions’ worker thread is closed'));
      const id = nextId++;
      const started = deferred<StartedInvocation>();
      const answer = deferred<unknown>();
      // Rejected when the function does not load: nobody awaits the answer then.
      answer.promise.catch(() => {});
      const runner = thread();
      pending.set(id, { thread: runner, started, answer, loaded: false });
      const request: TaskThreadRequest = {
        id,
        spec: fn.spec,
        event,
        awsRequestId,
        timeoutMs: fn.timeoutSeconds * 1000,
        memoryMb: fn.memoryMb,
      };
      runner.postMessage(request);
      return started.promise;
    },
    async close() {
      closed = true;
      const stopping = worker;
      worker = undefined;
      await stopping?.terminate();
    },
  };
}
