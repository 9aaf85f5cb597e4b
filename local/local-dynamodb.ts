import * as path from 'node:path';
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { type DynaliteThreadData, type DynaliteThreadMessage, dynaliteServer } from './dynalite-server';
import { listenOnLoopback } from './listen';
import { SANDBOX_CREDENTIALS, SANDBOX_REGION } from './sandbox-identity';
import { typeScriptWorker } from './ts-worker';

export interface LocalDynamoDb {
  /** `http://127.0.0.1:<port>`, the value of `AWS_ENDPOINT_URL_DYNAMODB` for the functions. */
  readonly endpoint: string;
  /** A client for the sandbox's own use (table creation, seeding). */
  readonly client: DynamoDBClient;
  /** Stops the server and closes the LevelDB store, so another process may open the directory. */
  close(): Promise<void>;
}

export interface StartDynamoDbOptions {
  /** LevelDB data directory for state that survives restarts; in memory when absent. */
  readonly path?: string;
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /**
   * In a worker thread of its own (the sandbox's; docs/decisions/sandbox-and-tools.md D81): a
   * publish's writes then take another core than the API's readers. In this thread otherwise (unit
   * tests, which look into its store).
   */
  readonly thread?: boolean;
}

export const sandboxDynamoDbClient = (endpoint: string) =>
  new DynamoDBClient({ endpoint, region: SANDBOX_REGION, credentials: SANDBOX_CREDENTIALS });

/** A served dynalite: its port, and how to close it (the server and the LevelDB store). */
interface Served {
  readonly port: number;
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
  /** The thread's next message; its error, or its end, rejects. */
  const next = () =>
    new Promise<DynaliteThreadMessage>((resolve, reject) => {
      const stopped = (code: number) => reject(new Error(`dynalite's thread stopped (exit code ${code})`));
      thread.once('message', (message: DynaliteThreadMessage) => {
        thread.off('error', reject).off('exit', stopped);
        resolve(message);
      });
      thread.once('error', reject).once('exit', stopped);
    });
  const serving = await next().catch(async (error: unknown) => {
    await thread.terminate();
    throw error;
  });
  if (serving.kind !== 'serving') throw new Error(`dynalite's thread said ${serving.kind} before it served`);
  return {
    port: serving.port,
    async close() {
      thread.postMessage('close');
      const closed = await next().finally(() => thread.terminate());
      if (closed.kind === 'closed' && closed.error) throw new Error(closed.error);
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
