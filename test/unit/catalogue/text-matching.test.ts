import { arrayOf, pack, unpack } from '#functions/catalogue/domain/packed-arrays';
import { searchPage } from '#functions/catalogue/domain/product-search';
import { labelOf } from '#functions/catalogue/domain/search-text-index';
import { stockMask } from '#functions/catalogue/domain/stock-mask';
import { matchText, PREFIX_WEIGHT } from '#functions/catalogue/domain/text-matching';
import * as textTools from '#functions/catalogue/domain/text-tools';
import { seedProducts } from '#local/seed/product-seed';
import { product } from './product-fixtures';
import { indexOf } from './search-index-fixture';

const pricing = { currency: 'EUR', rates: { base: 'EUR', rates: {} } };
const base = { productTypes: [], brands: [], page: 1, limit: 20, sort: 'id' } as const;

describe('matchText', () => {
  const index = indexOf(
    [
      product(1, { label: { en: 'Portable desk' }, title: { en: 'Portable desk, portage' } }),
      product(2, { label: { en: 'Port of call' } }),
      product(3, { label: { en: 'A desk' }, description: { en: 'A portable, for the road' } }),
      product(4, { label: { en: 'Élève' } }),
    ],
    'en',
  );
  const scored = (text: string) => {
    const { positions, scores } = matchText(index.text, text);
    return Array.from(positions, (i) => [index.columns.ids[i]!, scores[i]!] as const);
  };

  it('needs every word; the last one may start a term, from its third letter', () => {
    expect(scored('desk').map(([id]) => id)).toEqual([1, 3]);
    expect(scored('port').map(([id]) => id)).toEqual([1, 2, 3]);
    expect(scored('desk port').map(([id]) => id)).toEqual([1, 3]);
    expect(scored('port desk').map(([id]) => id)).toEqual([]);
    expect(scored('po').map(([id]) => id)).toEqual([]);
    expect(scored('ELEVE').map(([id]) => id)).toEqual([4]);
    expect(scored('élè').map(([id]) => id)).toEqual([4]);
  });

  it('weighs a term the last word only starts at PREFIX_WEIGHT, and counts its best term once', () => {
    // Scores are read before the next match, which reuses them.
    const exact = new Map(scored('portable'));
    const prefix = new Map(scored('portab'));
    expect(prefix.get(3)).toBe(Math.round(exact.get(3)! * PREFIX_WEIGHT));
    // Product 1 holds portable and portage: its score for `porta` is its better term's.
    const best = Math.max(exact.get(1)!, new Map(scored('portage')).get(1)!);
    expect(new Map(scored('porta')).get(1)).toBe(Math.round(best * PREFIX_WEIGHT));
    // An exact term outweighs a longer one the word only starts.
    expect(new Map(scored('port')).get(2)).toBeGreaterThan(new Map(scored('port')).get(3)!);
  });

  it('keeps the labels in the index language', () => {
    expect(labelOf(index.text, 3)).toBe('Élève');
  });
});

describe('relevance across pages', () => {
  const catalogue = seedProducts(600);
  const index = indexOf(catalogue, 'fr');

  it.each(['ordinateur', 'de', 'jardin', 'memoire ram', 'edit'])(
    'walks "%s" page after page in the order of score, then id',
    (text) => {
      const { positions, scores } = matchText(index.text, text);
      const expected = Array.from(positions)
        .map((i) => ({ id: index.columns.ids[i]!, score: scores[i]! }))
        .sort((a, b) => b.score - a.score || a.id - b.id)
        .map((m) => m.id);
      expect(expected.length).toBeGreaterThan(0);
      const walked: number[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / 7) + 1; page++) {
        const found = searchPage(
          index,
          { ...base, text, sort: 'relevance', limit: 7, page },
          pricing,
          textTools,
        );
        walked.push(...found.map((i) => index.columns.ids[i]!));
      }
      expect(walked).toEqual(expected);
    },
  );
});

describe('packed arrays', () => {
  it('read back what was packed, from a buffer at any offset', () => {
    const packed = pack(
      { note: 'ü' },
      { a: Uint32Array.of(1, 2, 3), b: Float64Array.of(Number.NaN, 1.5), c: Uint8Array.of(7) },
    );
    const shifted = new Uint8Array(packed.length + 3);
    shifted.set(packed, 3);
    for (const bytes of [packed, shifted.subarray(3)]) {
      const unpacked = unpack<{ note: string }>(bytes);
      expect(unpacked.meta).toEqual({ note: 'ü' });
      expect([...arrayOf(unpacked, 'a', Uint32Array)]).toEqual([1, 2, 3]);
      expect([...arrayOf(unpacked, 'b', Float64Array)]).toEqual([Number.NaN, 1.5]);
      expect([...arrayOf(unpacked, 'c', Uint8Array)]).toEqual([7]);
      expect(() => arrayOf(unpacked, 'a', Float64Array)).toThrow('has no Float64Array a');
    }
  });
});

describe('stockMask', () => {
  it('marks the positions of the ids in stock, in id order or not, and ignores unknown ids', () => {
    const ids = Uint32Array.of(2, 5, 9, 14);
    expect([...stockMask(ids, [2, 9, 10, 14])]).toEqual([1, 0, 1, 1]);
    expect([...stockMask(ids, [14, 5, 1, 9])]).toEqual([0, 1, 1, 1]);
    expect([...stockMask(ids, [])]).toEqual([0, 0, 0, 0]);
  });
});
