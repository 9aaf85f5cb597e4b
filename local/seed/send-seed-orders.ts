import { Agent } from 'node:http';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import type { BusEvent } from '#functions/contracts/event-messages';
import { orderKey } from '#functions/contracts/keys/order-keys';
import { eventBusName } from '#lib/order-events-settings';
import { sendEvents } from '../events/send-events';
import type { SandboxServers } from '../running-sandbox';
import { SANDBOX_CREDENTIALS, SANDBOX_REGION, SANDBOX_STAGE } from '../sandbox-identity';
import type { DynamoDbCall } from '../transactions/dynamodb-call';
import { dynamoDbJsonCaller } from '../transactions/dynamodb-upstream';
import { customerLines, type OrderPlaced } from './customer-lines';

/** How long the consumer may go without applying any order in flight before the build stops. */
const STALLED_AFTER_MS = 30_000;
/** How often the table is read for the orders in flight while none has come in. */
const CHECK_EVERY_MS = 5;

type Key = { pk: { S: string }; sk: { S: string } };
type BatchGetAnswer = {
  Responses?: Record<string, { id?: { N: string } }[]>;
  UnprocessedKeys?: Record<string, { Keys?: Key[] }>;
};

/**
 * The ids of these orders not in the table yet. Read many times a second while the orders go in,
 * so as DynamoDB JSON straight to the endpoint rather than through the SDK (a third of the
 * sandbox thread's time otherwise).
 */
async function missingOrders(
  call: DynamoDbCall,
  tableName: string,
  ids: readonly number[],
): Promise<number[]> {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += 100) {
    let keys: Key[] = ids.slice(i, i + 100).map((id) => {
      const { pk, sk } = orderKey(id);
      return { pk: { S: pk }, sk: { S: sk } };
    });
    while (keys.length > 0) {
      const answer = (await call('BatchGetItem', {
        RequestItems: { [tableName]: { Keys: keys, ProjectionExpression: 'id' } },
      })) as BatchGetAnswer;
      for (const item of answer.Responses?.[tableName] ?? []) found.add(Number(item.id?.N));
      keys = answer.UnprocessedKeys?.[tableName]?.Keys ?? [];
    }
  }
  return ids.filter((id) => !found.has(id));
}

/**
 * Sends the seed's orders as `order.placed` events to the sandbox's bus and waits until the
 * consumer has written every one; an order that does not arrive stops the build. The consumer
 * runs batches at once, as Lambda does, and one customer's orders in two batches could take
 * their list positions in either order: so each customer's orders are sent one after the other,
 * the next once the one before is in the table, while all the customers' go side by side, in
 * calls of up to 10 (docs/decisions/order-and-user-events.md D98). That keeps the seed's lists in
 * creation order, as a backfill in AWS keeps them.
 */
export async function sendSeedOrders(
  servers: Pick<SandboxServers, 'eventsEndpoint' | 'dynamodbEndpoint' | 'tableName'>,
  events: readonly BusEvent[],
  applied: (done: number, total: number) => void = () => {},
): Promise<void> {
  const orders = events.filter((event): event is OrderPlaced => event.type === 'order.placed');
  if (orders.length !== events.length) throw new Error('The seed sends order.placed events only');
  const bus = new EventBridgeClient({
    endpoint: servers.eventsEndpoint,
    region: SANDBOX_REGION,
    credentials: SANDBOX_CREDENTIALS,
  });
  const agent = new Agent({ keepAlive: true });
  const table = dynamoDbJsonCaller(servers.dynamodbEndpoint, agent);
  const lines = customerLines(orders);
  let done = 0;
  let progressAt = Date.now();
  try {
    for (;;) {
      const ready = lines.takeReady();
      if (ready.length > 0) {
        const sent = await sendEvents(bus, eventBusName(SANDBOX_STAGE), ready);
        if (sent.failed > 0)
          throw new Error(`The bus refused ${sent.failed} seed events: ${JSON.stringify(sent.failures)}`);
      }
      const onTheirWay = lines.onTheirWay();
      if (onTheirWay.length === 0) break;
      const missing = new Set(await missingOrders(table, servers.tableName, onTheirWay));
      const arrived = onTheirWay.filter((id) => !missing.has(id));
      lines.arrived(arrived);
      done += arrived.length;
      applied(done, orders.length);
      if (arrived.length > 0) {
        progressAt = Date.now();
      } else {
        if (Date.now() - progressAt > STALLED_AFTER_MS) {
          throw new Error(
            `${orders.length - done} seed orders were not applied: none came in for ${STALLED_AFTER_MS / 1000} s`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, CHECK_EVERY_MS));
      }
    }
  } finally {
    bus.destroy();
    agent.destroy();
  }
  applied(orders.length, orders.length);
}
