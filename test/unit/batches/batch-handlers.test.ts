import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { handler as createBatch } from '#functions/batches/handlers/create-batch';
import { handler as processItems } from '#functions/batches/handlers/process-batch-items';
import { apiEvent, lambdaContext } from '../support/api-event';

const dynamo = mockClient(DynamoDBDocumentClient);
const sqs = mockClient(SQSClient);
process.env.BATCH_QUEUE_URL = 'https://sqs.test/queue';
const nextYear = new Date().getUTCFullYear() + 1;

const post = (body: string) =>
  createBatch(
    {
      ...apiEvent({ method: 'POST', resource: '/v1/orders/batches', body, caller: { userId: 2 } }),
      // Client headers: the Location comes from API Gateway's request context instead (D61).
      headers: { Host: 'evil.example', 'X-Forwarded-Proto': 'https://evil.example/#' },
    },
    lambdaContext,
  );

beforeEach(() => {
  dynamo.reset();
  sqs.reset();
  dynamo.on(UpdateCommand, { Key: { pk: 'COUNTER', sk: 'BATCH' } }).resolves({ Attributes: { value: 7 } });
  dynamo.on(PutCommand).resolves({});
  sqs.on(SendMessageBatchCommand).resolves({ Failed: [] });
});

describe('POST /orders/batches', () => {
  it('answers 201 with the absolute Location and the pending batch', async () => {
    const response = await post(JSON.stringify({ items: [{ id: 1, sent_on: '2026-02-28' }] }));
    expect(response.statusCode).toBe(201);
    expect(response.headers?.Location).toBe('https://api.example.com/v1/orders/batches/7');
    expect(JSON.parse(response.body)).toEqual({
      id: 7,
      status: 'pending',
      count: null,
      errors: null,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    const [sent] = sqs.commandCalls(SendMessageBatchCommand);
    expect(sent!.args[0].input.Entries).toEqual([expect.objectContaining({ Id: '0', DelaySeconds: 0 })]);
  });

  it("answers 429 with Retry-After past the caller's items in progress, and records and queues nothing", async () => {
    const Key = { pk: 'LIMIT#batches#2', sk: 'LIMIT' };
    dynamo
      .on(UpdateCommand, { Key })
      .rejects(new ConditionalCheckFailedException({ message: 'refused', $metadata: {} }));
    // The bucket is 1.5 s past full: one more item fits in about 1.5 s, so wait 2.
    dynamo.on(GetCommand, { Key }).resolves({ Item: { ...Key, tat: Date.now() + 80_000 + 1_500 } });
    const response = await post(JSON.stringify({ items: [{ id: 1, sent_on: '2026-02-28' }] }));
    expect(response.statusCode).toBe(429);
    expect(response.headers?.['Retry-After']).toBe('2');
    expect(JSON.parse(response.body)).toEqual({ code: 'too_many_requests', message: expect.any(String) });
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
    expect(dynamo.commandCalls(UpdateCommand, { Key: { pk: 'COUNTER', sk: 'BATCH' } })).toHaveLength(0);
    expect(sqs.calls()).toHaveLength(0);
  });

  it.each([
    ['no items', { items: [] }],
    [
      'too many items',
      { items: Array.from({ length: 1001 }, (_, i) => ({ id: i + 1, sent_on: '2026-01-01' })) },
    ],
    ['a non-integer id', { items: [{ id: 1.5, sent_on: '2026-01-01' }] }],
    ['a string id', { items: [{ id: '1', sent_on: '2026-01-01' }] }],
    ['a day that does not exist', { items: [{ id: 1, sent_on: '2025-02-30' }] }],
    ['a date in another format', { items: [{ id: 1, sent_on: '01/02/2026' }] }],
    ['an unknown item field', { items: [{ id: 1, sent_on: '2026-01-01', note: 'x' }] }],
    ['an unknown top-level field', { items: [{ id: 1, sent_on: '2026-01-01' }], priority: 1 }],
    // docs/decisions/order-batches.md D66.
    [
      'an order id twice',
      {
        items: [
          { id: 4, sent_on: '2026-01-01' },
          { id: 5, sent_on: '2026-01-02' },
          { id: 4, sent_on: '2026-01-03' },
        ],
      },
    ],
    ['a sent_on before 2000', { items: [{ id: 1, sent_on: '1999-12-31' }] }],
    ['a sent_on after next year', { items: [{ id: 1, sent_on: `${nextYear + 1}-01-01` }] }],
  ])('refuses %s with a 400 and creates nothing', async (_, body) => {
    const response = await post(JSON.stringify(body));
    expect(response.statusCode).toBe(400);
    expect(dynamo.calls()).toHaveLength(0);
    expect(sqs.calls()).toHaveLength(0);
  });
});

it.each([
  ['the first day of 2000', '2000-01-01'],
  ['the last day of next year', `${nextYear}-12-31`],
])('accepts a sent_on on %s', async (_, sentOn) => {
  const response = await post(JSON.stringify({ items: [{ id: 1, sent_on: sentOn }] }));
  expect(response.statusCode).toBe(201);
});

describe('process-batch-items', () => {
  const record = (messageId: string, body: unknown) => ({ messageId, body: JSON.stringify(body) });
  const chunk = (batchId: number, chunk: number) => ({
    batchId,
    chunk,
    ownerId: 2,
    admin: false,
    items: [{ id: 1, sentOn: '2026-01-01' }],
  });

  it('reports only the failed records for retry', async () => {
    dynamo.on(UpdateCommand).callsFake((input) => {
      if (input.Key.pk === 'BATCH#9') throw new Error('throttled');
      return { Attributes: { count: 1, itemCount: 2 } };
    });
    const event = {
      Records: [record('a', chunk(8, 0)), record('b', chunk(9, 0)), record('c', 'not a chunk')],
    } as unknown as SQSEvent;
    const response = await processItems(event, lambdaContext);
    expect(response.batchItemFailures).toEqual(
      expect.arrayContaining([{ itemIdentifier: 'b' }, { itemIdentifier: 'c' }]),
    );
    expect(response.batchItemFailures).toHaveLength(2);
  });

  it('treats an already recorded chunk as done', async () => {
    dynamo.on(UpdateCommand).callsFake((input) => {
      if (input.Key.pk === 'BATCH#8')
        throw new ConditionalCheckFailedException({ message: 'done', $metadata: {} });
      return {};
    });
    const response = await processItems(
      { Records: [record('a', chunk(8, 0))] } as unknown as SQSEvent,
      lambdaContext,
    );
    expect(response.batchItemFailures).toEqual([]);
  });
});
