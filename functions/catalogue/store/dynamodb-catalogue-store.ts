import { getItem, type Item, queryItems, readPositions, withoutKeys } from '#commons/store/table-items';
import type { ListingEntry, ListingPartition } from '../domain/listing';
import type { ListingReader } from '../domain/listing-page';
import type { ProductRecord } from '../domain/product';
import type { ReferenceData, StockLevel } from '../domain/reference-data';
import {
  listingPartitionKey,
  listingSortKey,
  productKey,
  referenceDataKey,
  stockKey,
} from './catalogue-keys';
import type { CatalogueStore } from './catalogue-store';

const toEntry = (item: Item) => withoutKeys(item) as unknown as ListingEntry;

const listings: ListingReader = {
  async readPositions(partition: ListingPartition, from: number, to: number) {
    return (await readPositions(listingPartitionKey(partition), from, to)).map(toEntry);
  },
  async positionAtOrBefore(partition: ListingPartition, id: number) {
    const [item] = await queryItems({
      KeyConditionExpression: 'pk = :pk AND sk <= :sk',
      ExpressionAttributeNames: { '#position': 'position' },
      ExpressionAttributeValues: { ':pk': listingPartitionKey(partition), ':sk': listingSortKey(id) },
      ProjectionExpression: '#position',
      ScanIndexForward: false,
      Limit: 1,
    });
    return (item?.position as number | undefined) ?? 0;
  },
  async last(partition: ListingPartition) {
    const [item] = await queryItems({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeNames: { '#position': 'position' },
      ExpressionAttributeValues: { ':pk': listingPartitionKey(partition) },
      ProjectionExpression: 'id, #position',
      ScanIndexForward: false,
      Limit: 1,
    });
    return item ? { id: item.id as number, position: item.position as number } : undefined;
  },
  async readFrom(partition: ListingPartition, id: number, limit: number) {
    const items = await queryItems({
      KeyConditionExpression: 'pk = :pk AND sk >= :sk',
      ExpressionAttributeValues: { ':pk': listingPartitionKey(partition), ':sk': listingSortKey(id) },
      Limit: limit,
    });
    return items.map(toEntry);
  },
};

/** Reference data changes rarely; each execution environment reads it at most once a minute. */
const REFERENCE_TTL_MS = 60_000;
let reference: { data: ReferenceData; readAt: number } | undefined;

export const dynamoDbCatalogueStore: CatalogueStore = {
  async getProduct(id) {
    const item = await getItem(productKey(id));
    return item ? (withoutKeys(item) as unknown as ProductRecord) : undefined;
  },
  async getStock(productId, locationId) {
    const item = await getItem(stockKey(productId, locationId));
    return item ? (withoutKeys(item) as unknown as StockLevel) : undefined;
  },
  async getReferenceData() {
    if (reference && performance.now() - reference.readAt < REFERENCE_TTL_MS) return reference.data;
    const item = await getItem(referenceDataKey);
    if (!item) throw new Error('Catalogue reference data is missing from the table');
    reference = { data: withoutKeys(item) as unknown as ReferenceData, readAt: performance.now() };
    return reference.data;
  },
  listings,
};
