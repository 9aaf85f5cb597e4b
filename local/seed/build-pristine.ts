/**
 * Builds the sandbox's pristine data the way a deployed stage is filled: a sandbox on a scratch
 * state directory with an empty table, the seed catalogue published through the publish workflow
 * (docs/catalogue.md), the users and the sample report job written as items, and meanwhile the
 * orders sent as `order.placed` events through the bus, rule, queue and consumer (docs/events.md). Runs in a
 * child process (`tsx local/seed/build-pristine.ts <state dir>`), because the functions' SDK
 * clients keep the endpoints of the servers they were first imported with.
 */

import { sandboxTarget } from '../catalogue/catalogue-target';
import { publishFile } from '../catalogue/publish-file';
import { sandboxDynamoDbClient } from '../local-dynamodb';
import { startQueueMappings } from '../queues/sandbox-queues';
import { type BootedSandbox, bootSandbox } from '../sandbox-boot';
import { sandboxSeed } from './seed-items';
import { seedProgress } from './seed-progress';
import { sendSeedOrders } from './send-seed-orders';
import { writeItems } from './write-items';

async function main() {
  const [stateDir] = process.argv.slice(2);
  if (!stateDir) throw new Error('Usage: tsx local/seed/build-pristine.ts <state dir>');
  // Its progress lines go to stdout, which the sandbox waiting for the build shows (spawn-pristine-build.ts).
  const progress = seedProgress(3, (line) => console.log(line));
  progress.step('starting the servers on an empty table');
  const seed = sandboxSeed();
  const booted = await bootSandbox({ stateDir, empty: true, runExecutions: true, log: () => {} });
  try {
    const client = sandboxDynamoDbClient(booted.servers.dynamodbEndpoint);
    // The queues' consumers, as `npm start` runs them: the events consumer writes the orders.
    const mappings = startQueueMappings(booted.queues, { log: () => {} });
    try {
      progress.step(`writing ${seed.items.length} items (the users and the sample report job)`);
      await writeItems(client, booted.servers.tableName, seed.items);
      // The catalogue and the orders need nothing of each other: they go in side by side.
      progress.step(
        `publishing the seed catalogue through the publish workflow, and sending ${seed.orderEvents.length.toLocaleString('en')} orders as events through the bus`,
      );
      await Promise.all([
        publishSeedCatalogue(booted, seed.catalogueText),
        sendSeedOrders(booted.servers, seed.orderEvents, (done, total) =>
          progress.count(done, total, 'applied'),
        ),
      ]);
    } finally {
      await mappings.stop();
      client.destroy();
    }
  } finally {
    await booted.close();
  }
}

/** The seed catalogue, published as `npm run catalogue -- publish` does (docs/catalogue.md). */
async function publishSeedCatalogue(booted: BootedSandbox, catalogueText: string): Promise<void> {
  const target = sandboxTarget(booted.servers);
  try {
    const outcome = await publishFile(target, 'catalogue', catalogueText);
    if (outcome.status !== 'SUCCEEDED') {
      throw new Error(
        `The seed catalogue was not published (${outcome.status}): ${JSON.stringify(outcome.record)}`,
      );
    }
  } finally {
    target.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
