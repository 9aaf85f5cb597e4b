/**
 * The workflows' task functions in their worker thread (docs/decisions/sandbox-and-tools.md D81):
 * a long synchronous task leaves the sandbox's own thread free (the API answers during a
 * publish), and a task's answer, error, timeout and table requests reach Step Functions and
 * `/_sandbox/stats` as they did when it ran in the sandbox's thread.
 */
import { threadId } from 'node:worker_threads';
import type { FunctionSpec } from '#functions/function-registry';
import { tableGrantChecks } from '#local/iam/table-grants';
import { lambdaArn, SANDBOX_CREDENTIALS, SANDBOX_REGION } from '#local/sandbox-identity';
import type { TaskFunction } from '#local/stepfunctions/state-machine-definition';
import {
  createTaskInvoker,
  type RunningExecution,
  type TaskInvoker,
} from '#local/stepfunctions/task-invocation';
import { openTaskThread, type TaskThread } from '#local/stepfunctions/task-thread';
import type { ThreadTaskEvent } from './support/thread-task';

/** A task function whose module is the test's (under test/, reached from functions/). */
const task = (
  name: string,
  timeoutSeconds = 30,
  handler = '../test/unit/local/stepfunctions/support/thread-task',
): TaskFunction => {
  const spec: FunctionSpec = { name, handler, table: [] };
  return { spec, functionName: name, functionArn: lambdaArn(name), timeoutSeconds, memoryMb: 1024 };
};

const running = (): RunningExecution => ({
  name: 'e-1',
  aborted: false,
  abort: () => {},
  stopped: new Promise<never>(() => {}),
});

describe('the task functions’ worker thread', () => {
  let thread: TaskThread;
  let tasks: TaskInvoker;
  const errors: string[] = [];
  const invoke = (fn: TaskFunction, event: ThreadTaskEvent) => tasks.invoke(running(), 'State', fn, event, 1);

  beforeAll(() => {
    // What the sandbox gives its functions (local/function-env.ts): a refused request is sent nowhere.
    Object.assign(process.env, {
      AWS_REGION: SANDBOX_REGION,
      AWS_ACCESS_KEY_ID: SANDBOX_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: SANDBOX_CREDENTIALS.secretAccessKey,
    });
    thread = openTaskThread({ logError: (message) => errors.push(message) });
    tasks = createTaskInvoker({
      start: thread.start,
      closing: () => false,
      log: () => {},
      logError: (message) => errors.push(message),
    });
  });
  afterAll(async () => {
    await thread?.close();
  });

  it('runs a task in a thread of its own, with its context and the process’s environment', async () => {
    const answer = (await invoke(task('where-task'), { do: 'where' })) as Record<string, unknown>;
    expect(answer).toMatchObject({
      isMainThread: false,
      functionName: 'commerce-api-sandbox-where-task',
      table: process.env.TABLE_NAME,
    });
    expect(answer.threadId).not.toBe(threadId);
    expect(answer.remainingMs).toBeGreaterThan(25_000);
    expect(answer.remainingMs).toBeLessThanOrEqual(30_000);
    expect(tasks.counts.taskInvocations).toBe(1);
  });

  it('leaves this thread’s event loop free while a task spins', async () => {
    // Loaded first, so the spin alone is measured.
    await invoke(task('spin-task'), { do: 'spin', ms: 0 });
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(Date.now()), 50);
    const began = Date.now();
    try {
      await expect(invoke(task('spin-task'), { do: 'spin', ms: 1_500 })).resolves.toEqual({ spun: 1_500 });
    } finally {
      clearInterval(timer);
    }
    // A timer every 50 ms fired all along (in the sandbox's thread, the task would hold it 1.5 s).
    const gaps = ticks.map((tick, i) => tick - (ticks[i - 1] ?? began));
    expect(ticks.length).toBeGreaterThanOrEqual(15);
    expect(Math.max(...gaps)).toBeLessThan(500);
  });

  it('fails a task with the name, message and stack of what its function threw', async () => {
    const failure = await invoke(task('throw-task'), {
      do: 'throw',
      name: 'ReportTooLarge',
      message: 'Too many orders',
    }).catch((error: Error) => error);
    expect(failure).toMatchObject({ name: 'ReportTooLarge' });
    const cause = JSON.parse((failure as Error).message);
    expect(cause).toMatchObject({ errorType: 'ReportTooLarge', errorMessage: 'Too many orders' });
    expect(cause.trace.join('\n')).toMatch(/thread-task/);
  });

  it('fails a task that runs past its function’s timeout, and one whose module does not load', async () => {
    await expect(invoke(task('slow-task', 1), { do: 'spin', ms: 1_500 })).rejects.toMatchObject({
      name: 'Sandbox.Timedout',
      message: expect.stringContaining('Task timed out after 1.00 seconds'),
    });
    await expect(invoke(task('missing-task', 30, 'no/such-module'), { do: 'where' })).rejects.toMatchObject({
      name: 'Runtime.ImportModuleError',
    });
    expect(errors).toContain('The function missing-task does not load:');
  });

  it('holds a task to its table grants in the thread, and counts its checks in this one', async () => {
    const before = { ...tableGrantChecks };
    await expect(invoke(task('read-task'), { do: 'read', pk: 'ORDER#1' })).rejects.toMatchObject({
      name: 'AccessDeniedException',
    });
    expect(tableGrantChecks).toEqual({ checked: before.checked + 1, refused: before.refused + 1 });
  });

  it('fails the task whose thread an uncaught error stops, and runs the next task in a new thread', async () => {
    const where = async () =>
      ((await invoke(task('where-task'), { do: 'where' })) as { threadId: number }).threadId;
    const before = await where();
    await expect(invoke(task('crash-task'), { do: 'crash' })).rejects.toMatchObject({
      name: 'Error',
      message: expect.stringContaining('Nothing caught this'),
    });
    expect(errors).toContain('The task functions’ worker thread failed:');
    expect(await where()).not.toBe(before);
  });

  it('ends, a task in progress with it, when closed', async () => {
    const own = openTaskThread({ logError: () => {} });
    const started = await own.start(task('endless-task'), JSON.stringify({ do: 'spin', ms: 60_000 }), 'r-1');
    const closedAt = Date.now();
    await own.close();
    expect(Date.now() - closedAt).toBeLessThan(5_000);
    await expect(started.answer).rejects.toThrow(/stopped/);
  });
});
