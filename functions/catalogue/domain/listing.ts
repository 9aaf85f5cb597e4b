import type { Translated } from '#commons/languages';
import type { Money } from '#commons/money';
import { listingBlockSize } from './listing-blocks';
import type { ProductRecord, ProductType } from './product';

/**
 * A listing partition: the products matching one value (or any value, when undefined) of each
 * filter dimension. A publish of layout 3 still writes every partition a product belongs to, with
 * its position there; no reader reads them (listings are answered from the search snapshot,
 * docs/decisions/search-engine.md D91), and layout 4 stops writing them.
 */
export interface ListingPartition {
  readonly country?: string;
  readonly businessUnit?: string;
  readonly type?: ProductType;
  readonly brand?: string;
}

/** What a listing partition holds for each product: enough to answer a list without another read. */
export interface ListingEntry {
  readonly id: number;
  readonly type: ProductType;
  readonly brand: string;
  readonly businessUnit: string;
  readonly label: Translated;
  /** The country's price in a country partition, the base price elsewhere. */
  readonly price: Money;
}

/** The filters of a product listing, already validated. Empty arrays mean "any" (and so does naming every type). */
export interface ListingFilter {
  readonly country?: string;
  readonly businessUnit?: string;
  readonly productTypes: readonly ProductType[];
  readonly brands: readonly string[];
}

const orAny = <T>(value: T): (T | undefined)[] => [undefined, value];

/** Every partition a product appears in: each dimension either its own value or "any". */
export const partitionsOf = (product: ProductRecord): ListingPartition[] =>
  [undefined, ...Object.keys(product.prices)].flatMap((country) =>
    orAny(product.businessUnit).flatMap((businessUnit) =>
      orAny(product.type).flatMap((type) =>
        orAny(product.brand).map((brand) => ({
          ...(country ? { country } : {}),
          ...(businessUnit ? { businessUnit } : {}),
          ...(type ? { type } : {}),
          ...(brand !== undefined ? { brand } : {}),
        })),
      ),
    ),
  );

export const entryFor = (product: ProductRecord, partition: ListingPartition): ListingEntry => {
  const price = partition.country ? product.prices[partition.country] : product.basePrice;
  if (!price) throw new Error('Product is not sold in the partition country');
  return {
    id: product.id,
    type: product.type,
    brand: product.brand,
    businessUnit: product.businessUnit,
    label: product.label,
    price,
  };
};

export interface PublishedEntry {
  readonly partition: ListingPartition;
  /** 1-based position in the partition, in product id order. */
  readonly position: number;
  /** The catalogue block the product falls in (listing-summary.ts). */
  readonly block: number;
  readonly entry: ListingEntry;
}

/**
 * Publishes a catalogue into its listing partitions. Positions follow product id order, so a
 * page is a position range and reading page N costs what page 1 costs.
 */
export const publishListings = (products: readonly ProductRecord[], key: (p: ListingPartition) => string) => {
  const sizes = new Map<string, number>();
  const published: PublishedEntry[] = [];
  const blockSize = listingBlockSize(products.length);
  const sorted = [...products].sort((a, b) => a.id - b.id);
  for (const [index, product] of sorted.entries()) {
    const block = Math.floor(index / blockSize);
    for (const partition of partitionsOf(product)) {
      const k = key(partition);
      const position = (sizes.get(k) ?? 0) + 1;
      sizes.set(k, position);
      published.push({ partition, position, block, entry: entryFor(product, partition) });
    }
  }
  return published;
};
