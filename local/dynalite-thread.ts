/**
 * dynalite in a worker thread of its own (local-dynamodb.ts starts it for the sandbox,
 * docs/decisions/sandbox-and-tools.md D81), with the sandbox's DynamoDB front
 * (transactions/transaction-front.ts) serving on a loopback port and calling dynalite's handler
 * here, in this thread (D99): the functions' requests take one hop and none of the sandbox's
 * thread, and a transaction's items cost calls, not round trips. It says which port it serves
 * on, answers what its front counted when asked, and, asked to close, stops its server and
 * closes the LevelDB store, and says so.
 */
import { createServer } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import {
  type DynaliteThreadData,
  type DynaliteThreadMessage,
  type DynaliteThreadRequest,
  dynaliteServer,
} from './dynalite-server';
import { listenOnLoopback, serveOnLoopback } from './listen';
import { inProcessUpstream } from './transactions/dynamodb-upstream';
import { dynamoDbFront } from './transactions/transaction-front';

const port = parentPort;
if (!port) throw new Error('dynalite-thread.ts runs in a worker thread (local-dynamodb.ts)');
const data = workerData as DynaliteThreadData;

// The front calls dynalite's handler; its server listens all the same, because dynalite closes
// its LevelDB store from its server's close(), which fails on a server that never listened.
const dynalite = dynaliteServer(data.path);
await listenOnLoopback(dynalite, 0);
const front = dynamoDbFront(inProcessUpstream(dynalite));
const served = await serveOnLoopback(createServer(front.listener), data.port);
const post = (message: DynaliteThreadMessage) => port.postMessage(message);
post({ kind: 'serving', port: Number(new URL(served.endpoint).port) });
port.on('message', (request: DynaliteThreadRequest) => {
  if (request.kind === 'read') front.noteRead();
  else if (request.kind === 'counters')
    post({ kind: 'counters', id: request.id, requests: { ...front.requests }, items: front.items.toJSON() });
  else
    void served
      .close()
      .then(() =>
        dynalite.close((error) => post({ kind: 'closed', ...(error ? { error: error.message } : {}) })),
      );
});
