/**
 * Counters of what the sandbox did since it started, served as JSON at `/_sandbox/stats` (beside
 * the issuer's JWKS, outside `/v1`): the DynamoDB requests the functions made, by operation, and
 * the items they wrote and deleted (by kind of key, with the last keys in order), what each event
 * source mapping delivered, the executions of the state machines, and the functions' table
 * requests checked against their grants (the task functions' counted in their worker thread and
 * added here). The benchmarks read writes per item from it and the e2e tests read
 * deliveries (a retried message, a message that was not reprocessed) and the keys a publish wrote.
 */
import { type ChannelListener, subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { ClientRequest } from 'node:http';
import { type ItemWrites, type ItemWritesDocument, WRITE_OPERATIONS } from './dynamodb-item-writes';
import { tableGrantChecks } from './iam/table-grants';
import type { MappingStats } from './queues/event-source-mapping';
import type { ExecutionStats } from './stepfunctions/executions';

export const STATS_PATH = '/_sandbox/stats';

export interface DynamoDbRequestCounter {
  /** Requests by operation (`PutItem`, `Query`, ...). */
  readonly requests: Readonly<Record<string, number>>;
  stop(): void;
}

/**
 * Counts the requests this process sends to the DynamoDB endpoint, by the operation in their
 * `X-Amz-Target` header. It listens on Node's `http.client.request.start` diagnostics channel,
 * which every request of the SDK's HTTP handler passes through, so neither the functions nor
 * dynalite change. The sandbox's functions, and the workflows' tasks in their worker thread
 * (local/stepfunctions/task-thread.ts), reach dynalite through the transaction front
 * (local/transactions/), which forwards from this process and sends a transaction's items one by
 * one: requests are counted at dynalite, as they always were (the sandbox's own included, seeding
 * among them, which happens before anyone reads the counters); the items are recorded at the
 * front, as the functions send them.
 */
export function countDynamoDbRequests(endpoint: string): DynamoDbRequestCounter {
  const host = new URL(endpoint).host;
  const requests: Record<string, number> = {};
  const counted: ChannelListener = (message) => {
    const request = (message as { request?: ClientRequest }).request;
    if (!request || request.getHeader('host') !== host) return;
    const target = request.getHeader('x-amz-target');
    const operation = typeof target === 'string' ? target.slice(target.indexOf('.') + 1) : 'unknown';
    requests[operation] = (requests[operation] ?? 0) + 1;
  };
  subscribe('http.client.request.start', counted);
  return { requests, stop: () => unsubscribe('http.client.request.start', counted) };
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
  /** Executions of the state machines (reports, catalogue publishing), when the sandbox runs them. */
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
  /** The items written and deleted: the transaction front's record. */
  readonly items: ItemWrites;
  readonly mappings: () => Readonly<Record<string, Readonly<MappingStats>>>;
  readonly executions?: () => ExecutionStats | undefined;
}) => ({
  toJSON: (): SandboxStatsDocument => {
    const executions = sources.executions?.();
    return {
      dynamodb: {
        requests: { ...sources.dynamodb.requests },
        writes: writesIn(sources.dynamodb.requests),
        items: sources.items.toJSON(),
      },
      mappings: Object.fromEntries(
        Object.entries(sources.mappings()).map(([name, stats]) => [name, { ...stats }]),
      ),
      ...(executions ? { executions } : {}),
      tableGrants: { ...tableGrantChecks },
    };
  },
});
