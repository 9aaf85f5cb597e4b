import { type Item, withoutKeys } from '#commons/store/table-items';
import {
  PRODUCT_SORT_KEY,
  productItemKey,
  REFERENCE_SORT_KEY,
  referenceDataKey,
  STOCK_SORT_PREFIX,
  stockItemKey,
} from '#functions/contracts/keys/catalogue-keys';
import { type CatalogueDiff, diffCatalogue } from '../domain/catalogue-diff';
import type { Catalogue } from '../domain/catalogue-file';
import type { ProductRecord } from '../domain/product';
import type { ReferenceData, StockLevel } from '../domain/reference-data';

/** A tombstone's only attribute: readers take the item for absent (docs/decisions/catalogue-versions.md D90). */
export const DELETED = { deleted: true } as const;

/**
 * The table items one catalogue version writes (layout 4, docs/decisions/catalogue-versions.md D90): its reference
 * data, and of the shared items only what its diff found new, changed or gone, at its generation.
 * The publish workflow writes these in chunks; its removal deletes those no other version reads.
 */
export const catalogueItems = (
  version: string,
  generation: number,
  reference: ReferenceData,
  diff: Pick<CatalogueDiff, 'products' | 'stocks' | 'removedProducts' | 'removedStocks'>,
): Record<string, unknown>[] => [
  { ...referenceDataKey(version), ...reference },
  ...diff.products.map((p) => ({ ...productItemKey(p.id, generation), ...p })),
  ...diff.stocks.map((s) => ({ ...stockItemKey(s.productId, s.locationId, generation), ...s })),
  ...diff.removedProducts.map((id) => ({ ...productItemKey(id, generation), ...DELETED })),
  ...diff.removedStocks.map((s) => ({ ...stockItemKey(s.productId, s.locationId, generation), ...DELETED })),
];

/** What a version writes when nothing is shared yet (the first publish, an upgrade from layout 3). */
export const firstVersionItems = (version: string, generation: number, catalogue: Catalogue) =>
  catalogueItems(version, generation, catalogue.reference, diffCatalogue(catalogue, generation, undefined));

/**
 * The catalogue that a version's items hold, the other way round: its reference data, products
 * and stock levels, added file after file (a later one of the same product, or product and
 * location, replaces an earlier one, as a stock update's file follows the plan's); whatever else
 * there is (listing entries, summaries) is left out, so a large version is never held whole.
 * Reads the plan files of layouts 1–3, whose items have not changed since D48, and a layout 4
 * version's catalogue copy with its stock updates' files (docs/decisions/catalogue-versions.md D73, D90).
 */
export const versionCatalogue = () => {
  let reference: ReferenceData | undefined;
  const products = new Map<number, ProductRecord>();
  const stocks = new Map<string, StockLevel>();
  const addStock = (stock: StockLevel) => stocks.set(`${stock.productId}|${stock.locationId}`, stock);
  return {
    add(items: Iterable<Item>) {
      for (const item of items) {
        const { sk } = item;
        if (item.deleted === true) continue;
        if (sk === REFERENCE_SORT_KEY) reference = withoutKeys(item) as unknown as ReferenceData;
        else if (sk === PRODUCT_SORT_KEY) {
          const product = withoutKeys(item) as unknown as ProductRecord;
          products.set(product.id, product);
        } else if (typeof sk === 'string' && sk.startsWith(STOCK_SORT_PREFIX)) {
          addStock(withoutKeys(item) as unknown as StockLevel);
        }
      }
    },
    /** A whole catalogue (a layout 4 version's copy), before its stock updates' files. */
    addCatalogue(catalogue: Catalogue) {
      reference = catalogue.reference;
      for (const product of catalogue.products) products.set(product.id, product);
      for (const stock of catalogue.stocks) addStock(stock);
    },
    /** The catalogue, or undefined when no reference data came. */
    catalogue(): Catalogue | undefined {
      return reference && { reference, products: [...products.values()], stocks: [...stocks.values()] };
    },
  };
};
