/**
 * A catalogue version as layout 3 wrote it (docs/decisions/catalogue-versions.md D73, D90), frozen here since the
 * code writes layout 4: the writer of commit 43ddd77 (`catalogueItems` with `publishListings` and
 * `listingSummaries`), copied so that the fixture does not change with the code. Per version:
 * reference data, products and stock levels under `CAT#<version>#`, every listing entry with its
 * position in its partition (country × business unit × type × brand, each or any) and every
 * partition's summary; the plan files of CHUNK_ITEMS items; the search snapshot files.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { FIRST_LANGUAGES as LANGUAGES } from '#commons/languages';
import { batchWrite, putRequests } from '#commons/store/batch-write';
import { compressSnapshot } from '#functions/catalogue/adapters/search-snapshot-codec';
import type { Catalogue } from '#functions/catalogue/domain/catalogue-file';
import type { ProductRecord } from '#functions/catalogue/domain/product';
import { stockSnapshotOf } from '#functions/catalogue/domain/search-document';
import { searchSnapshotOf } from '#functions/catalogue/domain/search-snapshot';
import {
  activeVersionKey,
  productKey,
  referenceDataKey,
  stockKey,
  versionRecordKey,
} from '#functions/contracts/keys/catalogue-keys';
import {
  searchDocumentsKey,
  searchTextKey,
  stockSnapshotKey,
  versionFileKey,
} from '#functions/contracts/keys/import-object-keys';
import { CHUNK_ITEMS, chunked } from '#functions/contracts/publish-workflow-contract';
import type { CatalogueTarget } from '#local/catalogue/catalogue-target';

interface Partition {
  readonly country?: string;
  readonly businessUnit?: string;
  readonly type?: string;
  readonly brand?: string;
}

const partitionKey = (version: string, p: Partition) =>
  `CAT#${version}#${[
    'LIST',
    `c=${p.country ?? '*'}`,
    `u=${p.businessUnit ? encodeURIComponent(p.businessUnit) : '*'}`,
    `t=${p.type ?? '*'}`,
    `b=${p.brand !== undefined ? encodeURIComponent(p.brand) : '*'}`,
  ].join('#')}`;

const orAny = <T>(value: T) => [undefined, value];

const partitionsOf = (product: ProductRecord): Partition[] =>
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

/** The items layout 3 wrote of a catalogue (listing entries and summaries included). */
export const layoutThreeItems = (version: string, catalogue: Catalogue): Record<string, unknown>[] => {
  const blockSize = Math.max(16, Math.ceil(catalogue.products.length / 1_000));
  const sizes = new Map<string, number>();
  const blocks = new Map<string, Map<number, number>>();
  const entries: Record<string, unknown>[] = [];
  const sorted = [...catalogue.products].sort((a, b) => a.id - b.id);
  for (const [index, product] of sorted.entries()) {
    const block = Math.floor(index / blockSize);
    for (const partition of partitionsOf(product)) {
      const list = partitionKey(version, partition);
      const position = (sizes.get(list) ?? 0) + 1;
      sizes.set(list, position);
      const counts = blocks.get(list) ?? new Map<number, number>();
      counts.set(block, (counts.get(block) ?? 0) + 1);
      blocks.set(list, counts);
      const price = partition.country ? product.prices[partition.country] : product.basePrice;
      entries.push({
        pk: list,
        sk: `P#${String(product.id).padStart(10, '0')}`,
        list,
        position,
        id: product.id,
        type: product.type,
        brand: product.brand,
        businessUnit: product.businessUnit,
        label: product.label,
        price,
      });
    }
  }
  return [
    { ...referenceDataKey(version), ...catalogue.reference },
    ...catalogue.products.map((p) => ({ ...productKey(version, p.id), ...p })),
    ...catalogue.stocks.map((s) => ({ ...stockKey(version, s.productId, s.locationId), ...s })),
    ...entries,
    ...[...blocks].map(([list, counts]) => ({
      pk: list,
      sk: 'SUMMARY',
      blocks: [...counts]
        .sort((a, b) => a[0] - b[0])
        .map(([block, count]) => `${block}:${count}`)
        .join(','),
    })),
  ];
};

/** Writes `catalogue` as the active version `version` in layout 3; answers how many items it wrote. */
export async function publishLayoutThree(
  target: CatalogueTarget,
  version: string,
  catalogue: Catalogue,
): Promise<number> {
  const items = layoutThreeItems(version, catalogue);
  const files = chunked(items, CHUNK_ITEMS);
  const put = (Key: string, Body: string | Uint8Array, ContentType = 'application/json') =>
    target.s3.send(new PutObjectCommand({ Bucket: target.bucket, Key, Body, ContentType }));
  for (const [i, file] of files.entries()) await put(versionFileKey(version, i + 1), JSON.stringify(file));
  const snapshot = searchSnapshotOf(catalogue.products, LANGUAGES);
  await put(searchDocumentsKey(version), await compressSnapshot(snapshot.documents), 'application/gzip');
  for (const language of LANGUAGES)
    await put(
      searchTextKey(version, language),
      await compressSnapshot(snapshot.texts.get(language)!),
      'application/gzip',
    );
  await put(stockSnapshotKey(version), JSON.stringify(stockSnapshotOf(catalogue.stocks)));
  await batchWrite(target.doc, target.tableName, putRequests(items), 8);
  const putItem = (item: Record<string, unknown>) =>
    target.doc.send(new PutCommand({ TableName: target.tableName, Item: item }));
  await putItem({ ...versionRecordKey(version), version, files: files.length, layout: 3 });
  const { products, stocks } = catalogue;
  await putItem({
    ...activeVersionKey,
    version,
    publishedAt: new Date().toISOString(),
    publishId: version,
    counts: { products: products.length, stocks: stocks.length, items: items.length },
    layout: 3,
  });
  return items.length;
}
