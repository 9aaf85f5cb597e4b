/**
 * Where each catalogue item lives in the table (pk/sk). A version's reference data sits under the
 * version (`CAT#<version>#REFERENCE`); since layout 4 products and stock levels are shared between
 * versions, one item per generation that changed them (docs/decisions/catalogue-versions.md D90), and a publish
 * switches to its version with one write (D48); the `CATALOGUE` partition holds which version is
 * active, the publish lock, the publish and version records and the generation counter.
 */
const versioned = (version: string, rest: string) => `CAT#${version}#${rest}`;

/** Digits of a generation in a sort key: string order is generation order. */
const generationPart = (generation: number) => String(generation).padStart(10, '0');
/** Sort key prefixes of the shared items (layout 4). */
export const PRODUCT_GENERATION_PREFIX = 'PRODUCT#';
/** A product's partition (layout 4): the product at each generation that wrote it, and its stock levels. */
export const productPartition = (id: number) => `CAT#PRODUCT#${id}`;
/** The product as generation `generation` wrote it (or its tombstone). */
export const productItemKey = (id: number, generation: number) => ({
  pk: productPartition(id),
  sk: `${PRODUCT_GENERATION_PREFIX}${generationPart(generation)}`,
});
/** A stock level as generation `generation` wrote it; location ids hold no `#` (`[a-z0-9-]`). */
export const stockItemKey = (productId: number, locationId: string, generation: number) => ({
  pk: productPartition(productId),
  sk: `STOCK#${locationId}#${generationPart(generation)}`,
});
/** Which product, or product and location, a shared item's key is of; undefined for any other key. */
export const sharedItemOf = (key: { pk: string; sk: string }) => {
  if (!key.pk.startsWith('CAT#PRODUCT#')) return undefined;
  const productId = Number(key.pk.slice('CAT#PRODUCT#'.length));
  return key.sk.startsWith('STOCK#')
    ? { productId, locationId: key.sk.slice('STOCK#'.length, -11) }
    : { productId };
};

/**
 * The sort key range where a version of generation `generation` finds what it reads of an item:
 * the greatest sort key within it (one Query, newest first, Limit 1).
 */
export const generationRange = (key: { pk: string; sk: string }) => {
  const stem = key.sk.slice(0, -10);
  return { pk: key.pk, from: `${stem}${generationPart(0)}`, to: key.sk };
};

/**
 * Layouts 1–3: a product's partition under its version holds the product (this sort key) and its
 * stock levels (STOCK#<location>). Read and removed as such until those versions are gone.
 */
export const PRODUCT_SORT_KEY = 'PRODUCT';
export const STOCK_SORT_PREFIX = 'STOCK#';
export const productKey = (version: string, id: number) => ({
  pk: versioned(version, `PRODUCT#${id}`),
  sk: PRODUCT_SORT_KEY,
});
export const stockKey = (version: string, productId: number, locationId: string) => ({
  pk: versioned(version, `PRODUCT#${productId}`),
  sk: `${STOCK_SORT_PREFIX}${locationId}`,
});
export const REFERENCE_SORT_KEY = 'REFERENCE';
export const referenceDataKey = (version: string) => ({
  pk: versioned(version, 'REFERENCE'),
  sk: REFERENCE_SORT_KEY,
});

/** The partition of the catalogue's control items. */
const CONTROL = 'CATALOGUE';
/** Which version readers see, since when, with its counts. */
export const activeVersionKey = { pk: CONTROL, sk: 'ACTIVE' } as const;
/** Held by the one publish or stock update running on the stage. */
export const publishLockKey = { pk: CONTROL, sk: 'LOCK' } as const;
/** What happened to one publish or stock update (status, counts, the first errors). */
export const publishRecordKey = (publishId: string) => ({ pk: CONTROL, sk: `PUBLISH#${publishId}` });
export const PUBLISH_RECORD_PREFIX = 'PUBLISH#';
/** The counter of generations: each planned version takes the next one (D90). */
export const generationCounterKey = { pk: CONTROL, sk: 'GENERATION' } as const;
export const VERSION_RECORD_PREFIX = 'VERSION#';
/** A version's own record: how many plan files hold its items, and its layout (docs/decisions/catalogue-versions.md D73). */
export const versionRecordKey = (version: string) => ({ pk: CONTROL, sk: `VERSION#${version}` });
/** How far the writing of one chunk of a version has come, so a retried chunk resumes there. */
export const chunkProgressPartition = (version: string) => versioned(version, 'CHUNKS');
export const chunkProgressKey = (version: string, chunk: number) => ({
  pk: chunkProgressPartition(version),
  sk: `CHUNK#${String(chunk).padStart(6, '0')}`,
});
