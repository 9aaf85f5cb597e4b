import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { layoutOf } from '#functions/contracts/catalogue-publish-steps';
import { activeVersionKey } from '#functions/contracts/keys/catalogue-keys';
import { sandboxDynamoDbClient } from '../local-dynamodb';
import type { SandboxServers } from '../running-sandbox';
import { countsInWords, HELD_COUNTS } from './catalogue-counts';

type Servers = Pick<SandboxServers, 'dynamodbEndpoint' | 'tableName'>;

export interface ActiveCatalogue {
  readonly version: string;
  readonly layout: number;
  /** What the version holds, as its publish counted it (products, stocks, countries, businessUnits, items). */
  readonly counts: Readonly<Record<string, number>>;
}

/** The catalogue version a running sandbox serves, its layout and counts, or undefined before its first publish. */
export async function activeCatalogue(servers: Servers): Promise<ActiveCatalogue | undefined> {
  const client = sandboxDynamoDbClient(servers.dynamodbEndpoint);
  try {
    const { Item } = await client.send(
      new GetItemCommand({
        TableName: servers.tableName,
        Key: { pk: { S: activeVersionKey.pk }, sk: { S: activeVersionKey.sk } },
        ConsistentRead: true,
      }),
    );
    const version = Item?.version?.S;
    const layout = Item?.layout?.N;
    const counts = Object.fromEntries(
      Object.entries(Item?.counts?.M ?? {}).map(([name, value]) => [name, Number(value.N)]),
    );
    return version
      ? { version, layout: layoutOf(layout === undefined ? undefined : { layout: Number(layout) }), counts }
      : undefined;
  } finally {
    client.destroy();
  }
}

/** The catalogue version a running sandbox serves (its tools and benchmarks read its keys). */
export async function activeCatalogueVersion(servers: Servers): Promise<string> {
  const active = await activeCatalogue(servers);
  if (!active) throw new Error('The sandbox has no active catalogue version');
  return active.version;
}

/** What the sandbox's banner says of the catalogue it serves: the version and what it holds (not the seed's). */
export const describeCatalogue = ({ version, counts }: ActiveCatalogue): string => {
  const held = countsInWords(counts, HELD_COUNTS);
  return `version ${version}${held ? ` (${held})` : ''}`;
};
