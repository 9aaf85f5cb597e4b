import type { ListingPartition } from '../../catalogue/domain/listing';

/**
 * Where each catalogue item lives in the table (pk/sk). Every item of a published catalogue sits
 * under its version (`CAT#<version>#…`), so a publish writes a whole new version beside the
 * active one and switches to it with one write (docs/decisions/catalogue-versions.md D48); the `CATALOGUE` partition
 * holds which version is active, the publish lock and the publish records.
 */
const versioned = (version: string, rest: string) => `CAT#${version}#${rest}`;

/** A product's partition holds the product (this sort key) and its stock levels (STOCK#<location>). */
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

const ANY = '*';
/** Brands are free text: encoding keeps `#`, `|` and `*` in a brand from colliding with the key syntax. */
export const listingPartitionKey = (version: string, p: ListingPartition) =>
  versioned(
    version,
    [
      'LIST',
      `c=${p.country ?? ANY}`,
      `u=${p.businessUnit ? encodeURIComponent(p.businessUnit) : ANY}`,
      `t=${p.type ?? ANY}`,
      `b=${p.brand !== undefined ? encodeURIComponent(p.brand) : ANY}`,
    ].join('#'),
  );

/** The entries' sort keys all start so, which the partition's summary's does not. */
export const LISTING_ENTRY_PREFIX = 'P#';
/** Sort key of a listing entry: zero-padded so string order is id order. */
export const listingSortKey = (productId: number) =>
  `${LISTING_ENTRY_PREFIX}${String(productId).padStart(10, '0')}`;
/** The partition's summary (listing-summary.ts) sits in the partition itself, after its entries. */
export const listingSummaryKey = (version: string, p: ListingPartition) => ({
  pk: listingPartitionKey(version, p),
  sk: 'SUMMARY',
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
/** A version's own record: how many plan files hold its items, and its layout (docs/decisions/catalogue-versions.md D73). */
export const versionRecordKey = (version: string) => ({ pk: CONTROL, sk: `VERSION#${version}` });
/** How far the writing of one chunk of a version has come, so a retried chunk resumes there. */
export const chunkProgressPartition = (version: string) => versioned(version, 'CHUNKS');
export const chunkProgressKey = (version: string, chunk: number) => ({
  pk: chunkProgressPartition(version),
  sk: `CHUNK#${String(chunk).padStart(6, '0')}`,
});
