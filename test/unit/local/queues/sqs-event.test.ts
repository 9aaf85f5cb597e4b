import type { SQSRecord } from 'aws-lambda';
import { batchOutcome, sqsRecord } from '#local/queues/sqs-event';

const source = { arn: 'arn:aws:sqs:us-east-1:000000000000:orders', region: 'us-east-1' };

describe('sqsRecord', () => {
  it('builds the record Lambda hands a function from a received message', () => {
    const record = sqsRecord(
      {
        MessageId: 'm-1',
        ReceiptHandle: 'r-1',
        MD5OfBody: 'md5',
        Body: '{"a":1}',
        Attributes: {
          ApproximateReceiveCount: '2',
          SentTimestamp: '1000',
          SenderId: '000000000000',
          ApproximateFirstReceiveTimestamp: '1100',
        },
        MessageAttributes: {
          kind: { DataType: 'String', StringValue: 'chunk' },
          blob: { DataType: 'Binary', BinaryValue: Buffer.from('hi') },
        },
        MD5OfMessageAttributes: 'md5a',
      },
      source,
    );
    expect(record).toEqual({
      messageId: 'm-1',
      receiptHandle: 'r-1',
      body: '{"a":1}',
      attributes: {
        ApproximateReceiveCount: '2',
        SentTimestamp: '1000',
        SenderId: '000000000000',
        ApproximateFirstReceiveTimestamp: '1100',
      },
      messageAttributes: {
        kind: { dataType: 'String', stringValue: 'chunk', stringListValues: [], binaryListValues: [] },
        blob: { dataType: 'Binary', binaryValue: 'aGk=', stringListValues: [], binaryListValues: [] },
      },
      md5OfBody: 'md5',
      md5OfMessageAttributes: 'md5a',
      eventSource: 'aws:sqs',
      eventSourceARN: source.arn,
      awsRegion: 'us-east-1',
    });
  });

  it('refuses a message without id or receipt handle', () => {
    expect(() => sqsRecord({ Body: 'x' }, source)).toThrow();
  });
});

describe('batchOutcome (ReportBatchItemFailures, as Lambda reads the answer)', () => {
  const records = ['a', 'b', 'c'].map((id) => ({ messageId: id }) as SQSRecord);

  it.each([
    ['no answer', undefined],
    ['null', null],
    ['an empty object', {}],
    ['a null list', { batchItemFailures: null }],
    ['an empty list', { batchItemFailures: [] }],
  ])('is a complete success for %s', (_, response) => {
    expect(batchOutcome(response, records)).toEqual({ failed: new Set() });
  });

  it('fails exactly the listed messages', () => {
    const outcome = batchOutcome(
      { batchItemFailures: [{ itemIdentifier: 'b' }, { itemIdentifier: 'c' }] },
      records,
    );
    expect(outcome).toEqual({ failed: new Set(['b', 'c']) });
  });

  it.each([
    ['an empty identifier', { batchItemFailures: [{ itemIdentifier: '' }] }],
    ['a null identifier', { batchItemFailures: [{ itemIdentifier: null }] }],
    ['a misspelt key', { batchItemFailures: [{ itemIdentifer: 'a' }] }],
    ['an id not in the batch', { batchItemFailures: [{ itemIdentifier: 'z' }] }],
    ['a list that is not one', { batchItemFailures: 'a' }],
    ['a string answer', 'ok'],
    ['an answer that is not JSON', { batchItemFailures: [], big: BigInt(1) }],
  ])('fails the whole batch for %s', (_, response) => {
    expect(batchOutcome(response, records)).toMatchObject({ failed: 'all' });
  });
});
