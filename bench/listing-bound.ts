/**
 * What the design promises a listing page reads (docs/design.md D7, §5), computed from the
 * request alone: never a function of the page number.
 *
 * - One partition: the page is a position range, at most `limit` items.
 * - P partitions: the last entry of each (P items), then a binary search on the product id for
 *   the page's first id, each step counting the entries at or before an id in every partition
 *   (at most one item per partition, ⌈log₂ highest id⌉ steps over ids 1..highest), then up to
 *   `limit` entries from each: P × (1 + ⌈log₂ highest id⌉ + limit).
 */
import { PRODUCT_TYPES } from '../functions/catalogue/domain/product';

/** A listing's query parameters as a client sends them (`brand` and `productType` comma-separated). */
export type ListingQuery = Readonly<Record<string, string>>;

const distinctValues = (value: string | undefined): number =>
  value ? new Set(value.split(',').filter((v) => v !== '')).size : 0;

/**
 * Partitions the request spans: one per brand asked times one per product type asked (a
 * dimension not asked is one "any" partition, and so is asking for every type); country and
 * business unit take one value each.
 */
export const partitionsOf = (query: ListingQuery): number => {
  const types = distinctValues(query.productType);
  const brands = distinctValues(query.brand);
  return (types === 0 || types === PRODUCT_TYPES.length ? 1 : types) * Math.max(brands, 1);
};

/** Steps of the binary search over product ids 1..`highestId`. */
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

export const listingBound = (query: ListingQuery, defaultLimit: number, highestId: number): ListingBound => {
  const partitions = partitionsOf(query);
  const limit = query.limit ? Number(query.limit) : defaultLimit;
  if (partitions === 1) return { partitions, limit, steps: 0, items: limit, formula: `limit = ${limit}` };
  const steps = searchSteps(highestId);
  const items = partitions * (1 + steps + limit);
  return { partitions, limit, steps, items, formula: `${partitions} × (1 + ${steps} + ${limit}) = ${items}` };
};
