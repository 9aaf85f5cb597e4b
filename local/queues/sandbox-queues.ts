import { mkdirSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { SANDBOX_REGION } from '../function-env';
import { type RunningSandbox, runningSandbox } from '../state-dir';
import {
  batchQueueDefinition,
  deadLetterQueueDefinition,
  deadLetterRecorderDefinition,
  processorDefinition,
} from './batch-queue-wiring';
import {
  type EventSourceMapping,
  type MappingStats,
  type SqsHandlerLoader,
  startEventSourceMapping,
} from './event-source-mapping';
import type { FaultInjector } from './faults';
import {
  ensureQueue,
  type LocalQueue,
  type LocalSqs,
  releaseAbandonedMessages,
  startLocalSqs,
} from './local-sqs';

/** Where fauxqs keeps the queues of a state directory (SQLite). */
export const sqsDataDir = (stateDir: string) => path.join(stateDir, 'sqs');

export interface SandboxQueues {
  readonly sqs: LocalSqs;
  /** `http://127.0.0.1:<port>` */
  readonly endpoint: string;
  readonly batchQueue: LocalQueue;
  readonly deadLetterQueue: LocalQueue;
  /** Messages that a previous run had received and never settled, made visible again. */
  readonly released: number;
  close(): Promise<void>;
}

export interface OpenQueuesOptions {
  readonly stateDir: string;
  /**
   * Start with empty queues: on `--reset`, and whenever the table was just seeded, since
   * messages of the old data name batches that no longer exist.
   */
  readonly fresh: boolean;
}

/**
 * Starts fauxqs on the state directory's queue data and makes the batch queue and its
 * dead-letter queue as the CDK construct defines them (created when missing, attributes set
 * when kept). The caller holds the state directory's lock.
 */
export async function openSandboxQueues(options: OpenQueuesOptions): Promise<SandboxQueues> {
  const dataDir = sqsDataDir(options.stateDir);
  if (options.fresh) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const sqs = await startLocalSqs({ dataDir });
  try {
    const dlq = deadLetterQueueDefinition();
    const deadLetterQueue = await ensureQueue(sqs, dlq.name, dlq.attributes);
    const main = batchQueueDefinition(deadLetterQueue.arn);
    const batchQueue = await ensureQueue(sqs, main.name, main.attributes);
    let released = 0;
    for (const queue of [batchQueue, deadLetterQueue]) released += await releaseAbandonedMessages(sqs, queue);
    return { sqs, endpoint: sqs.endpoint, batchQueue, deadLetterQueue, released, close: () => sqs.close() };
  } catch (error) {
    await sqs.close();
    throw error;
  }
}

export interface BatchMappings {
  /** Each mapping's counters, by function name. */
  stats(): Record<string, Readonly<MappingStats>>;
  stop(): Promise<void>;
}

export interface BatchMappingsOptions {
  readonly loadHandler?: SqsHandlerLoader;
  /** Applied to the processor only (SANDBOX_FAULTS). */
  readonly faults?: FaultInjector;
  readonly log?: (line: string) => void;
  readonly logError?: (message: string, error?: unknown) => void;
}

/** The two event source mappings of the batch construct: the processor and the dead-letter recorder. */
export function startBatchMappings(queues: SandboxQueues, options: BatchMappingsOptions = {}): BatchMappings {
  const common = {
    client: queues.sqs.client,
    region: SANDBOX_REGION,
    ...(options.loadHandler ? { loadHandler: options.loadHandler } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.logError ? { logError: options.logError } : {}),
  };
  const mappings: [string, EventSourceMapping][] = [
    [
      processorDefinition.fn.name,
      startEventSourceMapping({
        ...common,
        queue: queues.batchQueue,
        consumer: processorDefinition,
        ...(options.faults ? { faults: options.faults } : {}),
      }),
    ],
    [
      deadLetterRecorderDefinition.fn.name,
      startEventSourceMapping({
        ...common,
        queue: queues.deadLetterQueue,
        consumer: deadLetterRecorderDefinition,
      }),
    ],
  ];
  return {
    stats: () => Object.fromEntries(mappings.map(([name, mapping]) => [name, mapping.stats])),
    stop: async () => {
      await Promise.all(mappings.map(([, mapping]) => mapping.stop()));
    },
  };
}

/** What `sandbox.json` says beyond the table: where the queues are (for `npm run invoke` and tests). */
export interface RunningSandboxQueues {
  readonly sqsEndpoint: string;
  readonly batchQueueUrl: string;
  readonly deadLetterQueueUrl: string;
}

export type RunningSandboxWithQueues = RunningSandbox & Partial<RunningSandboxQueues>;

export const runningQueues = (queues: SandboxQueues): RunningSandboxQueues => ({
  sqsEndpoint: queues.endpoint,
  batchQueueUrl: queues.batchQueue.url,
  deadLetterQueueUrl: queues.deadLetterQueue.url,
});

/** The running sandbox of a state directory with its queues, when it has them. */
export const runningSandboxWithQueues = (stateDir: string): RunningSandboxWithQueues | undefined =>
  runningSandbox(stateDir);
