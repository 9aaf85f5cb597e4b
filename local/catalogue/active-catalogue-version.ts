import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { layoutOf } from '../../functions/catalogue/domain/catalogue-layout';
import { activeVersionKey } from '../../functions/catalogue/store/catalogue-keys';
import { sandboxDynamoDbClient } from '../dynamodb';
import type { SandboxServers } from '../running-sandbox';

type Servers = Pick<SandboxServers, 'dynamodbEndpoint' | 'tableName'>;

/** The catalogue version a running sandbox serves and its layout, or undefined before its first publish. */
export async function activeCatalogue(
  servers: Servers,
): Promise<{ version: string; layout: number } | undefined> {
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
    return version
      ? { version, layout: layoutOf(layout === undefined ? undefined : { layout: Number(layout) }) }
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
