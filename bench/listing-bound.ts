/**
 * What the design promises a listing page costs (docs/decisions/http-requests.md D7, D67, §5), computed from the
 * request alone: never a function of the page number.
 *
 * - One partition: the page is a position range, one Query of at most `limit` items.
 * - P partitions: their summaries in one BatchGetItem (P items), then one position range of each
 *   partition with members in the page's blocks (P Queries at most), which together read at most
 *   `limit` + 2 × (B − 1) entries for blocks of B products: 1 + P requests,
 *   P + `limit` + 2 × (B − 1) items.
 *
 * The partitions are the design's own (`partitionsFor`): one per brand asked times one per
 * product type asked, every type counting as one.
 */

import type { ProductType } from '#functions/contracts/listing-partitions';
import {
  DEFAULT_LIMIT,
  type ListingFilter,
  type ListingPartition,
  listingBlockSize,
  partitionsFor,
} from '#functions/contracts/listing-partitions';

/** A listing as a client asks for it: the partitions it spans and its page size. */
export interface AskedListing {
  readonly partitions: readonly ListingPartition[];
  readonly limit: number;
}

const list = (value: string | undefined): string[] => (value ? value.split(',') : []);

/** From query parameters (`brand` and `productType` comma-separated); `country` from the path or the query. */
export const listingOfQuery = (
  query: Readonly<Record<string, string>>,
  country = query.country,
): AskedListing => {
  const filter: ListingFilter = {
    ...(country ? { country } : {}),
    ...(query['business-unit'] ? { businessUnit: query['business-unit'] } : {}),
    productTypes: list(query.productType) as ProductType[],
    brands: list(query.brand),
  };
  return { partitions: partitionsFor(filter), limit: query.limit ? Number(query.limit) : DEFAULT_LIMIT };
};

export interface ListingBound {
  readonly partitions: number;
  readonly limit: number;
  /** DynamoDB requests one page may send, whatever the page. */
  readonly requests: number;
  /** Items one page may read, whatever the page. */
  readonly items: number;
  /** How it was computed, e.g. `4 + 1 + 2 × (16 − 1) = 35`. */
  readonly formula: string;
}

/** The bound for a catalogue of `products` products (its block size, listing-blocks.ts). */
export const listingBound = (
  { partitions: { length: partitions }, limit }: AskedListing,
  products: number,
): ListingBound => {
  if (partitions === 1) return { partitions, limit, requests: 1, items: limit, formula: `limit = ${limit}` };
  const block = listingBlockSize(products);
  const items = partitions + limit + 2 * (block - 1);
  return {
    partitions,
    limit,
    requests: 1 + partitions,
    items,
    formula: `${partitions} + ${limit} + 2 × (${block} − 1) = ${items}`,
  };
};
