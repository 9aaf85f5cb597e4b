import type { Message, MessageAttributeValue } from '@aws-sdk/client-sqs';
import type { SQSMessageAttributes, SQSRecord } from 'aws-lambda';

/** The queue a record came from, as Lambda names it in the event. */
export interface RecordSource {
  readonly arn: string;
  readonly region: string;
}

const base64 = (bytes: Uint8Array | undefined) => (bytes ? Buffer.from(bytes).toString('base64') : undefined);

/** SQS's message attributes in the event's spelling (lower-case keys, binary as base64). */
const recordAttributes = (
  attributes: Record<string, MessageAttributeValue> | undefined,
): SQSMessageAttributes =>
  Object.fromEntries(
    Object.entries(attributes ?? {}).map(([name, value]) => [
      name,
      {
        dataType: value.DataType ?? 'String',
        ...(value.StringValue !== undefined ? { stringValue: value.StringValue } : {}),
        ...(value.BinaryValue !== undefined ? { binaryValue: base64(value.BinaryValue) } : {}),
        stringListValues: value.StringListValues ?? [],
        binaryListValues: (value.BinaryListValues ?? []).map((b) => base64(b)!),
      },
    ]),
  );

/**
 * One record of the `SQSEvent` Lambda's event source mapping builds from a received message
 * (receive with all system and message attributes to fill it).
 */
export function sqsRecord(message: Message, source: RecordSource): SQSRecord {
  if (!message.MessageId || !message.ReceiptHandle)
    throw new Error('A received message has no id or receipt handle');
  const attributes = message.Attributes ?? {};
  return {
    messageId: message.MessageId,
    receiptHandle: message.ReceiptHandle,
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
      SenderId: attributes.SenderId ?? '',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
      ...(attributes.AWSTraceHeader ? { AWSTraceHeader: attributes.AWSTraceHeader } : {}),
    },
    messageAttributes: recordAttributes(message.MessageAttributes),
    md5OfBody: message.MD5OfBody ?? '',
    ...(message.MD5OfMessageAttributes ? { md5OfMessageAttributes: message.MD5OfMessageAttributes } : {}),
    eventSource: 'aws:sqs',
    eventSourceARN: source.arn,
    awsRegion: source.region,
  };
}

/** The message ids of `records` that must stay on the queue, or all of them. */
export type BatchOutcome =
  | { readonly failed: ReadonlySet<string> }
  | { readonly failed: 'all'; readonly reason: string };

/**
 * Reads a function's answer the way Lambda does with `ReportBatchItemFailures`: no answer, an
 * empty object, or a null or empty `batchItemFailures` is a complete success; each listed
 * `itemIdentifier` (a message id) is one failure; an answer that is not JSON, or an identifier
 * that is missing, empty, not a string or not in the batch, fails the whole batch.
 */
export function batchOutcome(response: unknown, records: readonly SQSRecord[]): BatchOutcome {
  if (response === undefined || response === null) return { failed: new Set() };
  let answer: unknown;
  try {
    answer = JSON.parse(JSON.stringify(response));
  } catch {
    return { failed: 'all', reason: 'the response is not JSON' };
  }
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
    return { failed: 'all', reason: 'the response is not a batch response object' };
  }
  const failures = (answer as { batchItemFailures?: unknown }).batchItemFailures;
  if (failures === undefined || failures === null) return { failed: new Set() };
  if (!Array.isArray(failures)) return { failed: 'all', reason: 'batchItemFailures is not a list' };
  const ids = new Set(records.map((r) => r.messageId));
  const failed = new Set<string>();
  for (const failure of failures) {
    const id = (failure as { itemIdentifier?: unknown } | null)?.itemIdentifier;
    if (typeof id !== 'string' || id === '' || !ids.has(id)) {
      return { failed: 'all', reason: 'batchItemFailures names an item that is not in the batch' };
    }
    failed.add(id);
  }
  return { failed };
}
