import { gzipSync } from 'node:zlib';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { FIRST_LANGUAGES as LANGUAGES } from '#commons/languages';
import type { ProductRecord } from '#functions/catalogue/domain/product';
import { searchSnapshotOf } from '#functions/catalogue/domain/search-snapshot';
import { CATALOGUE_ENV } from '#functions/contracts/environment';
import { referenceDataKey } from '#functions/contracts/keys/catalogue-keys';
import {
  searchDocumentsKey,
  searchTextKey,
  stockSnapshotKey,
} from '#functions/contracts/keys/import-object-keys';
import { mockActiveVersion, VERSION } from './active-version-fixture';

/**
 * A mocked table holding reference data (GB, the `books` unit, EUR→GBP) and no listing items, and
 * an import bucket whose search snapshots are empty (fetch answers them): for handler tests about
 * what a request is refused for, before or without any product.
 */
export const mockEmptyCatalogue = () => {
  const dynamo = mockClient(DynamoDBDocumentClient);
  process.env.TABLE_NAME = 'commerce-test';
  mockEmptySearchSnapshots();
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

/** An import bucket whose search snapshots are empty (as the publish writes them), read through a stubbed fetch. */
export const mockEmptySearchSnapshots = () => mockSearchSnapshots([]);

/**
 * An import bucket holding VERSION's search snapshots of `products` (as the publish writes them,
 * no stock), read through a stubbed fetch; answers the keys it fetched.
 */
export const mockSearchSnapshots = (products: readonly ProductRecord[]): string[] => {
  process.env[CATALOGUE_ENV.bucket] = 'imports-test';
  const snapshot = searchSnapshotOf(products, LANGUAGES);
  const snapshots: Record<string, Uint8Array | string> = {
    [searchDocumentsKey(VERSION)]: gzipSync(snapshot.documents),
    ...Object.fromEntries(
      LANGUAGES.map((l) => [searchTextKey(VERSION, l), gzipSync(snapshot.texts.get(l)!)]),
    ),
    [stockSnapshotKey(VERSION)]: '{}',
  };
  const fetched: string[] = [];
  // The snapshots are read through signed URLs: any credentials sign them.
  process.env.AWS_ACCESS_KEY_ID ??= 'test';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'test';
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
    const path = decodeURIComponent(new URL(String(url)).pathname);
    const key = Object.keys(snapshots).find((k) => path.endsWith(`/${k}`));
    if (key !== undefined) fetched.push(key);
    return new Response(key === undefined ? '' : snapshots[key], { status: key === undefined ? 404 : 200 });
  });
  return fetched;
};
