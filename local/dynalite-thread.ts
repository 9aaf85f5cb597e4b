/**
 * dynalite in a worker thread of its own (local-dynamodb.ts starts it for the sandbox,
 * docs/decisions/sandbox-and-tools.md D81): it serves on a loopback port, as in the sandbox's
 * thread, and says which; asked to close, it stops its server, which closes the LevelDB store,
 * and says so.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type DynaliteThreadData, type DynaliteThreadMessage, dynaliteServer } from './dynalite-server';
import { listenOnLoopback } from './listen';

const port = parentPort;
if (!port) throw new Error('dynalite-thread.ts runs in a worker thread (local-dynamodb.ts)');
const data = workerData as DynaliteThreadData;

const server = dynaliteServer(data.path);
const post = (message: DynaliteThreadMessage) => port.postMessage(message);
post({ kind: 'serving', port: await listenOnLoopback(server, data.port) });
port.once('message', () =>
  server.close((error) => post({ kind: 'closed', ...(error ? { error: error.message } : {}) })),
);
