import {
  listingPartitionKey,
  listingSortKey,
  listingSummaryKey,
  PRODUCT_SORT_KEY,
  productKey,
  REFERENCE_SORT_KEY,
  referenceDataKey,
  STOCK_SORT_PREFIX,
  stockKey,
} from '#functions/contracts/keys/catalogue-keys';
import type { Catalogue } from '../domain/catalogue-file';
import { publishListings } from '../domain/listing';
import { encodeSummary, listingSummaries } from '../domain/listing-summary';
import type { ProductRecord } from '../domain/product';
import type { ReferenceData, StockLevel } from '../domain/reference-data';

/**
 * The table items of one catalogue version: the reference data, products, stock levels, every
 * listing entry with its position and every listing partition's summary. The publish workflow
 * writes these, in chunks, and removes them with the version.
 */
export const catalogueItems = (version: string, catalogue: Catalogue): Record<string, unknown>[] => {
  const key = (partition: Parameters<typeof listingPartitionKey>[1]) =>
    listingPartitionKey(version, partition);
  const published = publishListings(catalogue.products, key);
  return [
    { ...referenceDataKey(version), ...catalogue.reference },
    ...catalogue.products.map((p) => ({ ...productKey(version, p.id), ...p })),
    ...catalogue.stocks.map((s) => ({ ...stockKey(version, s.productId, s.locationId), ...s })),
    ...published.map(({ partition, position, entry }) => {
      const list = key(partition);
      return { pk: list, sk: listingSortKey(entry.id), list, position, ...entry };
    }),
    // No `list` or `position`: a summary is read by its key, never through the byPosition index.
    ...listingSummaries(published, key).map(({ partition, summary }) => ({
      ...listingSummaryKey(version, partition),
      blocks: encodeSummary(summary),
    })),
  ];
};

type Item = Record<string, unknown>;
const withoutKeys = ({ pk: _pk, sk: _sk, ...rest }: Item) => rest;

/**
 * The catalogue that a version's items hold, the other way round: its reference data, products
 * and stock levels, added file after file (a later item of the same key replaces an earlier one,
 * as a stock update's file follows the plan's); whatever else there is (listing entries,
 * summaries) is left out, so a large version is never held whole. Reads the items of every layout
 * (docs/decisions/catalogue-versions.md D73): those three kinds have not changed since D48.
 */
export const versionCatalogue = () => {
  let reference: ReferenceData | undefined;
  const products = new Map<number, ProductRecord>();
  const stocks = new Map<string, StockLevel>();
  return {
    add(items: Iterable<Item>) {
      for (const item of items) {
        const { sk } = item;
        if (sk === REFERENCE_SORT_KEY) reference = withoutKeys(item) as unknown as ReferenceData;
        else if (sk === PRODUCT_SORT_KEY) {
          const product = withoutKeys(item) as unknown as ProductRecord;
          products.set(product.id, product);
        } else if (typeof sk === 'string' && sk.startsWith(STOCK_SORT_PREFIX)) {
          stocks.set(`${item.pk}|${sk}`, withoutKeys(item) as unknown as StockLevel);
        }
      }
    },
    /** The catalogue, or undefined when no reference data came. */
    catalogue(): Catalogue | undefined {
      return reference && { reference, products: [...products.values()], stocks: [...stocks.values()] };
    },
  };
};
