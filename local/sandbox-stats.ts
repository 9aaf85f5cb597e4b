/**
 * Counters of what the sandbox did since it started, served as JSON at `/_sandbox/stats` (beside
 * the issuer's JWKS, outside `/v1`): the DynamoDB requests sent on to dynalite, by operation, and
 * the items the functions wrote and deleted (by kind of key, with the last keys in order), both
 * counted at the DynamoDB front in dynalite's thread (local/transactions/transaction-front.ts),
 * whichever thread or process sent them; what each event source mapping delivered, the executions
 * of the state machines, and the functions' table requests checked against their grants (the task
 * functions' counted in their worker thread and added here). The benchmarks read writes per item
 * from it and the e2e tests read deliveries (a retried message, a message that was not
 * reprocessed) and the keys a publish wrote.
 */
import { type ChannelListener, subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { ClientRequest } from 'node:http';
import type { FrontCountersDocument } from './dynalite-server';
import { type ItemWritesDocument, WRITE_OPERATIONS } from './dynamodb-item-writes';
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
 * Counts the requests this process sends to a DynamoDB endpoint, by the operation in their
 * `X-Amz-Target` header: the benchmarks count their functions' requests so. It listens on Node's
 * `http.client.request.start` diagnostics channel, which every request of the SDK's HTTP handler
 * passes through, so neither the functions nor dynalite change.
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

/** The stats document, read from the live counters on each request. */
export const sandboxStats =
  (sources: {
    /** The DynamoDB front's counters: requests sent on to dynalite, items written and deleted. */
    readonly dynamodb: () => Promise<FrontCountersDocument>;
    readonly mappings: () => Readonly<Record<string, Readonly<MappingStats>>>;
    readonly executions?: () => ExecutionStats | undefined;
  }) =>
  async (): Promise<SandboxStatsDocument> => {
    const { requests, items } = await sources.dynamodb();
    const executions = sources.executions?.();
    return {
      dynamodb: { requests: { ...requests }, writes: writesIn(requests), items },
      mappings: Object.fromEntries(
        Object.entries(sources.mappings()).map(([name, stats]) => [name, { ...stats }]),
      ),
      ...(executions ? { executions } : {}),
      tableGrants: { ...tableGrantChecks },
    };
  };
