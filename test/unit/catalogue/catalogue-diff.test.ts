/**
 * What a version writes of the shared product and stock items (docs/decisions/catalogue-versions.md D90): only what
 * changed since the active version, a tombstone for what left, and the manifest it reads.
 */

import { diffCatalogue } from '#functions/catalogue/domain/catalogue-diff';
import type { Catalogue } from '#functions/catalogue/domain/catalogue-file';
import {
  contentHash,
  decodeManifest,
  encodeManifest,
  liveEntries,
  TOMBSTONE,
} from '#functions/catalogue/domain/catalogue-manifest';
import { seedCatalogue } from '#local/seed/catalogue-seed';

const seed: Catalogue = seedCatalogue();
const withPrice = (catalogue: Catalogue, id: number, value: number): Catalogue => ({
  ...catalogue,
  products: catalogue.products.map((p) => (p.id === id ? { ...p, basePrice: { ...p.basePrice, value } } : p)),
});

describe('the diff of a catalogue against the active version', () => {
  const first = diffCatalogue(seed, 1, undefined);

  it('writes every product and stock level when there is no manifest to compare with', () => {
    expect(first.products).toHaveLength(seed.products.length);
    expect(first.stocks).toHaveLength(seed.stocks.length);
    expect(first.unchanged).toBe(0);
    expect(Object.values(first.manifest.products).every(([g]) => g === 1)).toBe(true);
  });

  it('writes nothing of an unchanged catalogue, whatever the order of its fields', () => {
    const reordered = {
      ...seed,
      products: seed.products.map((p) => Object.fromEntries(Object.entries(p).reverse()) as typeof p),
    };
    const again = diffCatalogue(reordered, 2, first.manifest);
    expect(again.products).toEqual([]);
    expect(again.stocks).toEqual([]);
    expect(again.unchanged).toBe(seed.products.length + seed.stocks.length);
    expect(again.manifest).toEqual({ ...first.manifest, generation: 2 });
  });

  it('writes the one product whose price changed, at the new generation', () => {
    const changed = diffCatalogue(withPrice(seed, 3, 1.5), 2, first.manifest);
    expect(changed.products.map((p) => p.id)).toEqual([3]);
    expect(changed.stocks).toEqual([]);
    expect(changed.manifest.products['3']![0]).toBe(2);
    expect(changed.manifest.products['4']![0]).toBe(1);
  });

  it('gives a removed product and stock level a tombstone, and writes a product again when it comes back', () => {
    const gone = seed.stocks[0]!;
    const without: Catalogue = {
      ...seed,
      products: seed.products.filter((p) => p.id !== 5),
      stocks: seed.stocks.filter((s) => s !== gone && s.productId !== 5),
    };
    const second = diffCatalogue(without, 2, first.manifest);
    expect(second.removedProducts).toEqual([5]);
    expect(second.removedStocks).toContainEqual({ productId: gone.productId, locationId: gone.locationId });
    expect(second.manifest.products['5']).toEqual([2, TOMBSTONE]);
    // Still absent: the tombstone is carried, not written again.
    const third = diffCatalogue(without, 3, second.manifest);
    expect(third.removedProducts).toEqual([]);
    expect(third.manifest.products['5']).toEqual([2, TOMBSTONE]);
    const back = diffCatalogue(seed, 4, third.manifest);
    expect(back.products.map((p) => p.id)).toEqual([5]);
    expect(back.manifest.products['5']).toEqual([4, contentHash(seed.products.find((p) => p.id === 5))]);
  });

  it('writes again what a failed version left above the active one, and lays stock updates over the manifest', () => {
    const forced = diffCatalogue(seed, 3, first.manifest, {
      rewrite: { products: new Set([7, 99_999]), stocks: new Set() },
    });
    expect(forced.products.map((p) => p.id)).toEqual([7]);
    expect(forced.removedProducts).toEqual([99_999]);
    const stock = { ...seed.stocks[0]!, quantity: 12_345 };
    const live = liveEntries(first.manifest, [stock]);
    expect(diffCatalogue(seed, 2, live).stocks).toEqual([seed.stocks[0]]);
    expect(decodeManifest(encodeManifest(live))).toEqual(live);
  });
});
