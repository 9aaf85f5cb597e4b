/**
 * Order events benchmark (issue 12: "order events per second through the sandbox path"). Starts
 * a sandbox as `npm start` does (a child process, free ports, a temporary state directory),
 * sends 1,000 `order.placed` events of the seed's customers with `npm run events`' code (calls
 * of 10 to the local bus), and waits until the consumer has applied every one: events per second
 * from the first PutEvents to the last event applied, through bus → rule → queue → consumer →
 * TransactWriteItems, and the DynamoDB writes per event (from `/_sandbox/stats`; the sandbox's
 * transactions are counted as the writes of their items), and what an event costs in DynamoDB
 * on-demand write units: the transaction's items at 2 units each (transactional writes cost
 * double) and the outcome record (docs/decisions/order-and-user-events.md D78): one UpdateItem an event, read back from the
 * table afterwards (every event must have one), at 1 unit per started KB of the largest. A figure
 * reported, no budget.
 *
 *   npx tsx bench/order-events-rate.ts    this benchmark alone (npm run bench runs them all)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { readOutcomes } from '#cli/events/read-outcomes';
import type { BusEvent } from '#functions/contracts/event-messages';
import { outcomeKey } from '#functions/contracts/keys/outcome-keys';
import { eventFunctions } from '#functions/function-registry';
import { eventBusName, orderEventsSettings } from '#lib/order-events-settings';
import { sendEvents } from '#local/events/send-events';
import { SANDBOX_FAULTS_ENV } from '#local/faults';
import { sandboxDynamoDbClient } from '#local/local-dynamodb';
import { runningSandbox } from '#local/running-sandbox';
import { startSandboxChild, stopSandboxChild } from '#local/sandbox-child';
import { SANDBOX_CREDENTIALS, SANDBOX_REGION, SANDBOX_STAGE } from '#local/sandbox-identity';
import { type SandboxStatsDocument, STATS_PATH, writesIn } from '#local/sandbox-stats';
import { CUSTOMER_IDS } from '#local/seed/user-seed';
import type { BenchRow } from './bench-row';
import { DOLLARS_PER_MILLION_WRITE_UNITS } from './dynamodb-prices';

const EVENTS = 1000;
/** Above the seed's orders, so none is a duplicate. */
const FIRST_ID = 20_001;
const LABEL = 'order events through the sandbox (bus → queue → consumer)';
/** An order.placed's transaction: customer check, order, counter (docs/decisions/order-and-user-events.md D47). */
const TRANSACTION_ITEMS = 3;

const orderPlaced = (n: number): BusEvent => ({
  type: 'order.placed',
  detail: {
    eventId: `bench-${FIRST_ID + n}`,
    occurredAt: '2026-11-20T09:00:00Z',
    version: 1,
    id: FIRST_ID + n,
    userId: CUSTOMER_IDS[n % CUSTOMER_IDS.length]!,
    createdAt: `2026-11-20 ${String(10 + Math.floor(n / 3600)).padStart(2, '0')}:${String(Math.floor(n / 60) % 60).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`,
    status: 'paid',
    total: { value: 10 + (n % 90), currency: 'EUR' },
    sentOn: null,
  },
});

export async function benchOrderEvents(): Promise<BenchRow[]> {
  const stateDir = mkdtempSync(path.join(tmpdir(), 'commerce-api-bench-events-'));
  const { [SANDBOX_FAULTS_ENV]: _faults, ...env } = process.env;
  const sandbox = await startSandboxChild(stateDir, { env }).catch((error: unknown) => {
    rmSync(stateDir, { recursive: true, force: true });
    throw error;
  });
  const running = runningSandbox(stateDir);
  if (!running) throw new Error('The benchmark sandbox wrote no sandbox.json');
  const client = new EventBridgeClient({
    endpoint: running.eventsEndpoint,
    region: SANDBOX_REGION,
    credentials: SANDBOX_CREDENTIALS,
  });
  const dynamodb = sandboxDynamoDbClient(running.dynamodbEndpoint);
  try {
    const stats = async () =>
      (await (await fetch(new URL(STATS_PATH, sandbox.url))).json()) as SandboxStatsDocument;
    const deleted = (s: SandboxStatsDocument) => s.mappings[eventFunctions.consumer.name]?.deleted ?? 0;
    const before = await stats();
    const started = performance.now();
    const events = Array.from({ length: EVENTS }, (_, n) => orderPlaced(n));
    const sent = await sendEvents(client, eventBusName(SANDBOX_STAGE), events);
    if (sent.failed > 0) throw new Error(`${sent.failed} events were refused by the bus`);
    let after = await stats();
    const deadline = Date.now() + 120_000;
    while (deleted(after) - deleted(before) < EVENTS) {
      if (Date.now() > deadline) throw new Error('The consumer did not apply the events within 120 s');
      await sleep(20);
      after = await stats();
    }
    const seconds = (performance.now() - started) / 1000;
    const perSecond = Math.round(EVENTS / seconds);
    const writes = (writesIn(after.dynamodb.requests) - writesIn(before.dynamodb.requests)) / EVENTS;
    // The sandbox plays a transaction's condition check with an UpdateItem (local/transactions/),
    // so the outcome records are counted in the table rather than from the requests.
    const outcomes = await readOutcomes(
      { doc: DynamoDBDocumentClient.from(dynamodb), tableName: running.tableName },
      events.map((event) => event.detail.eventId),
    );
    const appliedOutcomes = [...outcomes.values()].filter((o) => o.outcome === 'applied').length;
    if (appliedOutcomes < EVENTS)
      throw new Error(`${appliedOutcomes} of ${EVENTS} events have an applied outcome record`);
    // An item's size is its attribute names and values; its JSON is a little larger, so this bounds it.
    const largest = Math.max(
      ...[...outcomes.values()].map(
        (o) => JSON.stringify({ ...outcomeKey(o.eventId), ...o, expiresAt: 0 }).length,
      ),
    );
    const outcomeWrites = Math.ceil(largest / 1024);
    const units = 2 * TRANSACTION_ITEMS + outcomeWrites;
    const perMillion = (writeUnits: number) =>
      `$${(writeUnits * DOLLARS_PER_MILLION_WRITE_UNITS).toFixed(2)}`;
    return [
      {
        row: `${LABEL} | ${perSecond} events/s; ${units.toFixed(0)} write units an order.placed (${perMillion(units)} per million), of which the outcome record ${outcomeWrites.toFixed(0)} (${perMillion(outcomeWrites)} per million) | reported | ok`,
        detail:
          `${LABEL}: ${EVENTS} order.placed events of ${CUSTOMER_IDS.length} customers in calls of 10, ` +
          `${seconds.toFixed(2)} s from the first PutEvents to the last applied (up to ${orderEventsSettings.consumer.maxConcurrency} batches of ${orderEventsSettings.consumer.batchSize} at once, the stack's maximum concurrency); ` +
          `${writes.toFixed(2)} DynamoDB writes per event (the transaction's items: customer check, order, counter; ` +
          `and the UpdateItem of the event's outcome record: ${appliedOutcomes} records, at most ${largest} bytes). On-demand: ${TRANSACTION_ITEMS} transactional ` +
          `items × 2 + ${outcomeWrites.toFixed(0)} = ${units.toFixed(0)} write units an event, ${perMillion(units)} per million events at ` +
          `$${DOLLARS_PER_MILLION_WRITE_UNITS} per million write units; the outcome record's share ${perMillion(outcomeWrites)} ` +
          '(in the transaction it would cost 2 units); a refused event writes it once per receive (3)',
        ok: true,
      },
    ];
  } finally {
    client.destroy();
    dynamodb.destroy();
    await stopSandboxChild(sandbox.child);
    rmSync(stateDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await benchOrderEvents();
  for (const { row, detail } of rows) console.log(`${row}\n  ${detail}`);
}
