/**
 * What the design promises a listing page reads (docs/design.md D7, §5), computed from the
 * request alone: never a function of the page number.
 *
 * - One partition: the page is a position range, at most `limit` items.
 * - P partitions: the last entry of each (P items), then a binary search on the product id for
 *   the page's first id, each step counting the entries at or before an id in every partition
 *   (at most one item per partition, ⌈log₂ highest id⌉ steps over ids 1..highest), then up to
 *   `limit` entries from each: P × (1 + ⌈log₂ highest id⌉ + limit).
 *
 * The partitions are the design's own (`partitionsFor`): one per brand asked times one per
 * product type asked.
 */
import {
  type ListingFilter,
  type ListingPartition,
  partitionsFor,
} from '../functions/catalogue/domain/listing';
import type { ProductType } from '../functions/catalogue/domain/product';
import { DEFAULT_LIMIT } from '../functions/commons/http/paging';

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

/** From a search criteria object (the body of `POST /products/search`). */
export const listingOfCriteria = (criteria: {
  readonly country?: string;
  readonly businessUnit?: string;
  readonly productType?: readonly ProductType[];
  readonly brand?: readonly string[];
  readonly limit?: number;
}): AskedListing => ({
  partitions: partitionsFor({
    ...(criteria.country ? { country: criteria.country } : {}),
    ...(criteria.businessUnit ? { businessUnit: criteria.businessUnit } : {}),
    productTypes: criteria.productType ?? [],
    brands: criteria.brand ?? [],
  }),
  limit: criteria.limit ?? DEFAULT_LIMIT,
});

/** Steps of the binary search over product ids 1..`highestId`: the most it takes. */
export const searchSteps = (highestId: number): number => Math.ceil(Math.log2(Math.max(highestId, 1)));

export interface ListingBound {
  readonly partitions: number;
  readonly limit: number;
  readonly steps: number;
  /** Items one page may read, whatever the page. */
  readonly items: number;
  /** How it was computed, e.g. `4 × (1 + 8 + 1) = 40`. */
  readonly formula: string;
}

export const listingBound = (
  { partitions: { length: partitions }, limit }: AskedListing,
  highestId: number,
): ListingBound => {
  if (partitions === 1) return { partitions, limit, steps: 0, items: limit, formula: `limit = ${limit}` };
  const steps = searchSteps(highestId);
  const items = partitions * (1 + steps + limit);
  return { partitions, limit, steps, items, formula: `${partitions} × (1 + ${steps} + ${limit}) = ${items}` };
};
