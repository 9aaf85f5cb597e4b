/**
 * The catalogue routes' store against a mocked DynamoDB client: every request is within the
 * grant the stack gives the catalogue routes (catalogueReadAccess): GetItem and Query on
 * catalogue keys (the active version, a version's products, stock, reference data), on the table
 * only: listings read the search snapshot (docs/decisions/search-engine.md D91). The infra test
 * checks the grant.
 */
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { CATALOGUE_LAYOUT } from '#functions/catalogue/domain/catalogue-layout';
import { forgetActiveVersion } from '#functions/catalogue/store/active-version';
import { catalogueReadAccess } from '#functions/catalogue/store/catalogue-access';
import { activeCatalogue } from '#functions/catalogue/store/dynamodb-catalogue-store';
import { activeVersionKey } from '#functions/contracts/keys/catalogue-keys';
import { requestsWithin } from '../support/table-requests-within';

const dynamo = mockClient(DynamoDBDocumentClient);
process.env.TABLE_NAME = 'commerce-test';

it('reads only catalogue keys, with GetItem and Query only, for every read a catalogue route makes', async () => {
  forgetActiveVersion();
  dynamo.reset();
  dynamo.on(GetCommand).resolves({ Item: { pk: 'x', sk: 'y', countries: [], businessUnits: [], rates: {} } });
  dynamo
    .on(GetCommand, { Key: activeVersionKey })
    .resolves({ Item: { ...activeVersionKey, version: 'v7', layout: CATALOGUE_LAYOUT } });
  dynamo.on(QueryCommand).resolves({ Items: [], ScannedCount: 0 });

  const parts = await requestsWithin(dynamo, catalogueReadAccess, async () => {
    const store = await activeCatalogue();
    await store.getProduct(1);
    await store.getStock(1, 'paris-1');
    await store.getReferenceData();
  });
  expect(parts.length).toBeGreaterThanOrEqual(4);
  expect(parts.filter((part) => part.index !== undefined)).toEqual([]);
});
