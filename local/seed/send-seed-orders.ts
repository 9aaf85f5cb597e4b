import { BatchGetItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import type { BusEvent } from '#functions/contracts/event-messages';
import { orderKey } from '#functions/contracts/keys/order-keys';
import { eventBusName } from '#lib/order-events-settings';
import { sendEvents } from '../events/send-events';
import type { SandboxServers } from '../running-sandbox';
import { SANDBOX_CREDENTIALS, SANDBOX_REGION, SANDBOX_STAGE } from '../sandbox-identity';

/** How long the consumer may take for the seed's orders (about 115 events a second in the sandbox). */
const APPLIED_WITHIN_MS = 120_000;

/** The ids of these orders not in the table yet. */
async function missingOrders(
  client: DynamoDBClient,
  tableName: string,
  ids: readonly number[],
): Promise<number[]> {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += 100) {
    let keys = ids.slice(i, i + 100).map((id) => {
      const { pk, sk } = orderKey(id);
      return { pk: { S: pk }, sk: { S: sk } };
    });
    while (keys.length > 0) {
      const answer = await client.send(
        new BatchGetItemCommand({
          RequestItems: { [tableName]: { Keys: keys, ProjectionExpression: 'id' } },
        }),
      );
      for (const item of answer.Responses?.[tableName] ?? []) found.add(Number(item.id?.N));
      keys = (answer.UnprocessedKeys?.[tableName]?.Keys ?? []) as typeof keys;
    }
  }
  return ids.filter((id) => !found.has(id));
}

/**
 * Sends the seed's orders as `order.placed` events to the sandbox's bus, oldest first, and waits
 * until the consumer has written every one; an order that does not arrive stops the build.
 */
export async function sendSeedOrders(
  servers: Pick<SandboxServers, 'eventsEndpoint' | 'tableName'>,
  client: DynamoDBClient,
  events: readonly BusEvent[],
  applied: (done: number, total: number) => void = () => {},
): Promise<void> {
  const bus = new EventBridgeClient({
    endpoint: servers.eventsEndpoint,
    region: SANDBOX_REGION,
    credentials: SANDBOX_CREDENTIALS,
  });
  try {
    const sent = await sendEvents(bus, eventBusName(SANDBOX_STAGE), events);
    if (sent.failed > 0)
      throw new Error(`The bus refused ${sent.failed} seed events: ${JSON.stringify(sent.failures)}`);
  } finally {
    bus.destroy();
  }
  let missing = events.flatMap((event) => (event.type === 'order.placed' ? [event.detail.id] : []));
  const total = missing.length;
  const until = Date.now() + APPLIED_WITHIN_MS;
  while (missing.length > 0) {
    applied(total - missing.length, total);
    if (Date.now() > until) {
      throw new Error(`${missing.length} seed orders were not applied within ${APPLIED_WITHIN_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
    missing = await missingOrders(client, servers.tableName, missing);
  }
  applied(total, total);
}
