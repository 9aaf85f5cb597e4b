import {
  ChangeMessageVisibilityBatchCommand,
  DeleteMessageCommand,
  type Message,
  ReceiveMessageCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import {
  checkBusEvent,
  type EventIdentity,
  type EventOutcome,
  eventIdentity,
  recordLabel,
} from '#functions/contracts/event-messages';
import { SOONEST_VISIBILITY_SECONDS } from '#local/queues/local-sqs';
import type { EventsTarget } from './events-target';
import { type Output, reportOutcomes } from './outcome-report';
import { readOutcomes } from './read-outcomes';
import type { AwaitedEvent } from './wait-outcomes';

/** Long enough to read the whole queue without receiving a message twice; released at the end. */
const HOLD_SECONDS = 30;
/** Long polling, so an empty answer means an empty queue (short polling samples some servers only). */
const WAIT_SECONDS = 1;
/** Read at most this many dead letters at once (a queue this full wants the AWS console's redrive). */
export const MAX_DEAD_LETTERS = 1000;

/** A dead letter: the message, the event it holds and its outcome record, if it has one. */
export interface DeadLetter {
  readonly message: Message;
  readonly identity: EventIdentity;
  readonly outcome?: EventOutcome;
}

/**
 * Receives every message of the dead-letter queue, holding each out of sight for HOLD_SECONDS
 * (nothing is deleted), and joins each with its event's outcome record (docs/decisions/order-and-user-events.md D78).
 * The caller releases them (`release`) or deletes them.
 */
async function receiveDeadLetters(
  sqs: SQSClient,
  queueUrl: string,
  outcomesOf: (ids: readonly string[]) => Promise<Map<string, EventOutcome>>,
): Promise<DeadLetter[]> {
  const messages = new Map<string, Message>();
  while (messages.size < MAX_DEAD_LETTERS) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: 10,
        VisibilityTimeout: HOLD_SECONDS,
        WaitTimeSeconds: WAIT_SECONDS,
        MessageSystemAttributeNames: ['SentTimestamp'],
        MessageAttributeNames: ['All'],
      }),
    );
    if (Messages.length === 0) break;
    for (const message of Messages) if (message.MessageId) messages.set(message.MessageId, message);
  }
  const letters = [...messages.values()].map((message) => ({
    message,
    identity: eventIdentity(message.Body ?? ''),
  }));
  const ids = letters.flatMap(({ identity }) => (identity.eventId ? [identity.eventId] : []));
  const outcomes = await outcomesOf(ids);
  return letters.map((letter) => {
    const outcome = letter.identity.eventId ? outcomes.get(letter.identity.eventId) : undefined;
    return outcome ? { ...letter, outcome } : letter;
  });
}

/**
 * Makes held messages visible again. Not at once (0 s): fauxqs, the sandbox's SQS, loses a
 * message set to 0 (local/queues/local-sqs.ts); 1 s is the same for an operator.
 */
async function release(sqs: SQSClient, queueUrl: string, letters: readonly DeadLetter[]): Promise<void> {
  for (let start = 0; start < letters.length; start += 10) {
    await sqs.send(
      new ChangeMessageVisibilityBatchCommand({
        QueueUrl: queueUrl,
        Entries: letters.slice(start, start + 10).map(({ message }, i) => ({
          Id: String(i),
          ReceiptHandle: message.ReceiptHandle!,
          VisibilityTimeout: SOONEST_VISIBILITY_SECONDS,
        })),
      }),
    );
  }
}

/**
 * Why a dead letter was refused: its outcome record's reason (the consumer's, by event id); for
 * a message without one, EventBridge's error attributes (an event it could not hand to the
 * queue) or the schema's verdict on the message.
 */
export function deadLetterReason({ message, outcome }: Pick<DeadLetter, 'message' | 'outcome'>): string {
  if (outcome) {
    return outcome.outcome === 'refused'
      ? outcome.reason
      : `${outcome.outcome} by a later delivery (${outcome.reason}): this copy can be redriven (it is then ignored) or left to expire`;
  }
  const code = message.MessageAttributes?.ERROR_CODE?.StringValue;
  if (code) {
    const detail = message.MessageAttributes?.ERROR_MESSAGE?.StringValue;
    return `EventBridge could not deliver it to the queue: ${code}${detail ? ` ${detail}` : ''}`;
  }
  let value: unknown;
  try {
    value = JSON.parse(message.Body ?? '');
  } catch {
    return 'not JSON';
  }
  const checked = checkBusEvent(value, { sourceRequired: true });
  return checked.ok ? 'no outcome recorded' : `not valid: ${checked.problem}`;
}

const firstSeen = ({ message, outcome }: DeadLetter): string => {
  if (outcome) return outcome.firstSeenAt;
  const sent = Number(message.Attributes?.SentTimestamp);
  return Number.isFinite(sent) && sent > 0 ? new Date(sent).toISOString() : '-';
};

/** `dead-letters`: lists the dead-letter queue's events without removing them. */
export async function deadLettersCommand(target: EventsTarget, io: Output): Promise<number> {
  const resources = await target.resources();
  const queueUrl = resources.deadLetterQueueUrl;
  const letters = await receiveDeadLetters(resources.sqs, queueUrl, (ids) => readOutcomes(resources, ids));
  try {
    if (letters.length === 0) {
      io.out(`The dead-letter queue ${target.deadLetterQueueName} is empty.`);
      return 0;
    }
    io.out(
      `${letters.length}${letters.length >= MAX_DEAD_LETTERS ? ' (or more)' : ''} event${letters.length === 1 ? '' : 's'} in the dead-letter queue ${target.deadLetterQueueName}:`,
    );
    io.out(
      `  ${'event id'.padEnd(24)} ${'type'.padEnd(20)} ${'record'.padEnd(14)} ${'receives'.padEnd(8)} ${'first seen'.padEnd(24)} reason`,
    );
    for (const letter of letters) {
      const { identity, outcome } = letter;
      io.out(
        [
          `  ${(identity.eventId ?? '-').padEnd(24)}`,
          (identity.type ?? '-').padEnd(20),
          recordLabel(identity.record).padEnd(14),
          String(outcome?.receiveCount ?? '-').padEnd(8),
          firstSeen(letter).padEnd(24),
          deadLetterReason(letter),
        ].join(' '),
      );
    }
    io.out(
      `Nothing was removed. Once the cause is fixed: \`npm run events -- redrive${target.flags}\` (all) or \`… redrive --id EVENT_ID\` (one).`,
    );
    return 0;
  } finally {
    await release(resources.sqs, queueUrl, letters);
  }
}

export interface RedriveOptions {
  /** Only the dead letter of this event id. */
  readonly id?: string;
  readonly wait: boolean;
  readonly stallSeconds?: number;
}

/**
 * `redrive [--id ID]`: sends the dead letters (or the one of that event id) back to the events
 * queue, each removed from the dead-letter queue only once it was sent, then waits for their
 * outcomes as `send` does.
 */
export async function redriveCommand(
  target: EventsTarget,
  io: Output,
  options: RedriveOptions,
): Promise<number> {
  const resources = await target.resources();
  const deadLetterQueueUrl = resources.deadLetterQueueUrl;
  const queueUrl = resources.queueUrl();
  const letters = await receiveDeadLetters(resources.sqs, deadLetterQueueUrl, (ids) =>
    readOutcomes(resources, ids),
  );
  const chosen =
    options.id === undefined ? letters : letters.filter((l) => l.identity.eventId === options.id);
  const kept = letters.filter((letter) => !chosen.includes(letter));
  const awaited: AwaitedEvent[] = [];
  try {
    if (chosen.length === 0) {
      io.err(
        options.id === undefined
          ? `The dead-letter queue ${target.deadLetterQueueName} is empty: nothing to redrive.`
          : `No event ${options.id} in the dead-letter queue ${target.deadLetterQueueName} (${letters.length} there): ` +
              `\`npm run events -- dead-letters${target.flags}\` lists them.`,
      );
      return options.id === undefined ? 0 : 1;
    }
    for (const letter of chosen) {
      await resources.sqs.send(
        new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: letter.message.Body! }),
      );
      await resources.sqs.send(
        new DeleteMessageCommand({
          QueueUrl: deadLetterQueueUrl,
          ReceiptHandle: letter.message.ReceiptHandle!,
        }),
      );
      const { eventId, type, record } = letter.identity;
      // Its outcome is new once it differs from the one that sent it to the dead-letter queue.
      const before = letter.outcome?.at;
      if (eventId !== undefined) {
        awaited.push({
          eventId,
          type: type ?? '-',
          ...(record ? { record } : {}),
          isOurs: (o) => o.at !== before,
        });
      }
    }
  } finally {
    await release(resources.sqs, deadLetterQueueUrl, kept);
  }
  io.out(
    `Sent ${chosen.length} event${chosen.length === 1 ? '' : 's'} back to the events queue and removed ${chosen.length === 1 ? 'it' : 'them'} from the dead-letter queue.`,
  );
  if (!options.wait || awaited.length === 0) return 0;
  io.out('Waiting for the outcome of each event …');
  return reportOutcomes(target, awaited, io, options.stallSeconds);
}
