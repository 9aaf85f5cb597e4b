/**
 * The sandbox banner's Catalogue line describes the catalogue the sandbox serves, as its ACTIVE
 * record counts it (docs/decisions/sandbox-and-tools.md D80), not the seed: after a 10,000-product publish it says so.
 */
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { activeVersionKey } from '#functions/contracts/keys/catalogue-keys';
import { activeCatalogue, describeCatalogue } from '#local/catalogue/active-catalogue-version';
import type { LocalDynamoDb } from '#local/local-dynamodb';
import { startLocalTable } from '../support/local-table';

const tableName = 'banner';
let dynamodb: LocalDynamoDb;

beforeAll(async () => {
  dynamodb = await startLocalTable(tableName);
});
afterAll(() => dynamodb.close());

it('names the active version and what it holds', async () => {
  const counts = { products: 10_000, stocks: 60_000, countries: 6, businessUnits: 5, items: 123_456 };
  await dynamodb.client.send(
    new PutItemCommand({
      TableName: tableName,
      Item: {
        pk: { S: activeVersionKey.pk },
        sk: { S: activeVersionKey.sk },
        version: { S: '20261126T000000Z-abcdef' },
        layout: { N: '3' },
        counts: { M: Object.fromEntries(Object.entries(counts).map(([k, n]) => [k, { N: String(n) }])) },
      },
    }),
  );
  const active = await activeCatalogue({ dynamodbEndpoint: dynamodb.endpoint, tableName });
  expect(active).toEqual({ version: '20261126T000000Z-abcdef', layout: 3, counts });
  expect(describeCatalogue(active!)).toBe(
    'version 20261126T000000Z-abcdef (10,000 products, 60,000 stock levels, 6 countries, 5 business units)',
  );
});
