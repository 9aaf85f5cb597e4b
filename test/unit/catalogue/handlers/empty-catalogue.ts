import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { referenceDataKey } from '../../../../functions/catalogue/store/catalogue-keys';
import { mockActiveVersion, VERSION } from './active-version';

/**
 * A mocked table holding reference data (GB, the `books` unit, EUR→GBP) and no listing items:
 * for handler tests about what a request is refused for, before or without any product.
 */
export const mockEmptyCatalogue = () => {
  const dynamo = mockClient(DynamoDBDocumentClient);
  process.env.TABLE_NAME = 'commerce-test';
  const reference = {
    countries: [{ id: 'GB', label: { en: 'United Kingdom' }, currency: 'GBP' }],
    businessUnits: [{ id: 'books', label: { en: 'Books' } }],
    rates: { base: 'EUR', rates: { GBP: 0.5 } },
  };
  beforeEach(() => {
    dynamo.reset();
    mockActiveVersion(dynamo);
    dynamo
      .on(GetCommand, { Key: referenceDataKey(VERSION) })
      .resolves({ Item: { ...referenceDataKey(VERSION), ...reference } });
    dynamo.on(QueryCommand).resolves({ Items: [] });
  });
  return dynamo;
};
