/**
 * The sandbox's queues: fauxqs on the state directory, every queue of SANDBOX_QUEUES made as its
 * construct defines it, and one event source mapping for each queue that has a consumer.
 */
import { mkdirSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import type { FaultInjector } from '../faults';
import type { HandlerLoader } from '../lambda/import-handler';
import type { RunningSandbox } from '../running-sandbox';
import { SANDBOX_REGION } from '../sandbox-identity';
import { batchDeadLetterQueue, batchQueue } from './batch-queue-wiring';
import {
  type EventSourceMapping,
  type MappingStats,
  type SqsHandler,
  startEventSourceMapping,
} from './event-source-mapping';
import {
  ensureQueue,
  type LocalQueue,
  type LocalSqs,
  releaseAbandonedMessages,
  startLocalSqs,
} from './local-sqs';
import { eventsDeadLetterQueue, eventsQueue } from './order-events-wiring';
import { type QueueWiring, queueDefinition } from './queue-wiring';

/** Every queue the sandbox makes; another queue of the stack, with its consumer, is one more entry. */
export const SANDBOX_QUEUES: readonly QueueWiring[] = [
  batchQueue,
  batchDeadLetterQueue,
  eventsQueue,
  eventsDeadLetterQueue,
];

/** Where fauxqs keeps the queues of a state directory (SQLite). */
export const sqsDataDir = (stateDir: string) => path.join(stateDir, 'sqs');

export interface SandboxQueues {
  readonly sqs: LocalSqs;
  /** `http://127.0.0.1:<port>` */
  readonly endpoint: string;
  /** Every queue of SANDBOX_QUEUES, by name. */
  readonly queues: ReadonlyMap<string, LocalQueue>;
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
  /**
   * Keep the queues in memory, not in SQLite: for the seed's build, whose queues are thrown away
   * with its scratch directory (fauxqs writes every send, receive and delete through to SQLite,
   * about 4 ms a message here).
   */
  readonly inMemory?: boolean;
}

const queueNamed = (queues: ReadonlyMap<string, LocalQueue>, name: string): LocalQueue => {
  const queue = queues.get(name);
  if (!queue) throw new Error(`The sandbox has no queue ${name}: SANDBOX_QUEUES must list it`);
  return queue;
};

const wiringNamed = (name: string): QueueWiring => {
  const wiring = SANDBOX_QUEUES.find((w) => w.name === name);
  if (!wiring) throw new Error(`The sandbox has no queue ${name}: SANDBOX_QUEUES must list it`);
  return wiring;
};

/**
 * Starts fauxqs on the state directory's queue data and makes each queue as its construct
 * defines it (created when missing, attributes set when kept). The caller holds the state
 * directory's lock.
 */
export async function openSandboxQueues(options: OpenQueuesOptions): Promise<SandboxQueues> {
  const dataDir = sqsDataDir(options.stateDir);
  if (options.fresh) rmSync(dataDir, { recursive: true, force: true });
  if (!options.inMemory) mkdirSync(dataDir, { recursive: true });
  const sqs = await startLocalSqs(options.inMemory ? {} : { dataDir });
  try {
    const queues = new Map<string, LocalQueue>();
    // A dead-letter queue first: the redrive policy of the queue in front of it names its ARN.
    const make = async (wiring: QueueWiring): Promise<LocalQueue> => {
      const made = queues.get(wiring.name);
      if (made) return made;
      const deadLetterQueue = wiring.redrive && (await make(wiringNamed(wiring.redrive.deadLetterQueue)));
      const { name, attributes } = queueDefinition(wiring, deadLetterQueue?.arn);
      const queue = await ensureQueue(sqs, name, attributes);
      queues.set(name, queue);
      return queue;
    };
    for (const wiring of SANDBOX_QUEUES) await make(wiring);
    let released = 0;
    for (const queue of queues.values()) released += await releaseAbandonedMessages(sqs, queue);
    return {
      sqs,
      endpoint: sqs.endpoint,
      queues,
      batchQueue: queueNamed(queues, batchQueue.name),
      deadLetterQueue: queueNamed(queues, batchDeadLetterQueue.name),
      released,
      close: () => sqs.close(),
    };
  } catch (error) {
    await sqs.close();
    throw error;
  }
}

export interface QueueMappings {
  /** Each mapping's counters, by function name. */
  stats(): Record<string, Readonly<MappingStats>>;
  stop(): Promise<void>;
}

export interface QueueMappingsOptions {
  readonly loadHandler?: HandlerLoader<SqsHandler>;
  /** Applied to the consumers whose wiring says so (SANDBOX_FAULTS). */
  readonly faults?: FaultInjector;
  readonly log?: (line: string) => void;
  readonly logError?: (message: string, error?: unknown) => void;
}

/** An event source mapping for each queue of SANDBOX_QUEUES that has a consumer. */
export function startQueueMappings(queues: SandboxQueues, options: QueueMappingsOptions = {}): QueueMappings {
  const { faults } = options;
  const mappings: [string, EventSourceMapping][] = SANDBOX_QUEUES.flatMap((wiring) =>
    wiring.consumer
      ? [
          [
            wiring.consumer.fn.name,
            startEventSourceMapping({
              client: queues.sqs.client,
              region: SANDBOX_REGION,
              queue: queueNamed(queues.queues, wiring.name),
              consumer: wiring.consumer,
              ...(options.loadHandler ? { loadHandler: options.loadHandler } : {}),
              ...(faults && wiring.faults ? { faults } : {}),
              ...(options.log ? { log: options.log } : {}),
              ...(options.logError ? { logError: options.logError } : {}),
            }),
          ] as [string, EventSourceMapping],
        ]
      : [],
  );
  return {
    stats: () => Object.fromEntries(mappings.map(([name, mapping]) => [name, mapping.stats])),
    stop: async () => {
      await Promise.all(mappings.map(([, mapping]) => mapping.stop()));
    },
  };
}

/** What `sandbox.json` says of the queues. */
export const runningQueues = (
  queues: SandboxQueues,
): Pick<
  RunningSandbox,
  'sqsEndpoint' | 'batchQueueUrl' | 'deadLetterQueueUrl' | 'eventsQueueUrl' | 'eventsDeadLetterQueueUrl'
> => ({
  sqsEndpoint: queues.endpoint,
  batchQueueUrl: queues.batchQueue.url,
  deadLetterQueueUrl: queues.deadLetterQueue.url,
  eventsQueueUrl: queueNamed(queues.queues, eventsQueue.name).url,
  eventsDeadLetterQueueUrl: queueNamed(queues.queues, eventsDeadLetterQueue.name).url,
});
