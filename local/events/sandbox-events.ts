/**
 * The sandbox's EventBridge: the stack's bus and rule, read from the synthesized construct, on a
 * local PutEvents endpoint whose matching events go to the events queue on fauxqs, from which the
 * event source mapping runs the real consumer: bus → rule → queue → consumer, as deployed.
 */
import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import type { LocalQueue, LocalSqs } from '../queues/local-sqs';
import type { RunningSandbox } from '../running-sandbox';
import { SANDBOX_STAGE } from '../sandbox-identity';
import { cachedSynthesis } from '../synth-cache';
import { type EventsEndpoint, startEventsEndpoint } from './events-endpoint';
import type { EventTarget } from './put-events';
import { type SandboxEventRule, synthesizeEventRule } from './synthesize-event-rule';

export interface SandboxEvents {
  readonly rule: SandboxEventRule;
  /** `http://127.0.0.1:<port>`, the value of `AWS_ENDPOINT_URL_EVENTBRIDGE`. */
  readonly endpoint: string;
  close(): Promise<void>;
}

/** A target that sends each event to the queue as one message, as EventBridge's SQS target does. */
export const queueTarget =
  (sqs: LocalSqs, queue: LocalQueue): EventTarget =>
  async (bodies) => {
    const { Failed = [] } = await sqs.client.send(
      new SendMessageBatchCommand({
        QueueUrl: queue.url,
        Entries: bodies.map((MessageBody, i) => ({ Id: String(i), MessageBody })),
      }),
    );
    if (Failed.length > 0) throw new Error(`${Failed.length} events could not be queued`);
  };

export async function openSandboxEvents(options: {
  readonly sqs: LocalSqs;
  readonly queues: ReadonlyMap<string, LocalQueue>;
}): Promise<SandboxEvents> {
  const rule = await cachedSynthesis('events-rule', () => synthesizeEventRule(SANDBOX_STAGE));
  const queue = options.queues.get(rule.targetQueueName);
  if (!queue)
    throw new Error(`The sandbox has no queue ${rule.targetQueueName}: SANDBOX_QUEUES must list it`);
  const endpoint: EventsEndpoint = await startEventsEndpoint(rule, queueTarget(options.sqs, queue));
  return { rule, endpoint: endpoint.endpoint, close: () => endpoint.close() };
}

/** What `sandbox.json` says of the bus. */
export const runningEvents = (events: SandboxEvents): Pick<RunningSandbox, 'eventsEndpoint'> => ({
  eventsEndpoint: events.endpoint,
});
