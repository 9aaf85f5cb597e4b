/**
 * The catalogue routes' store against a mocked DynamoDB client: every request is one of the
 * actions the stack grants the catalogue routes (CATALOGUE_READ_ACTIONS), on a catalogue key
 * (CATALOGUE_LEADING_KEYS): the active version, a version's products, stock, reference data and
 * listing partitions (on the table or its byPosition index). The infra test checks the grant.
 */
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { forgetActiveVersion } from '../../../functions/catalogue/store/active-version';
import {
  CATALOGUE_LEADING_KEYS,
  CATALOGUE_READ_ACTIONS,
} from '../../../functions/catalogue/store/catalogue-access';
import { activeVersionKey } from '../../../functions/catalogue/store/catalogue-keys';
import { activeCatalogue } from '../../../functions/catalogue/store/dynamodb-catalogue-store';

const dynamo = mockClient(DynamoDBDocumentClient);
process.env.TABLE_NAME = 'commerce-test';

const ACTION_OF: Record<string, string> = {
  GetCommand: 'dynamodb:GetItem',
  QueryCommand: 'dynamodb:Query',
  BatchGetCommand: 'dynamodb:BatchGetItem',
};
const allowed = (pk: string) =>
  CATALOGUE_LEADING_KEYS.some((pattern) =>
    pattern.endsWith('*') ? pk.startsWith(pattern.slice(0, -1)) : pk === pattern,
  );

it('reads only catalogue keys, with GetItem and Query only, for every read a catalogue route makes', async () => {
  forgetActiveVersion();
  dynamo.reset();
  dynamo.on(GetCommand).resolves({ Item: { pk: 'x', sk: 'y', countries: [], businessUnits: [], rates: {} } });
  dynamo.on(GetCommand, { Key: activeVersionKey }).resolves({ Item: { ...activeVersionKey, version: 'v7' } });
  dynamo.on(QueryCommand).resolves({ Items: [], ScannedCount: 0 });
  dynamo.on(BatchGetCommand).resolves({ Responses: {} });

  const store = await activeCatalogue();
  await store.getProduct(1);
  await store.getStock(1, 'paris-1');
  await store.getReferenceData();
  const partition = { country: 'FR', type: 'book' as const };
  await store.listings.readPositions(partition, 1, 20);
  await store.listings.summaries([partition, { ...partition, brand: 'Acme' }]);

  const calls = dynamo.calls();
  expect(calls).toHaveLength(6);
  for (const call of calls) {
    const command = call.args[0] as unknown as {
      constructor: { name: string };
      input: Record<string, never>;
    };
    expect(CATALOGUE_READ_ACTIONS).toContain(ACTION_OF[command.constructor.name]);
    const input = command.input as {
      Key?: { pk: string };
      ExpressionAttributeValues?: Record<string, unknown>;
      RequestItems?: Record<string, { Keys: { pk: string }[] }>;
    };
    const keys = Object.values(input.RequestItems ?? {}).flatMap((r) => r.Keys.map((k) => k.pk));
    const pks = input.RequestItems
      ? keys
      : [
          input.Key?.pk ??
            input.ExpressionAttributeValues?.[':pk'] ??
            input.ExpressionAttributeValues?.[':list'],
        ];
    for (const pk of pks) expect([pk, allowed(String(pk))]).toEqual([pk, true]);
  }
});
