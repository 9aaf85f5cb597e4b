/**
 * The event source mapping against real SQS semantics: fauxqs (in a child process, see
 * support/queues-child.ts) with the sandbox's batch queue and dead-letter queue, made from the
 * construct settings. The function is a stand-in that records what it is handed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  GetQueueAttributesCommand,
  PurgeQueueCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { batchQueueSettings } from '#lib/batch-queue-settings';
import { orderEventsSettings } from '#lib/order-events-settings';
import { parseSandboxFaults } from '#local/faults';
import { processorDefinition } from '#local/queues/batch-queue-wiring';
import {
  type EventSourceMapping,
  type SqsHandler,
  startEventSourceMapping,
} from '#local/queues/event-source-mapping';
import { sandboxSqsClient } from '#local/queues/local-sqs';
import { eventsQueue } from '#local/queues/order-events-wiring';
import type { SandboxConsumerDefinition } from '#local/queues/queue-wiring';
import { type QueuesProcess, startQueuesProcess } from './support/queues-process';

/**
 * The processor's consumer with a 0.1 s batching window, for the tests of retries: each
 * delivery of a short batch would otherwise wait the real window (1 s) first. The tests of
 * batching use the real settings.
 */
const quick: SandboxConsumerDefinition = {
  ...processorDefinition,
  settings: { ...processorDefinition.settings, maxBatchingWindowSeconds: 0.1 },
};

interface Delivery {
  readonly body: string;
  readonly receiveCount: number;
  readonly batchSize: number;
}

describe('the SQS event source mapping', () => {
  let stateDir: string;
  let queues: QueuesProcess;
  let sqs: SQSClient;
  let mapping: EventSourceMapping | undefined;
  let deliveries: Delivery[];
  let lines: string[];

  beforeAll(async () => {
    stateDir = mkdtempSync(path.join(tmpdir(), 'sandbox-queues-'));
    queues = await startQueuesProcess(stateDir, { fresh: true });
    sqs = sandboxSqsClient(queues.endpoint);
  });
  afterAll(async () => {
    sqs?.destroy();
    await queues?.stop();
    rmSync(stateDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    deliveries = [];
    lines = [];
    for (const queue of [queues.batchQueue, queues.deadLetterQueue]) {
      await sqs.send(new PurgeQueueCommand({ QueueUrl: queue.url }));
    }
  });
  afterEach(async () => {
    await mapping?.stop();
    mapping = undefined;
  });

  /** The processor's mapping, with a stand-in function that fails where `fails` says. */
  const start = (
    behaviour: (records: SQSRecord[]) => SQSBatchResponse | undefined | Promise<SQSBatchResponse | undefined>,
    options: { faults?: string; consumer?: SandboxConsumerDefinition } = {},
  ) => {
    const handler: SqsHandler = async (event: SQSEvent) => {
      for (const r of event.Records) {
        deliveries.push({
          body: r.body,
          receiveCount: Number(r.attributes.ApproximateReceiveCount),
          batchSize: event.Records.length,
        });
      }
      return behaviour(event.Records);
    };
    const injector = parseSandboxFaults(options.faults);
    mapping = startEventSourceMapping({
      client: sqs,
      queue: queues.batchQueue,
      region: 'us-east-1',
      consumer: options.consumer ?? quick,
      loadHandler: async () => handler,
      ...(injector ? { faults: injector } : {}),
      log: (line) => lines.push(line),
      logError: (line) => lines.push(line),
    });
    return mapping;
  };

  const send = async (bodies: readonly string[]) => {
    for (let i = 0; i < bodies.length; i += 10) {
      await sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: queues.batchQueue.url,
          Entries: bodies.slice(i, i + 10).map((body, j) => ({ Id: String(j), MessageBody: body })),
        }),
      );
    }
  };

  const depth = async (url: string) => {
    const { Attributes = {} } = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: url,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    return (
      Number(Attributes.ApproximateNumberOfMessages) +
      Number(Attributes.ApproximateNumberOfMessagesNotVisible)
    );
  };

  const waitFor = async (done: () => boolean | Promise<boolean>, timeoutMs = 15_000) => {
    const until = Date.now() + timeoutMs;
    while (!(await done())) {
      if (Date.now() > until) throw new Error(`Timed out; deliveries: ${JSON.stringify(deliveries)}`);
      await sleep(50);
    }
  };

  const bodies = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);
  const countOf = (body: string) => deliveries.filter((d) => d.body === body).length;
  const retryAfterMs = processorDefinition.retryDelaySeconds * 1000;

  it('hands the function batches of at most the batch size and deletes every message it did not fail', async () => {
    const sent = bodies('ok', 25);
    start(() => ({ batchItemFailures: [] }), { consumer: processorDefinition });
    await send(sent);
    await waitFor(() => deliveries.length >= 25);
    await waitFor(async () => (await depth(queues.batchQueue.url)) === 0);
    expect(deliveries.map((d) => d.body).sort()).toEqual([...sent].sort());
    expect(Math.max(...deliveries.map((d) => d.batchSize))).toBe(batchQueueSettings.processor.batchSize);
    expect(deliveries.every((d) => d.receiveCount === 1)).toBe(true);
    // Nothing is left on the queue, visible or in flight, to come back.
    expect(deliveries).toHaveLength(25);
    expect(mapping!.stats).toMatchObject({ records: 25, deleted: 25, retried: 0, redelivered: 0 });
    expect(lines.every((line) => /^SQS process-batch-items \d+ messages: \d+ done \d+ ms$/.test(line))).toBe(
      true,
    );
  });

  it('gathers a short batch within the batching window instead of invoking message by message', async () => {
    start(() => undefined, { consumer: processorDefinition });
    await send(['a']);
    await sleep(300);
    await send(['b', 'c']);
    await waitFor(() => deliveries.length >= 3);
    expect(deliveries.map((d) => d.batchSize)).toEqual([3, 3, 3]);
  });

  it('redelivers only the messages reported failed, after the compressed visibility timeout', async () => {
    const sent = bodies('partial', 12);
    const started = Date.now();
    let retriedAt = 0;
    start((records) => ({
      batchItemFailures: records
        .filter(
          (r) => ['partial-3', 'partial-11'].includes(r.body) && r.attributes.ApproximateReceiveCount === '1',
        )
        .map((r) => ({ itemIdentifier: r.messageId })),
    }));
    await send(sent);
    await waitFor(() => {
      if (countOf('partial-3') === 2 && countOf('partial-11') === 2 && !retriedAt) retriedAt = Date.now();
      return retriedAt > 0;
    });
    await waitFor(async () => (await depth(queues.batchQueue.url)) === 0);
    expect(retriedAt - started).toBeGreaterThanOrEqual(retryAfterMs);
    for (const body of sent) expect(countOf(body)).toBe(['partial-3', 'partial-11'].includes(body) ? 2 : 1);
    expect(
      deliveries
        .filter((d) => d.receiveCount === 2)
        .map((d) => d.body)
        .sort(),
    ).toEqual(['partial-11', 'partial-3']);
    expect(mapping!.stats).toMatchObject({ records: 14, deleted: 12, retried: 2, redelivered: 2 });
  });

  it('runs up to the mapping’s maximum concurrency of batches at once, and redelivers only the records a batch failed', async () => {
    // The events consumer's mapping (lib/order-events-settings.ts), on this test's queue.
    const events = eventsQueue.consumer!;
    const limit = orderEventsSettings.consumer.maxConcurrency;
    let active = 0;
    let most = 0;
    let reached: () => void = () => {};
    const full = new Promise<void>((resolve) => {
      reached = resolve;
    });
    start(
      async (records) => {
        active++;
        most = Math.max(most, active);
        if (active === limit) reached();
        // Each batch holds on until as many run as the mapping allows (or a while), then a little more.
        await Promise.race([full, sleep(3_000)]);
        await sleep(100);
        active--;
        return {
          batchItemFailures: records
            .filter((r) => ['ev-7', 'ev-33'].includes(r.body) && r.attributes.ApproximateReceiveCount === '1')
            .map((r) => ({ itemIdentifier: r.messageId })),
        };
      },
      { consumer: events },
    );
    const sent = bodies('ev', 60);
    await send(sent);
    await waitFor(() => countOf('ev-7') === 2 && countOf('ev-33') === 2);
    await waitFor(async () => (await depth(queues.batchQueue.url)) === 0);
    expect(most).toBe(limit);
    expect(Math.max(...deliveries.map((d) => d.batchSize))).toBeLessThanOrEqual(events.settings.batchSize);
    for (const body of sent) expect(countOf(body)).toBe(['ev-7', 'ev-33'].includes(body) ? 2 : 1);
    expect(mapping!.stats).toMatchObject({ records: 62, deleted: 60, retried: 2, redelivered: 2 });
  });

  it('redelivers the whole batch when the function throws', async () => {
    start((records) => {
      if (records.some((r) => r.attributes.ApproximateReceiveCount === '1')) throw new Error('boom');
      return undefined;
    });
    await send(bodies('throws', 4));
    await waitFor(() => deliveries.length >= 8);
    await waitFor(async () => (await depth(queues.batchQueue.url)) === 0);
    for (const body of bodies('throws', 4)) expect(countOf(body)).toBe(2);
    expect(mapping!.stats).toMatchObject({ failedInvocations: 1, deleted: 4, retried: 4 });
  });

  it('redelivers the whole batch when the answer names a message that is not in it', async () => {
    start((records) =>
      records[0]!.attributes.ApproximateReceiveCount === '1'
        ? { batchItemFailures: [{ itemIdentifier: 'not-a-message-id' }] }
        : { batchItemFailures: [] },
    );
    await send(bodies('invalid', 3));
    await waitFor(() => deliveries.length >= 6);
    for (const body of bodies('invalid', 3)) expect(countOf(body)).toBe(2);
  });

  it('lets SQS move a message that always fails to the dead-letter queue after maxReceiveCount receives', async () => {
    const { maxReceiveCount } = batchQueueSettings.queue;
    start((records) => ({
      batchItemFailures: records
        .filter((r) => r.body === 'poison')
        .map((r) => ({ itemIdentifier: r.messageId })),
    }));
    await send(['poison', 'fine']);
    await waitFor(async () => (await depth(queues.deadLetterQueue.url)) === 1, 20_000);
    expect(countOf('poison')).toBe(maxReceiveCount);
    expect(countOf('fine')).toBe(1);
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queues.deadLetterQueue.url }),
    );
    expect(Messages.map((m) => m.Body)).toEqual(['poison']);
    // Gone from the batch queue: never delivered again.
    expect(await depth(queues.batchQueue.url)).toBe(0);
  });

  it('fails the messages SANDBOX_FAULTS names before the function sees them, and crashes invocations it names', async () => {
    const chunk = (id: number) =>
      JSON.stringify({ batchId: 1, chunk: id, items: [{ id, sentOn: '2026-01-01' }] });
    start(() => undefined, { faults: '{"fail": {"1": 2}, "crash": {"2": 1}}' });
    await send([chunk(1)]);
    // The delete follows the function's answer: wait for it, not only for the delivery.
    await waitFor(() => countOf(chunk(1)) === 1 && mapping!.stats.deleted === 1);
    // Withheld on deliveries 1 and 2: the function sees the third.
    expect(deliveries.map((d) => d.receiveCount)).toEqual([3]);
    expect(mapping!.stats).toMatchObject({ records: 3, injected: 2, deleted: 1 });
    await send([chunk(2)]);
    await waitFor(() => countOf(chunk(2)) === 2);
    // Run twice: crashed after its work the first time.
    expect(deliveries.filter((d) => d.body === chunk(2)).map((d) => d.receiveCount)).toEqual([1, 2]);
    expect(lines).toContain('SQS process-batch-items: invocation crashed after its work (SANDBOX_FAULTS)');
  });

  it('stops polling on stop(), leaving later messages on the queue', async () => {
    start(() => undefined);
    const began = Date.now();
    await mapping!.stop();
    expect(Date.now() - began).toBeLessThan(3_000);
    await send(['after-stop']);
    await sleep(300);
    expect(deliveries).toEqual([]);
    expect(await depth(queues.batchQueue.url)).toBe(1);
  });
});
