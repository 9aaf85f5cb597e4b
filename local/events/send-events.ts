import { type EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import type { BusEvent } from '#functions/contracts/event-messages';
import { EVENT_TYPES } from '#functions/contracts/event-types';

/** PutEvents takes at most 10 entries a call. */
export const PUT_EVENTS_BATCH = 10;

export interface SendOutcome {
  readonly accepted: number;
  readonly failed: number;
  /** The first refusals: the event's position in the file's events (1-based) and EventBridge's code and message. */
  readonly failures: readonly { readonly event: number; readonly reason: string }[];
  /** EventBridge's id of each event, in the events' order (undefined where the bus refused it): the consumer sees it as the envelope's `id`. */
  readonly busEventIds: readonly (string | undefined)[];
}

const MAX_FAILURES_SHOWN = 10;

/** Sends the events to the bus in calls of 10, one after the other, and counts what EventBridge accepted. */
export async function sendEvents(
  client: EventBridgeClient,
  busName: string,
  events: readonly BusEvent[],
  progress: (sent: number) => void = () => {},
): Promise<SendOutcome> {
  let accepted = 0;
  const failures: { event: number; reason: string }[] = [];
  let failed = 0;
  const busEventIds: (string | undefined)[] = [];
  for (let start = 0; start < events.length; start += PUT_EVENTS_BATCH) {
    const batch = events.slice(start, start + PUT_EVENTS_BATCH);
    const { Entries = [] } = await client.send(
      new PutEventsCommand({
        Entries: batch.map((event) => ({
          EventBusName: busName,
          Source: EVENT_TYPES[event.type],
          DetailType: event.type,
          Detail: JSON.stringify(event.detail),
        })),
      }),
    );
    batch.forEach((_, i) => {
      const entry = Entries[i];
      if (entry?.EventId && !entry.ErrorCode) {
        accepted++;
        busEventIds.push(entry.EventId);
        return;
      }
      failed++;
      busEventIds.push(undefined);
      if (failures.length < MAX_FAILURES_SHOWN) {
        failures.push({
          event: start + i + 1,
          reason: `${entry?.ErrorCode ?? 'NoAnswer'}: ${entry?.ErrorMessage ?? 'no entry in the answer'}`,
        });
      }
    });
    progress(start + batch.length);
  }
  return { accepted, failed, failures, busEventIds };
}
