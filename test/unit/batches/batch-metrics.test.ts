import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import type { BatchChunkMessage } from '#functions/batches/domain/batch';
import { handler as processItems } from '#functions/batches/handlers/process-batch-items';
import { handler as recordDeadItems } from '#functions/batches/handlers/record-dead-batch-items';
import { processChunk, recordDeadChunk } from '#functions/batches/services/batch-processing-service';
import { createBatch } from '#functions/batches/services/batch-request-service';
import type { BatchStore, ChunkMessage, ChunkQueue } from '#functions/batches/store/batch-store';
import { METRIC_NAMES } from '#functions/contracts/metric-names';
import { lambdaContext } from '../support/api-event';
import { memoryCallerLimitStore } from '../support/memory-caller-limit-store';
import { captureMetrics } from '../support/metrics-capture';
import { memoryBatchStore } from './memory-batch-store';

/** The service's ports: the batch store and queue given, and limits of their own. */
const portsOf = (store: BatchStore, queue: ChunkQueue) => ({
  store,
  queue,
  limits: memoryCallerLimitStore().store,
});

const now = new Date('2026-11-22T10:00:00Z');
const customer = { userId: 2, admin: false };
const captured = captureMetrics();

/** A batch of the customer's `ids` (orders 1 and 2 are theirs, 3 is another's), and its chunk messages. */
const batchOf = async (ids: number[]) => {
  const { store } = memoryBatchStore({ 1: { userId: 2 }, 2: { userId: 2 }, 3: { userId: 3 } });
  const sent: BatchChunkMessage[] = [];
  const queue = {
    send: async (messages: readonly ChunkMessage[]) => {
      sent.push(...messages.map((m) => JSON.parse(m.body)));
      return [];
    },
  };
  await createBatch(
    portsOf(store, queue),
    customer,
    ids.map((id) => ({ id, sentOn: '2026-11-20' })),
    now,
  );
  return { store, sent };
};

describe('batch metrics', () => {
  it('count the items of a processed chunk, the failed ones, and the batch it completes', async () => {
    const { store, sent } = await batchOf([1, 3, 99, 2]);
    await processChunk(store, sent[0]!, now);
    expect(captured.counts()).toEqual({
      [METRIC_NAMES.batchItemsProcessed]: 4,
      [METRIC_NAMES.batchItemsFailed]: 2,
      [METRIC_NAMES.batchesCompleted]: 1,
    });
  });

  it('count a batch as completed once, with its last chunk', async () => {
    const { store, sent } = await batchOf(Array.from({ length: 30 }, () => 1));
    await processChunk(store, sent[0]!, now);
    expect(captured.counts()).toEqual({
      [METRIC_NAMES.batchItemsProcessed]: 25,
      [METRIC_NAMES.batchItemsFailed]: 0,
    });
    await processChunk(store, sent[1]!, now);
    expect(captured.counts()).toEqual({
      [METRIC_NAMES.batchItemsProcessed]: 30,
      [METRIC_NAMES.batchItemsFailed]: 0,
      [METRIC_NAMES.batchesCompleted]: 1,
    });
  });

  it('count nothing for a redelivered chunk', async () => {
    const { store, sent } = await batchOf([1, 2]);
    await processChunk(store, sent[0]!, now);
    const once = captured.counts();
    await processChunk(store, sent[0]!, now);
    await recordDeadChunk(store, sent[0]!, now);
    expect(captured.counts()).toEqual(once);
  });

  it('count every item of a dead chunk as failed, and the chunk as dead-lettered', async () => {
    const { store, sent } = await batchOf([1, 2, 3]);
    await recordDeadChunk(store, sent[0]!, now);
    expect(captured.counts()).toEqual({
      [METRIC_NAMES.batchItemsProcessed]: 3,
      [METRIC_NAMES.batchItemsFailed]: 3,
      [METRIC_NAMES.batchChunksDeadLettered]: 1,
      [METRIC_NAMES.batchesCompleted]: 1,
    });
  });
});

describe('the queue consumers', () => {
  const dynamo = mockClient(DynamoDBDocumentClient);
  const record = (messageId: string, batchId: number) => ({
    messageId,
    body: JSON.stringify({
      batchId,
      chunk: 0,
      ownerId: 2,
      admin: false,
      items: [{ id: 1, sentOn: '2026-01-01' }],
    }),
  });
  beforeEach(() => dynamo.reset());
  afterAll(() => dynamo.restore());

  it('write the metrics of an invocation once, at its end, failed records and all', async () => {
    dynamo.on(UpdateCommand).callsFake((input) => {
      if (input.Key.pk === 'BATCH#9') throw new Error('throttled');
      return { Attributes: { count: 1, itemCount: 2 } };
    });
    const event = { Records: [record('a', 8), record('b', 9), record('c', 7)] } as unknown as SQSEvent;
    const response = await processItems(event, lambdaContext);
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'b' }]);
    expect(captured.published).toHaveLength(1);
    expect(captured.published[0]).toMatchObject({
      [METRIC_NAMES.batchItemsProcessed]: [1, 1],
      [METRIC_NAMES.batchItemsFailed]: [0, 0],
    });
    expect(captured.pending()).toBe(false);
  });

  it('write nothing when nothing was counted (every chunk already recorded)', async () => {
    dynamo.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'done', $metadata: {} }));
    await recordDeadItems({ Records: [record('a', 8)] } as unknown as SQSEvent, lambdaContext);
    expect(captured.published).toEqual([]);
  });
});
