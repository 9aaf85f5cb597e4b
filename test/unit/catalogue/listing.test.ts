import type { ListingPartition } from '#functions/catalogue/domain/listing';
import { partitionsOf, publishListings } from '#functions/catalogue/domain/listing';
import { listingPartitionKey as versionedPartitionKey } from '#functions/contracts/keys/catalogue-keys';
import { catalogue, product } from './product-fixtures';

/** Partition keys of one catalogue version. */
const listingPartitionKey = (p: ListingPartition) => versionedPartitionKey('v1', p);

describe('publishListings', () => {
  it('puts a product in every partition of its values or "any", once each', () => {
    const partitions = partitionsOf(product(1)).map(listingPartitionKey);
    // 3 country choices (any, FR, GB) x 2 x 2 x 2
    expect(partitions).toHaveLength(24);
    expect(new Set(partitions).size).toBe(24);
  });

  it('numbers each partition 1..n in product id order', () => {
    const published = publishListings([...catalogue(12)].reverse(), listingPartitionKey);
    const byPartition = new Map<string, { id: number; position: number }[]>();
    for (const { partition, position, entry } of published) {
      const key = listingPartitionKey(partition);
      byPartition.set(key, [...(byPartition.get(key) ?? []), { id: entry.id, position }]);
    }
    for (const entries of byPartition.values()) {
      expect(entries.map((e) => e.position)).toEqual(entries.map((_, i) => i + 1));
      expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((a, b) => a - b));
    }
    expect(byPartition.get(listingPartitionKey({}))).toHaveLength(12);
  });

  it('prices country entries in the country currency and others at the base price', () => {
    const published = publishListings([product(1)], listingPartitionKey);
    const gb = published.find((p) => p.partition.country === 'GB');
    const any = published.find((p) => listingPartitionKey(p.partition) === listingPartitionKey({}));
    expect(gb?.entry.price).toEqual({ value: 9, currency: 'GBP' });
    expect(any?.entry.price).toEqual({ value: 11, currency: 'EUR' });
  });

  it('keeps a brand with a pipe or a hash as one key', () => {
    expect(listingPartitionKey({ brand: 'Pipe|Line' })).not.toBe(listingPartitionKey({ brand: 'Pipe' }));
    expect(listingPartitionKey({ brand: 'a#c=FR' })).not.toContain('#c=FR#');
  });
});
