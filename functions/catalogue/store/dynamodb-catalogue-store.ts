import { getItem, queryItems, withoutKeys } from '#commons/store/table-items';
import {
  generationRange,
  productItemKey,
  productKey,
  referenceDataKey,
  stockItemKey,
  stockKey,
} from '#functions/contracts/keys/catalogue-keys';
import { READER_LAYOUTS, requireLayout, SHARED_ITEMS_LAYOUT } from '../domain/catalogue-layout';
import type { ProductRecord } from '../domain/product';
import type { ReferenceData, StockLevel } from '../domain/reference-data';
import { type ActiveVersion, activeVersion } from './active-version';
import type { CatalogueStore } from './catalogue-store';

/**
 * A published version: its id, the layout it was written in (docs/decisions/catalogue-versions.md D73) and its
 * generation (D90).
 */
export type CatalogueVersion = Pick<ActiveVersion, 'version' | 'layout'> &
  Partial<Pick<ActiveVersion, 'generation'>>;

/**
 * A shared item as a version of its generation reads it (docs/decisions/catalogue-versions.md D90): the one of
 * greatest generation at or below it, in one Query; a tombstone is no item.
 */
const sharedItemAt = async (key: { pk: string; sk: string }) => {
  const { pk, from, to } = generationRange(key);
  const [item] = await queryItems({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': pk, ':from': from, ':to': to },
    ScanIndexForward: false,
    Limit: 1,
  });
  return item && item.deleted !== true ? item : undefined;
};

/**
 * A published version's reference data never changes (a change is a new version), so each
 * execution environment reads it once per version.
 */
const references = new Map<string, Promise<ReferenceData>>();

const referenceAt = (version: string): Promise<ReferenceData> => {
  let reference = references.get(version);
  if (!reference) {
    reference = getItem(referenceDataKey(version)).then((item) => {
      if (!item) throw new Error(`Catalogue version ${version} has no reference data`);
      return withoutKeys(item) as unknown as ReferenceData;
    });
    // A failed read is not kept: the next request reads again.
    reference.catch(() => references.delete(version));
    references.set(version, reference);
  }
  return reference;
};

/**
 * The catalogue of one published version. Each read states the layout it needs (docs/decisions/catalogue-versions.md
 * D73): a version older than that answers CatalogueLayoutError, a 503, rather than what it lacks.
 */
export const catalogueAt = (published: CatalogueVersion): CatalogueStore => {
  const { version, layout, generation = 0 } = published;
  const items = () => requireLayout(layout, READER_LAYOUTS.items);
  // Versions of layouts 1–3 keep their own keys until they are gone (an upgrade answers no 503).
  const shared = layout >= SHARED_ITEMS_LAYOUT;
  return {
    async getProduct(id) {
      items();
      const item = shared
        ? await sharedItemAt(productItemKey(id, generation))
        : await getItem(productKey(version, id));
      return item ? (withoutKeys(item) as unknown as ProductRecord) : undefined;
    },
    async getStock(productId, locationId) {
      items();
      const item = shared
        ? await sharedItemAt(stockItemKey(productId, locationId, generation))
        : await getItem(stockKey(version, productId, locationId));
      return item ? (withoutKeys(item) as unknown as StockLevel) : undefined;
    },
    getReferenceData: async () => {
      items();
      return referenceAt(version);
    },
  };
};

/** What a stage answers before its first publish: no products, no countries, no business units. */
export const EMPTY_CATALOGUE: CatalogueStore = {
  getProduct: async () => undefined,
  getStock: async () => undefined,
  getReferenceData: async () => ({ countries: [], businessUnits: [], rates: { base: 'EUR', rates: {} } }),
};

/**
 * The catalogue a request reads: the active version, resolved once per request, so every read
 * of one answer comes from the same version even while a publish switches to the next.
 */
export const activeCatalogue = async (): Promise<CatalogueStore> => {
  const active = await activeVersion();
  return active ? catalogueAt(active) : EMPTY_CATALOGUE;
};
