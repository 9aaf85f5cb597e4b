import { setTimeout as sleep } from 'node:timers/promises';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { runningSandbox } from '#local/running-sandbox';
import { SANDBOX_CREDENTIALS, SANDBOX_REGION } from '#local/sandbox-identity';
import { sandboxStateDir } from './tokens';

/** Order and user events into the shared sandbox through its bus, as a shop's systems send them (docs/events.md). */

export const runningSharedSandbox = () => {
  const sandbox = runningSandbox(sandboxStateDir());
  if (!sandbox) throw new Error('No sandbox runs for the e2e tests');
  return sandbox;
};

export interface BusEvent {
  readonly type: string;
  readonly detail: Record<string, unknown>;
}

/** Puts the events on the sandbox's bus; every entry must be accepted. */
export const sendEvents = async (...events: BusEvent[]) => {
  const client = new EventBridgeClient({
    endpoint: runningSharedSandbox().eventsEndpoint,
    region: SANDBOX_REGION,
    credentials: SANDBOX_CREDENTIALS,
  });
  try {
    const answer = await client.send(
      new PutEventsCommand({
        Entries: events.map(({ type, detail }) => ({
          EventBusName: 'commerce-api-sandbox',
          Source: type.startsWith('order.') ? 'commerce.orders' : 'commerce.users',
          DetailType: type,
          Detail: JSON.stringify(detail),
        })),
      }),
    );
    expect(answer.FailedEntryCount).toBe(0);
  } finally {
    client.destroy();
  }
};

/** Polls `probe` until it gives a value. */
export const until = async <T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs} ms for ${what}`);
    await sleep(25);
  }
};
