import * as path from 'node:path';
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import {
  type DynaliteThreadData,
  type DynaliteThreadMessage,
  type DynaliteThreadRequest,
  dynaliteServer,
  type FrontCountersDocument,
} from './dynalite-server';
import { listenOnLoopback } from './listen';
import { SANDBOX_CREDENTIALS, SANDBOX_REGION } from './sandbox-identity';
import { typeScriptWorker } from './ts-worker';

/** The front that serves with dynalite in its thread (local/dynalite-thread.ts): its pacing and counters. */
export interface ThreadFront {
  /** A request of the API's readers: counted as a table read by the front's pacing of bulk writes. */
  noteRead(): void;
  /** What the front counted so far: requests sent on to dynalite by operation, items written and deleted. */
  counters(): Promise<FrontCountersDocument>;
}

export interface LocalDynamoDb {
  /**
   * `http://127.0.0.1:<port>`, the value of `AWS_ENDPOINT_URL_DYNAMODB` for the functions: in a
   * thread, the DynamoDB front's, with transactions (local/transactions/); here, dynalite's own.
   */
  readonly endpoint: string;
  /** A client for the sandbox's own use (table creation, seeding). */
  readonly client: DynamoDBClient;
  /** In a thread only: the front that serves there. */
  readonly front?: ThreadFront;
  /** Stops the server and closes the LevelDB store, so another process may open the directory. */
  close(): Promise<void>;
}

export interface StartDynamoDbOptions {
  /** LevelDB data directory for state that survives restarts; in memory when absent. */
  readonly path?: string;
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /**
   * In a worker thread of its own, behind the sandbox's DynamoDB front (the sandbox's;
   * docs/decisions/sandbox-and-tools.md D81, D99): a publish's writes then take another core than
   * the API's readers. In this thread otherwise, without the front (unit tests, which look into
   * its store).
   */
  readonly thread?: boolean;
}

export const sandboxDynamoDbClient = (endpoint: string) =>
  new DynamoDBClient({ endpoint, region: SANDBOX_REGION, credentials: SANDBOX_CREDENTIALS });

/** A served dynalite: its port, and how to close it (the server and the LevelDB store). */
interface Served {
  readonly port: number;
  readonly front?: ThreadFront;
  close(): Promise<void>;
}

const serveHere = async (options: StartDynamoDbOptions): Promise<Served> => {
  const server = dynaliteServer(options.path);
  const port = await listenOnLoopback(server, options.port ?? 0);
  return {
    port,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
};

const THREAD_FILE = path.join(import.meta.dirname, 'dynalite-thread.ts');

const serveInThread = async (options: StartDynamoDbOptions): Promise<Served> => {
  const data: DynaliteThreadData = {
    port: options.port ?? 0,
    ...(options.path ? { path: options.path } : {}),
  };
  const thread = typeScriptWorker(THREAD_FILE, { workerData: data });
  const tell = (request: DynaliteThreadRequest) => thread.postMessage(request);
  const asked = new Map<
    number,
    { resolve: (counters: FrontCountersDocument) => void; reject: (error: Error) => void }
  >();
  let nextId = 1;
  let ended: (error: Error | undefined) => void = () => {};
  const closed = new Promise<Error | undefined>((resolve) => {
    ended = resolve;
  });
  const serving = await new Promise<number>((resolve, reject) => {
    thread.on('message', (message: DynaliteThreadMessage) => {
      if (message.kind === 'serving') resolve(message.port);
      else if (message.kind === 'counters') {
        const { id, kind: _kind, ...counters } = message;
        asked.get(id)?.resolve(counters);
        asked.delete(id);
      } else ended(message.error ? new Error(message.error) : undefined);
    });
    const stopped = (error: Error) => {
      reject(error);
      ended(error);
      for (const question of asked.values()) question.reject(error);
      asked.clear();
    };
    thread.once('error', stopped);
    thread.once('exit', (code) => stopped(new Error(`dynalite's thread stopped (exit code ${code})`)));
  }).catch(async (error: unknown) => {
    await thread.terminate();
    throw error;
  });
  return {
    port: serving,
    front: {
      noteRead: () => tell({ kind: 'read' }),
      counters: () =>
        new Promise((resolve, reject) => {
          const id = nextId++;
          asked.set(id, { resolve, reject });
          tell({ kind: 'counters', id });
        }),
    },
    async close() {
      tell({ kind: 'close' });
      const error = await closed.finally(() => thread.terminate());
      if (error) throw error;
    },
  };
};

/** Starts dynalite on 127.0.0.1, here or in a thread of its own (`thread`). */
export async function startDynamoDb(options: StartDynamoDbOptions = {}): Promise<LocalDynamoDb> {
  const served = await (options.thread ? serveInThread(options) : serveHere(options));
  const endpoint = `http://127.0.0.1:${served.port}`;
  const client = sandboxDynamoDbClient(endpoint);
  let closing: Promise<void> | undefined;
  return {
    endpoint,
    client,
    ...(served.front ? { front: served.front } : {}),
    close() {
      // Idempotent: a signal handler and a normal exit path may both ask.
      if (!closing) {
        client.destroy();
        closing = served.close();
      }
      return closing;
    },
  };
}

export const tableExists = async (client: DynamoDBClient, tableName: string) => {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return true;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return false;
    throw error;
  }
};

/** Creates the table unless it exists. Returns whether it was created. */
export async function ensureTable(client: DynamoDBClient, input: CreateTableCommandInput): Promise<boolean> {
  const tableName = input.TableName!;
  if (await tableExists(client, tableName)) return false;
  await client.send(new CreateTableCommand(input));
  // A new table is CREATING until dynalite's timer fires, even at 0 ms.
  await waitUntilTableExists({ client, maxWaitTime: 30, minDelay: 1 }, { TableName: tableName });
  return true;
}
