import type { ListingPartition } from '../domain/listing';

/** Where each catalogue item lives in the table (pk/sk). Shared by the store and the publisher. */
export const productKey = (id: number) => ({ pk: `PRODUCT#${id}`, sk: 'PRODUCT' });
export const stockKey = (productId: number, locationId: string) => ({
  pk: `PRODUCT#${productId}`,
  sk: `STOCK#${locationId}`,
});
export const referenceDataKey = { pk: 'CATALOGUE', sk: 'REFERENCE' } as const;

const ANY = '*';
/** Brands are free text: encoding keeps `#`, `|` and `*` in a brand from colliding with the key syntax. */
export const listingPartitionKey = (p: ListingPartition) =>
  [
    'LIST',
    `c=${p.country ?? ANY}`,
    `u=${p.businessUnit ? encodeURIComponent(p.businessUnit) : ANY}`,
    `t=${p.type ?? ANY}`,
    `b=${p.brand !== undefined ? encodeURIComponent(p.brand) : ANY}`,
  ].join('#');

/** Sort key of a listing entry: zero-padded so string order is id order. */
export const listingSortKey = (productId: number) => `P#${String(productId).padStart(10, '0')}`;
