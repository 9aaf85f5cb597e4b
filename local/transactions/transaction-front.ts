/**
 * A DynamoDB endpoint in front of dynalite that adds TransactWriteItems, which dynalite lacks
 * (docs/decisions/order-and-user-events.md D47): every other request is passed through to dynalite unchanged, while no
 * transaction runs; a transaction runs alone (transact-write.ts), so no request sees half of
 * one. The functions' SDK clients are pointed here (AWS_ENDPOINT_URL_DYNAMODB), so function code
 * sends TransactWriteItems as it does in AWS. While the table is being read, BatchWriteItem calls
 * wait their turn here (reads first, D81). Every write request that passes here is recorded item by
 * item (`items`, `/_sandbox/stats`): whichever thread or process sent it, as the functions send
 * it and as DynamoDB would bill it (a transaction's ConditionCheck writes nothing).
 */
import { randomUUID } from 'node:crypto';
import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type ItemWrites, itemWrites, WRITE_OPERATIONS } from '../dynamodb-item-writes';
import { serveOnLoopback } from '../listen';
import { SANDBOX_CREDENTIALS, SANDBOX_REGION } from '../sandbox-identity';
import { Pace } from './bulk-write-pace';
import { ReadWriteLock } from './read-write-lock';
import { DynamoDbError, transactWrite } from './transact-write';

const TRANSACT_WRITE = 'DynamoDB_20120810.TransactWriteItems';
const BATCH_WRITE = 'DynamoDB_20120810.BatchWriteItem';
/** The reads that pace bulk writes (see SANDBOX_BULK_WRITES_WHILE_READ). */
const READS = new Set(
  ['GetItem', 'BatchGetItem', 'Query', 'Scan'].map((operation) => `DynamoDB_20120810.${operation}`),
);

/**
 * Reads first (docs/decisions/sandbox-and-tools.md D81): dynalite serves the API's readers and a publish's writes in
 * this one process, and a publish sends 32 BatchWriteItem calls of 25 items at a time (4 chunks,
 * 8 calls each), which dynalite would serve ahead of the readers' queries (743 → 110 requests/s
 * while 10,000 products were published). While the table is being read (READS_WHILE_READ reads in
 * the last READING_MS: more than a command polling a record, or a task's own reads), BatchWriteItem
 * calls pass SANDBOX_BULK_WRITES_WHILE_READ at a time, otherwise as they come. A publish takes
 * longer while readers read (figures in docs/performance.md); the functions' requests and answers
 * are the same, a paced call is only later.
 */
export const SANDBOX_BULK_WRITES_WHILE_READ = 2;
export const READING_MS = 250;
export const READS_WHILE_READ = 5;
const AMZ_JSON_1_0 = 'application/x-amz-json-1.0';

export interface TransactionFront {
  /** `http://127.0.0.1:<port>`: dynalite's endpoint with transactions. */
  readonly endpoint: string;
  /**
   * A request of the API's readers, counted as a table read: listings and searches read their
   * snapshot in memory, no table item (docs/decisions/search-engine.md D91), yet they share this
   * process with a publish's writes all the same.
   */
  noteRead(): void;
  /** The items the write requests sent here wrote and deleted (local/dynamodb-item-writes.ts). */
  readonly items: ItemWrites;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

export async function startTransactionFront(
  dynamoDbEndpoint: string,
  options: {
    logError?: (message: string, error: unknown) => void;
    /** BatchWriteItem calls passed to dynalite at once while it is read (default SANDBOX_BULK_WRITES_WHILE_READ). */
    bulkWritesWhileRead?: number;
    /** The clock that says how recent the reads are (tests stop it). */
    now?: () => number;
  } = {},
): Promise<TransactionFront> {
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  const upstream = new URL(dynamoDbEndpoint);
  const agent = new Agent({ keepAlive: true });
  const client = new DynamoDBClient({
    endpoint: dynamoDbEndpoint,
    region: SANDBOX_REGION,
    credentials: SANDBOX_CREDENTIALS,
  });
  const lock = new ReadWriteLock();
  const now = options.now ?? Date.now;
  /** When the latest reads came, oldest first, at most READS_WHILE_READ of them. */
  const reads: number[] = [];
  const read = () => {
    reads.push(now());
    if (reads.length > READS_WHILE_READ) reads.shift();
  };
  const beingRead = () => reads.length === READS_WHILE_READ && now() - reads[0]! < READING_MS;
  const whileRead = options.bulkWritesWhileRead ?? SANDBOX_BULK_WRITES_WHILE_READ;
  const items = itemWrites();
  const bulkWrites = new Pace(() => (beingRead() ? whileRead : Number.POSITIVE_INFINITY));

  /** Passes one request through to dynalite; resolves once its answer is sent on. */
  const passThrough = (req: IncomingMessage, res: ServerResponse, body: Buffer) =>
    new Promise<void>((resolve) => {
      const forwarded = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: upstream.host },
          agent,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 500, answer.headers);
          answer.pipe(res);
          answer.on('end', resolve);
          answer.on('error', resolve);
        },
      );
      forwarded.on('error', (error) => {
        logError('DynamoDB request to dynalite failed:', error);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': AMZ_JSON_1_0 });
        res.end(JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError' }));
        resolve();
      });
      forwarded.end(body);
    });

  const answerTransaction = async (res: ServerResponse, body: Buffer) => {
    const send = (status: number, payload: unknown) => {
      const text = JSON.stringify(payload);
      res.writeHead(status, {
        'Content-Type': AMZ_JSON_1_0,
        'Content-Length': Buffer.byteLength(text),
        'x-amzn-RequestId': randomUUID(),
      });
      res.end(text);
    };
    try {
      await lock.withExclusive(() => transactWrite(client, JSON.parse(body.toString('utf8'))));
      send(200, {});
    } catch (error) {
      if (error instanceof DynamoDbError) {
        send(400, {
          __type: `com.amazonaws.dynamodb.v20120810#${error.type}`,
          message: error.message,
          ...(error.cancellationReasons ? { CancellationReasons: error.cancellationReasons } : {}),
        });
      } else if (error instanceof SyntaxError) {
        send(400, { __type: 'com.amazonaws.dynamodb.v20120810#SerializationException', message: 'Not JSON' });
      } else {
        logError('TransactWriteItems failed:', error);
        send(500, {
          __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError',
          message: 'Internal error',
        });
      }
    }
  };

  const server = createServer((req, res) => {
    readBody(req).then(
      (body) => {
        const target = String(req.headers['x-amz-target']);
        if (READS.has(target)) read();
        const operation = target.slice(target.indexOf('.') + 1);
        if (WRITE_OPERATIONS.includes(operation)) items.record(operation, body.toString('utf8'));
        if (target === TRANSACT_WRITE) return answerTransaction(res, body);
        // Waiting for its turn outside the lock, so a transaction is not held up by queued batches.
        if (target === BATCH_WRITE)
          return bulkWrites.run(() => lock.withShared(() => passThrough(req, res, body)));
        return lock.withShared(() => passThrough(req, res, body));
      },
      (error: unknown) => {
        logError('Reading a DynamoDB request failed:', error);
        res.destroy();
      },
    );
  });
  const served = await serveOnLoopback(server, 0, () => {
    agent.destroy();
    client.destroy();
  });
  return { ...served, noteRead: read, items };
}
