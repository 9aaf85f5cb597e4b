import { withoutKeys } from '#commons/store/table-items';
import { productItemKey, sharedItemOf, stockItemKey } from '#functions/contracts/keys/catalogue-keys';
import { chunked } from '#functions/contracts/publish-workflow-contract';
import { type Catalogue, parseCatalogue } from '../domain/catalogue-file';
import { layoutOf, SHARED_ITEMS_LAYOUT } from '../domain/catalogue-layout';
import { liveEntries, type Manifest, parseStockId, stockId } from '../domain/catalogue-manifest';
import type { StockLevel } from '../domain/reference-data';
import { versionCatalogue } from '../store/catalogue-items';
import {
  type ImportFiles,
  itemId,
  type PublishDeps,
  type VersionItem,
  type VersionRecord,
} from './publish-ports';

/**
 * What a version holds and reads, from its files (docs/decisions/catalogue-versions.md D90): the plan files, its
 * stock updates' files after them, and since layout 4 its manifest and catalogue copy.
 */

/** What reading a version back needs of the bucket (the catalogue CLI gives its own). */
export interface VersionFileReader {
  readonly files: Pick<ImportFiles, 'readVersionFile' | 'readCatalogueCopy'>;
}

/** Plan files read at once when a version is read back. */
const READS_AT_ONCE = 8;

/** Whether a version shares its products and stock levels (layout 4 on). */
export const sharesItems = (record: { readonly layout?: unknown } | undefined) =>
  record !== undefined && layoutOf(record) >= SHARED_ITEMS_LAYOUT;

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** Reads files `numbers` of a version, calling `each` in file order. */
export async function eachVersionFile(
  deps: VersionFileReader,
  version: string,
  numbers: readonly number[],
  each: (items: readonly VersionItem[], file: number) => void,
): Promise<void> {
  for (const batch of chunked(numbers, READS_AT_ONCE)) {
    const read = await Promise.all(batch.map((file) => deps.files.readVersionFile(version, file)));
    for (const [i, items] of read.entries()) each(items, batch[i]!);
  }
}

/** The files a layout 4 version's stock updates added after its plan's. */
const stockUpdateFiles = (record: VersionRecord) =>
  range((record.planFiles ?? record.files) + 1, record.files);

/**
 * What a layout 4 version reads now: its manifest with its stock updates laid over it; undefined
 * for an older version, or one whose plan stopped before its manifest.
 */
export async function liveManifest(deps: PublishDeps, record: VersionRecord): Promise<Manifest | undefined> {
  if (!sharesItems(record)) return undefined;
  const manifest = await deps.files.readManifest(record.version);
  if (!manifest) return undefined;
  const updates: StockLevel[] = [];
  await eachVersionFile(deps, record.version, stockUpdateFiles(record), (items) => {
    for (const item of items)
      if (item.deleted !== true) updates.push(withoutKeys(item) as unknown as StockLevel);
  });
  return liveEntries(manifest, updates);
}

/** The item keys a manifest's entries name (tombstones included), each as itemId. */
export const manifestKeys = (manifest: Manifest): string[] => [
  ...Object.entries(manifest.products).map(([id, [g]]) => itemId(productItemKey(Number(id), g))),
  ...Object.entries(manifest.stocks).map(([id, [g]]) => {
    const { productId, locationId } = parseStockId(id);
    return itemId(stockItemKey(productId, locationId, g));
  }),
];

/**
 * Shared items that versions recorded above the active one wrote (a failed publish whose removal
 * has not finished): a version planned now must write these again, or it would read them
 * (docs/decisions/catalogue-versions.md D90).
 */
export async function leftoverAbove(deps: PublishDeps, generation: number, self: string, active: string) {
  const products = new Set<number>();
  const stocks = new Set<string>();
  for (const record of await deps.store.versions()) {
    if (record.version === self || record.version === active || !sharesItems(record)) continue;
    if ((record.generation ?? 0) <= generation) continue;
    await eachVersionFile(deps, record.version, range(1, record.files), (items) => {
      for (const item of items) {
        const shared = sharedItemOf(item);
        if (!shared) continue;
        if (shared.locationId === undefined) products.add(shared.productId);
        else stocks.add(stockId({ productId: shared.productId, locationId: shared.locationId }));
      }
    });
  }
  return { products, stocks };
}

/**
 * The catalogue a version holds, stock updates included: a layout 4 version's catalogue copy
 * with its stock updates' files over it; an older version's plan files, as D73 reads them.
 */
export async function catalogueOfVersion(
  deps: VersionFileReader,
  record: VersionRecord,
): Promise<Catalogue | undefined> {
  const read = versionCatalogue();
  if (sharesItems(record)) {
    const parsed = parseCatalogue(await deps.files.readCatalogueCopy(record.version));
    if (!parsed.ok) throw new Error(`The catalogue copy of version ${record.version} does not parse`);
    read.addCatalogue(parsed.catalogue);
    await eachVersionFile(deps, record.version, stockUpdateFiles(record), (items) => read.add(items));
  } else {
    await eachVersionFile(deps, record.version, range(1, record.files), (items) => read.add(items));
  }
  return read.catalogue();
}
