import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ChangeMessageVisibilityBatchCommand,
  DeleteMessageBatchCommand,
  type Message,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import type { FaultInjector } from '../faults';
import { handlerCache } from '../lambda/handler-cache';
import { type HandlerLoader, importHandler, type LambdaHandler } from '../lambda/import-handler';
import { lambdaContext } from '../lambda/lambda-context';
import { withTimeout } from '../lambda/timeout';
import { type LocalQueue, SOONEST_VISIBILITY_SECONDS } from './local-sqs';
import type { SandboxConsumerDefinition } from './queue-wiring';
import { type BatchOutcome, batchOutcome, sqsRecord } from './sqs-event';

export type SqsHandler = LambdaHandler<SQSEvent>;

/** What a mapping did since it started: counters of records (messages delivered) and invocations. */
export interface MappingStats {
  /** Invocations of the function. */
  invocations: number;
  /** Invocations that threw, timed out or answered an invalid batch response: all their records came back. */
  failedInvocations: number;
  /** Records delivered, first deliveries and redeliveries alike (injected failures included). */
  records: number;
  /** Records whose message had been received before (ApproximateReceiveCount > 1). */
  redelivered: number;
  /** Records done: their messages were deleted. */
  deleted: number;
  /** Records left on the queue for another delivery. */
  retried: number;
  /** Records failed by SANDBOX_FAULTS without reaching the function. */
  injected: number;
}

export interface EventSourceMappingOptions {
  readonly client: SQSClient;
  readonly queue: LocalQueue;
  readonly region: string;
  readonly consumer: SandboxConsumerDefinition;
  readonly loadHandler?: HandlerLoader<SqsHandler>;
  readonly faults?: FaultInjector;
  /** One line an invocation. */
  readonly log?: (line: string) => void;
  readonly logError?: (message: string, error?: unknown) => void;
  /** Long-poll wait of a receive (seconds); stopping waits for the polls in progress, so keep it short. */
  readonly pollWaitSeconds?: number;
}

export interface EventSourceMapping {
  readonly stats: Readonly<MappingStats>;
  /** Stops polling, lets invocations in progress finish and puts gathered, unhandled messages back. */
  stop(): Promise<void>;
}

/** How often a poller looks for more messages while it fills a batch within the batching window. */
const GATHER_INTERVAL_MS = 50;
/** SQS's limit on entries of a batch call. */
const SQS_BATCH_LIMIT = 10;

class InjectedCrash extends Error {}

const inGroups = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / SQS_BATCH_LIMIT) }, (_, i) =>
    items.slice(i * SQS_BATCH_LIMIT, (i + 1) * SQS_BATCH_LIMIT),
  );

/**
 * Plays Lambda's SQS event source mapping for one function on one queue, with
 * `ReportBatchItemFailures`: it long-polls the queue, gathers up to `batchSize` messages within
 * `maxBatchingWindowSeconds`, and invokes the function in this process with a real `SQSEvent`,
 * up to `concurrency` invocations at once; each deletes the messages it did not report failed
 * (all when it answers no failures,
 * none when it throws or times out) and leave the failed ones on the queue. Those come back
 * after `retryDelaySeconds` (the compressed visibility timeout, see batch-queue-wiring.ts) with
 * their receive count up; SQS itself (fauxqs) moves a message to the dead-letter queue once it
 * has been received `maxReceiveCount` times.
 */
export function startEventSourceMapping(options: EventSourceMappingOptions): EventSourceMapping {
  const { client, queue, consumer, faults } = options;
  const { fn, settings } = consumer;
  const log = options.log ?? ((line) => console.log(line));
  const logError =
    options.logError ?? ((message, error) => console.error(message, ...(error ? [error] : [])));
  const handlerFor = handlerCache<SqsHandler>(options.loadHandler ?? importHandler);
  const pollWaitSeconds = options.pollWaitSeconds ?? 1;
  const timeoutMs = settings.timeoutSeconds * 1000;
  const windowMs = settings.maxBatchingWindowSeconds * 1000;
  const source = { arn: queue.arn, region: options.region };
  const stats: MappingStats = {
    invocations: 0,
    failedInvocations: 0,
    records: 0,
    redelivered: 0,
    deleted: 0,
    retried: 0,
    injected: 0,
  };
  let stopping = false;

  const receive = async (max: number, waitSeconds: number): Promise<Message[]> => {
    const { Messages = [] } = await client.send(
      new ReceiveMessageCommand({
        QueueUrl: queue.url,
        MaxNumberOfMessages: max,
        WaitTimeSeconds: waitSeconds,
        MessageSystemAttributeNames: ['All'],
        MessageAttributeNames: ['All'],
      }),
    );
    return Messages;
  };

  /** A batch: the first messages of a long poll, topped up until full or the window closes. */
  const gather = async (): Promise<Message[]> => {
    const batch = await receive(settings.batchSize, pollWaitSeconds);
    if (batch.length === 0) return batch;
    const closes = Date.now() + windowMs;
    while (batch.length < settings.batchSize && !stopping && Date.now() < closes) {
      const more = await receive(Math.min(settings.batchSize - batch.length, SQS_BATCH_LIMIT), 0);
      if (more.length > 0) batch.push(...more);
      else await sleep(Math.min(GATHER_INTERVAL_MS, Math.max(0, closes - Date.now())));
    }
    return batch;
  };

  const deleteMessages = async (records: readonly SQSRecord[]) => {
    for (const group of inGroups(records)) {
      const { Failed = [] } = await client.send(
        new DeleteMessageBatchCommand({
          QueueUrl: queue.url,
          Entries: group.map((r, i) => ({ Id: String(i), ReceiptHandle: r.receiptHandle })),
        }),
      );
      if (Failed.length > 0)
        logError(`SQS ${fn.name}: ${Failed.length} messages could not be deleted`, Failed);
    }
  };

  const makeVisible = async (records: readonly SQSRecord[], seconds: number) => {
    for (const group of inGroups(records)) {
      const { Failed = [] } = await client.send(
        new ChangeMessageVisibilityBatchCommand({
          QueueUrl: queue.url,
          Entries: group.map((r, i) => ({
            Id: String(i),
            ReceiptHandle: r.receiptHandle,
            VisibilityTimeout: Math.max(seconds, SOONEST_VISIBILITY_SECONDS),
          })),
        }),
      );
      if (Failed.length > 0)
        logError(`SQS ${fn.name}: ${Failed.length} messages kept their visibility`, Failed);
    }
  };

  /** Runs the function on the records it is handed; the ids of those to retry, or all of them. */
  const invoke = async (records: readonly SQSRecord[]): Promise<BatchOutcome> => {
    stats.invocations++;
    const requestId = randomUUID();
    try {
      const run = await handlerFor(fn);
      const context = lambdaContext(fn, requestId, Date.now() + timeoutMs);
      const response = await withTimeout(run({ Records: [...records] }, context), timeoutMs);
      if (faults?.crashes(records)) throw new InjectedCrash();
      const outcome = batchOutcome(response, records);
      if (outcome.failed === 'all') {
        stats.failedInvocations++;
        logError(`${fn.name} answered an invalid batch response (request ${requestId}): ${outcome.reason}`);
      }
      return outcome;
    } catch (error) {
      stats.failedInvocations++;
      if (error instanceof InjectedCrash) {
        log(`SQS ${fn.name}: invocation crashed after its work (SANDBOX_FAULTS)`);
        return { failed: 'all', reason: 'injected crash' };
      }
      logError(`${fn.name} failed (request ${requestId}); its messages will be retried:`, error);
      return { failed: 'all', reason: 'the function failed' };
    }
  };

  const deliver = async (messages: readonly Message[]) => {
    const started = performance.now();
    const records = messages.map((m) => sqsRecord(m, source));
    const injected = new Set(faults ? records.filter((r) => faults.fails(r)).map((r) => r.messageId) : []);
    const handed = records.filter((r) => !injected.has(r.messageId));
    const outcome: BatchOutcome = handed.length > 0 ? await invoke(handed) : { failed: new Set() };
    const failed = (r: SQSRecord) =>
      injected.has(r.messageId) || outcome.failed === 'all' || outcome.failed.has(r.messageId);
    const done = records.filter((r) => !failed(r));
    const retry = records.filter(failed);
    await deleteMessages(done);
    await makeVisible(retry, consumer.retryDelaySeconds);

    stats.records += records.length;
    stats.redelivered += records.filter((r) => Number(r.attributes.ApproximateReceiveCount) > 1).length;
    stats.deleted += done.length;
    stats.retried += retry.length;
    stats.injected += injected.size;
    const retried = retry.length > 0 ? `, ${retry.length} back in ${consumer.retryDelaySeconds} s` : '';
    const faulted = injected.size > 0 ? ` (${injected.size} failed by SANDBOX_FAULTS)` : '';
    log(
      `SQS ${fn.name} ${records.length} messages: ${done.length} done${retried}${faulted} ` +
        `${Math.round(performance.now() - started)} ms`,
    );
  };

  /** Invocations in progress, at most `consumer.concurrency`. */
  const running = new Set<Promise<void>>();
  const settle = (messages: readonly Message[]) => {
    const delivery = deliver(messages)
      .catch((error: unknown) => {
        // Deleting or releasing failed: those messages come back after the visibility timeout.
        logError(`SQS ${fn.name}: settling a delivery with ${queue.name} failed:`, error);
      })
      .finally(() => running.delete(delivery));
    running.add(delivery);
  };

  /**
   * One long poll at a time hands batches to up to `concurrency` invocations at once, as Lambda's
   * pollers feed a mapping's concurrent invocations: it gathers the next batch while those run,
   * and waits for one to end when all are busy. (A long poll per invocation would wake them all
   * for each message sent, each but one to receive nothing.)
   */
  const poll = async () => {
    const concurrency = Math.max(1, consumer.concurrency);
    while (!stopping) {
      if (running.size >= concurrency) {
        await Promise.race(running);
        continue;
      }
      let messages: Message[];
      try {
        messages = await gather();
      } catch (error) {
        if (stopping) break;
        logError(`SQS ${fn.name}: receiving from ${queue.name} failed; trying again in 1 s:`, error);
        await sleep(1000);
        continue;
      }
      if (messages.length === 0) continue;
      if (stopping) {
        // Gathered but not handed over: back on the queue within a second, for the next start.
        await makeVisible(
          messages.map((m) => sqsRecord(m, source)),
          SOONEST_VISIBILITY_SECONDS,
        ).catch(() => {});
        break;
      }
      settle(messages);
    }
    await Promise.all(running);
  };

  const polling = poll();
  return {
    stats,
    stop() {
      stopping = true;
      return polling;
    },
  };
}
