import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { activeVersionKey } from '../../functions/catalogue/store/catalogue-keys';
import { sandboxDynamoDbClient } from '../dynamodb';
import type { SandboxServers } from '../running-sandbox';

/** The catalogue version a running sandbox serves (its tools and benchmarks read its keys). */
export async function activeCatalogueVersion(
  servers: Pick<SandboxServers, 'dynamodbEndpoint' | 'tableName'>,
): Promise<string> {
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
    if (!version) throw new Error('The sandbox has no active catalogue version');
    return version;
  } finally {
    client.destroy();
  }
}
