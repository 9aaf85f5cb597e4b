/**
 * A DynamoDB endpoint in front of dynalite that adds TransactWriteItems, which dynalite lacks
 * (docs/decisions/order-and-user-events.md D47): every other request is passed on to dynalite unchanged, while no
 * transaction runs; a transaction runs alone (transact-write.ts), so no request sees half of
 * one. The functions' SDK clients are pointed here (AWS_ENDPOINT_URL_DYNAMODB), so function code
 * sends TransactWriteItems as it does in AWS. While the table is being read, BatchWriteItem calls
 * wait their turn here (reads first, D81). Every write request that passes here is recorded item by
 * item (`items`, `/_sandbox/stats`): whichever thread or process sent it, as the functions send
 * it and as DynamoDB would bill it (a transaction's ConditionCheck writes nothing); and every
 * request sent on to dynalite is counted by operation (`requests`: a transaction's items one by one).
 * In the sandbox the front serves in dynalite's thread and calls its handler there
 * (local/dynalite-thread.ts, docs/decisions/sandbox-and-tools.md D99); the unit tests' fronts
 * send on to a dynalite endpoint (`startTransactionFront`).
 */
import { randomUUID } from 'node:crypto';
import {
  Agent,
  createServer,
  type IncomingMessage,
  type RequestListener,
  type ServerResponse,
} from 'node:http';
import { type ItemWrites, itemWrites, WRITE_OPERATIONS } from '../dynamodb-item-writes';
import { serveOnLoopback } from '../listen';
import { Pace } from './bulk-write-pace';
import { type DynamoDbCall, DynamoDbError } from './dynamodb-call';
import { type DynamoDbUpstream, httpUpstream } from './dynamodb-upstream';
import { ReadWriteLock } from './read-write-lock';
import { transactWrite } from './transact-write';

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

export interface FrontOptions {
  readonly logError?: (message: string, error: unknown) => void;
  /** BatchWriteItem calls passed to dynalite at once while it is read (default SANDBOX_BULK_WRITES_WHILE_READ). */
  readonly bulkWritesWhileRead?: number;
  /** The clock that says how recent the reads are (tests stop it). */
  readonly now?: () => number;
}

/** What the front counted: the requests sent on to dynalite, and the items written and deleted. */
export interface FrontCounters {
  /**
   * A request of the API's readers, counted as a table read: listings and searches read their
   * snapshot in memory, no table item (docs/decisions/search-engine.md D91), yet they share this
   * process with a publish's writes all the same.
   */
  noteRead(): void;
  /** The items the write requests sent here wrote and deleted (local/dynamodb-item-writes.ts). */
  readonly items: ItemWrites;
  /** Requests sent on to dynalite, by operation (`PutItem`, `Query`, ...). */
  readonly requests: Readonly<Record<string, number>>;
}

export interface DynamoDbFront extends FrontCounters {
  /** Serves one request. */
  readonly listener: RequestListener;
}

export interface TransactionFront extends FrontCounters {
  /** `http://127.0.0.1:<port>`: dynalite's endpoint with transactions. */
  readonly endpoint: string;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

const operationOf = (target: string) => target.slice(target.indexOf('.') + 1);

/** The front's request handling, on whatever upstream serves dynalite. */
export function dynamoDbFront(upstream: DynamoDbUpstream, options: FrontOptions = {}): DynamoDbFront {
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  const requests: Record<string, number> = {};
  const count = (operation: string) => {
    requests[operation] = (requests[operation] ?? 0) + 1;
  };
  const call: DynamoDbCall = (operation, input) => {
    count(operation);
    return upstream.call(operation, input);
  };
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
      await lock.withExclusive(() => transactWrite(call, JSON.parse(body.toString('utf8'))));
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

  const pass = (req: IncomingMessage, res: ServerResponse, body: Buffer, operation: string) => {
    count(operation);
    return upstream.pass(req, res, body);
  };

  const listener: RequestListener = (req, res) => {
    readBody(req).then(
      (body) => {
        const target = String(req.headers['x-amz-target']);
        if (READS.has(target)) read();
        const operation = operationOf(target);
        if (WRITE_OPERATIONS.includes(operation)) items.record(operation, body.toString('utf8'));
        if (target === TRANSACT_WRITE) return answerTransaction(res, body);
        // Waiting for its turn outside the lock, so a transaction is not held up by queued batches.
        if (target === BATCH_WRITE)
          return bulkWrites.run(() => lock.withShared(() => pass(req, res, body, operation)));
        return lock.withShared(() => pass(req, res, body, operation));
      },
      (error: unknown) => {
        logError('Reading a DynamoDB request failed:', error);
        res.destroy();
      },
    );
  };
  return { listener, noteRead: read, items, requests };
}

/** A front on loopback in front of dynalite's `dynamoDbEndpoint`. */
export async function startTransactionFront(
  dynamoDbEndpoint: string,
  options: FrontOptions = {},
): Promise<TransactionFront> {
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  const agent = new Agent({ keepAlive: true });
  const front = dynamoDbFront(httpUpstream(dynamoDbEndpoint, agent, logError), options);
  const served = await serveOnLoopback(createServer(front.listener), 0, () => agent.destroy());
  const { listener: _listener, ...counters } = front;
  return { ...served, ...counters };
}
