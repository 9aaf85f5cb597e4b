/**
 * The task functions' worker thread (task-thread.ts starts it): loads each function's handler as
 * the sandbox does (importHandler: through tsx, held to its table grants) and runs the
 * invocations the main thread sends, each with a Lambda context whose deadline is the function's
 * timeout from the moment its handler is loaded. Answers go back as JSON text, errors as Lambda
 * serializes them, each with the table requests checked and refused since the previous answer.
 */
import { parentPort } from 'node:worker_threads';
import { tableGrantChecks } from '../iam/table-grants';
import { handlerCache } from '../lambda/handler-cache';
import { importHandler, type LambdaHandler } from '../lambda/import-handler';
import { lambdaContext } from '../lambda/lambda-context';
import { lambdaError } from '../lambda/lambda-error';
import type { TaskThreadAnswer, TaskThreadRequest, TaskThreadWarming } from './task-thread';

const port = parentPort;
if (!port) throw new Error('task-worker.ts runs in the task functions’ worker thread (task-thread.ts)');

const handlerFor = handlerCache<LambdaHandler<unknown>>(importHandler);
const reported = { checked: 0, refused: 0 };
/** The checks since the last answer: the main thread adds them to its own counters. */
const newChecks = () => {
  const checks = {
    checked: tableGrantChecks.checked - reported.checked,
    refused: tableGrantChecks.refused - reported.refused,
  };
  Object.assign(reported, tableGrantChecks);
  return checks;
};
const post = (answer: TaskThreadAnswer) => port.postMessage(answer);

port.on('message', async (request: TaskThreadRequest | TaskThreadWarming) => {
  if (request.kind === 'load') {
    // A function that does not load says so at its first invocation.
    for (const spec of request.specs) await handlerFor(spec).catch(() => {});
    return;
  }
  const { id, spec } = request;
  let handler: LambdaHandler<unknown>;
  try {
    handler = await handlerFor(spec);
  } catch (error) {
    post({ id, kind: 'not-loaded', error: lambdaError(error) });
    return;
  }
  const deadline = Date.now() + request.timeoutMs;
  // Before the handler runs (a synchronous one holds this thread): the main thread's timeout and
  // its close both start from this message.
  post({ id, kind: 'started' });
  try {
    const context = lambdaContext(spec, request.awsRequestId, deadline, request.memoryMb);
    const answer = await handler(JSON.parse(request.event), context);
    // Lambda answers JSON: undefined becomes null, Dates strings, and so on.
    post({ id, kind: 'answered', answer: JSON.stringify(answer) ?? 'null', grants: newChecks() });
  } catch (error) {
    post({ id, kind: 'failed', error: lambdaError(error), grants: newChecks() });
  }
});
