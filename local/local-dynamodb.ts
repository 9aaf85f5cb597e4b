import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { closeDynaliteIterators } from './dynalite-iterators';
import { listenOnLoopback } from './listen';
import { SANDBOX_CREDENTIALS, SANDBOX_REGION } from './sandbox-identity';

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
}

export const sandboxDynamoDbClient = (endpoint: string) =>
  new DynamoDBClient({ endpoint, region: SANDBOX_REGION, credentials: SANDBOX_CREDENTIALS });

/** Starts dynalite on 127.0.0.1. Tables are ACTIVE at once (createTableMs 0): nothing to wait for locally. */
export async function startDynamoDb(options: StartDynamoDbOptions = {}): Promise<LocalDynamoDb> {
  // Otherwise every Query and Scan keeps what LevelDB held at its moment (dynalite-iterators.ts).
  closeDynaliteIterators();
  const server = dynalite({
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
    ...(options.path ? { path: options.path } : {}),
  });
  const port = await listenOnLoopback(server, options.port ?? 0);
  const endpoint = `http://127.0.0.1:${port}`;
  const client = sandboxDynamoDbClient(endpoint);
  let closing: Promise<void> | undefined;
  return {
    endpoint,
    client,
    close() {
      // Idempotent: a signal handler and a normal exit path may both ask.
      closing ??= new Promise<void>((resolve, reject) => {
        client.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      });
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
