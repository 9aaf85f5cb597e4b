/**
 * Counters of what the sandbox did since it started, served as JSON at `/_sandbox/stats` (beside
 * the issuer's JWKS, outside `/v1`): the DynamoDB requests the functions made, by operation, and
 * the items they wrote and deleted (by kind of key, with the last keys in order), what each event
 * source mapping delivered, the report executions, and the functions' table requests checked
 * against their grants. The benchmarks read writes per item from it and the e2e tests read
 * deliveries (a retried message, a message that was not reprocessed) and the keys a publish wrote.
 */
import { type ChannelListener, subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { ClientRequest } from 'node:http';
import { type ItemWrites, type ItemWritesDocument, itemWrites } from './dynamodb-item-writes';
import { tableGrantChecks } from './iam/table-grants';
import type { MappingStats } from './queues/event-source-mapping';
import type { ExecutionStats } from './stepfunctions/executions';

export const STATS_PATH = '/_sandbox/stats';

/** The DynamoDB operations that write (BatchWriteItem and TransactWriteItems count once a call). */
export const WRITE_OPERATIONS: readonly string[] = [
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
  'TransactWriteItems',
];

export interface DynamoDbRequestCounter {
  /** Requests by operation (`PutItem`, `Query`, ...). */
  readonly requests: Readonly<Record<string, number>>;
  /** The items the write requests wrote and deleted (local/dynamodb-item-writes.ts). */
  readonly items: ItemWrites;
  stop(): void;
}

type Chunk = string | Uint8Array;
const isChunk = (value: unknown): value is Chunk => typeof value === 'string' || value instanceof Uint8Array;

/**
 * Hands the body of a request to `done` once it is sent: `write` and `end` are wrapped on this
 * one request (the SDK sends a DynamoDB body with one `end`).
 */
const onBody = (request: ClientRequest, done: (body: string) => void) => {
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown) => {
    if (isChunk(chunk)) chunks.push(Buffer.from(chunk));
  };
  const write = request.write.bind(request);
  const end = request.end.bind(request);
  request.write = ((chunk: unknown, ...rest: never[]) => {
    keep(chunk);
    return write(chunk as Chunk, ...rest);
  }) as typeof request.write;
  request.end = ((chunk?: unknown, ...rest: never[]) => {
    keep(chunk);
    done(Buffer.concat(chunks).toString('utf8'));
    return end(chunk as Chunk, ...rest);
  }) as typeof request.end;
};

/**
 * Counts the requests this process sends to the DynamoDB endpoint, by the operation in their
 * `X-Amz-Target` header, and the items the write requests sent to `itemsAt` write and delete,
 * from their bodies. It listens on Node's `http.client.request.start` diagnostics channel, which
 * every request of the SDK's HTTP handler passes through, so neither the functions nor dynalite
 * change. The functions and the workflows' tasks run in this process, so their requests are all
 * counted (and the sandbox's own, seeding included, which happens before anyone reads the
 * counters). The sandbox's functions reach dynalite through its transaction front
 * (local/transactions/), which sends a transaction's items one by one: requests are counted at
 * dynalite, as they always were, items at the front (`itemsAt`), as the functions send them and as
 * DynamoDB would bill them (a ConditionCheck writes nothing).
 */
export function countDynamoDbRequests(
  endpoint: string,
  options: { readonly itemsAt?: string } = {},
): DynamoDbRequestCounter {
  const host = new URL(endpoint).host;
  const itemsHost = new URL(options.itemsAt ?? endpoint).host;
  const requests: Record<string, number> = {};
  const items = itemWrites();
  const operationOf = (request: ClientRequest) => {
    const target = request.getHeader('x-amz-target');
    return typeof target === 'string' ? target.slice(target.indexOf('.') + 1) : 'unknown';
  };
  const counted: ChannelListener = (message) => {
    const request = (message as { request?: ClientRequest }).request;
    if (!request || request.getHeader('host') !== host) return;
    const operation = operationOf(request);
    requests[operation] = (requests[operation] ?? 0) + 1;
  };
  // `created` comes as the request is made, before its body is written (`start` comes once it
  // has a socket, after the SDK's `end`); Node ≥ 22.12, the project's node is 24.
  const written: ChannelListener = (message) => {
    const request = (message as { request?: ClientRequest }).request;
    if (!request || request.getHeader('host') !== itemsHost) return;
    const operation = operationOf(request);
    if (WRITE_OPERATIONS.includes(operation)) onBody(request, (body) => items.record(operation, body));
  };
  subscribe('http.client.request.start', counted);
  subscribe('http.client.request.created', written);
  return {
    requests,
    items,
    stop: () => {
      unsubscribe('http.client.request.start', counted);
      unsubscribe('http.client.request.created', written);
    },
  };
}

export interface SandboxStatsDocument {
  readonly dynamodb: {
    readonly requests: Record<string, number>;
    /** Write requests (a BatchWriteItem or TransactWriteItems counts once). */
    readonly writes: number;
    /** Items written and deleted (each item of a batch or transaction once), by kind, the last keys. */
    readonly items: ItemWritesDocument;
  };
  readonly mappings: Record<string, MappingStats>;
  /** Executions of the report state machine, when the sandbox runs it. */
  readonly executions?: ExecutionStats;
  /** The functions' table requests checked against their grants, and those refused (docs/decisions/sandbox-and-tools.md D54). */
  readonly tableGrants: { readonly checked: number; readonly refused: number };
}

export const writesIn = (requests: Readonly<Record<string, number>>): number =>
  WRITE_OPERATIONS.reduce((sum, operation) => sum + (requests[operation] ?? 0), 0);

/**
 * The stats document: an object whose `toJSON` reads the live counters, so the HTTP front,
 * which serializes a document on each request, always answers the current values.
 */
export const sandboxStats = (sources: {
  readonly dynamodb: DynamoDbRequestCounter;
  readonly mappings: () => Readonly<Record<string, Readonly<MappingStats>>>;
  readonly executions?: () => ExecutionStats | undefined;
}) => ({
  toJSON: (): SandboxStatsDocument => {
    const executions = sources.executions?.();
    return {
      dynamodb: {
        requests: { ...sources.dynamodb.requests },
        writes: writesIn(sources.dynamodb.requests),
        items: sources.dynamodb.items.toJSON(),
      },
      mappings: Object.fromEntries(
        Object.entries(sources.mappings()).map(([name, stats]) => [name, { ...stats }]),
      ),
      ...(executions ? { executions } : {}),
      tableGrants: { ...tableGrantChecks },
    };
  },
});
