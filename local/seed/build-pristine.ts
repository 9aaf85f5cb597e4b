/**
 * Builds the sandbox's pristine data the way a deployed stage is filled (docs/catalogue.md):
 * a sandbox on a scratch state directory with an empty table, the seed catalogue published
 * through the publish workflow, then the users, orders and sample report job. Runs in a child
 * process (`tsx local/seed/build-pristine.ts <state dir>`), because the functions' SDK clients
 * keep the endpoints of the servers they were first imported with.
 */
import { publishFile } from '../../cli/catalogue/publish-file';
import { sandboxTarget } from '../../cli/catalogue/stage-target';
import { sandboxDynamoDbClient } from '../dynamodb';
import { bootSandbox } from '../sandbox-boot';
import { sandboxSeed } from './seed-items';
import { writeItems } from './write-items';

async function main() {
  const [stateDir] = process.argv.slice(2);
  if (!stateDir) throw new Error('Usage: tsx local/seed/build-pristine.ts <state dir>');
  const seed = sandboxSeed();
  const booted = await bootSandbox({ stateDir, empty: true, runExecutions: true, log: () => {} });
  try {
    const target = sandboxTarget(booted.servers);
    try {
      const outcome = await publishFile(target, 'catalogue', seed.catalogueText);
      if (outcome.status !== 'SUCCEEDED') {
        throw new Error(
          `The seed catalogue was not published (${outcome.status}): ${JSON.stringify(outcome.record)}`,
        );
      }
    } finally {
      target.close();
    }
    const client = sandboxDynamoDbClient(booted.servers.dynamodbEndpoint);
    try {
      await writeItems(client, booted.servers.tableName, seed.items);
    } finally {
      client.destroy();
    }
  } finally {
    await booted.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
