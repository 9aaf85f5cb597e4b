import fc from 'fast-check';
import {
  type CatalogueParse,
  catalogueLines,
  MAX_REPORTED_ERRORS,
  parseCatalogue,
} from '#functions/catalogue/domain/catalogue-file';
import { seedCatalogueText } from '#local/seed/catalogue-file-seed';
import { seedCatalogue } from '#local/seed/catalogue-seed';
import { AT, exampleLines, exampleWith, fileOf } from './catalogue-file-fixtures';

const errorsOf = (parse: CatalogueParse) => (parse.ok ? [] : parse.errors);
const refused = (text: string) => {
  const parse = parseCatalogue(text);
  expect(parse.ok).toBe(false);
  return errorsOf(parse);
};

describe('a valid catalogue file', () => {
  it('gives the catalogue and its counts, countries and business units in file order', () => {
    const parse = parseCatalogue(fileOf(exampleLines()));
    expect(parse.ok && parse.counts).toEqual({ products: 2, stocks: 2, countries: 2, businessUnits: 1 });
    expect(parse.ok && parse.catalogue.reference.countries.map((c) => c.id)).toEqual(['FR', 'GB']);
    expect(parse.ok && parse.catalogue.reference.rates).toEqual({ base: 'EUR', rates: { GBP: 0.85 } });
    expect(parse.ok && parse.catalogue.products[0]).not.toHaveProperty('kind');
  });

  it('may list its lines in any order (a product before its business unit, a stock before its product)', () => {
    expect(parseCatalogue(fileOf(exampleLines().reverse())).ok).toBe(true);
  });

  it('accepts blank lines at the end, Windows line ends and a byte order mark', () => {
    const lines = exampleLines().map((line) => JSON.stringify(line));
    expect(parseCatalogue(`${lines.join('\n')}\n\n  \n`).ok).toBe(true);
    expect(parseCatalogue(`\uFEFF${lines.join('\r\n')}\r\n`).ok).toBe(true);
  });
});

describe('the seed as a file', () => {
  it('round-trips: parsing its lines gives back the seed (stock levels by product, then location)', () => {
    const seed = seedCatalogue();
    const parse = parseCatalogue(`${catalogueLines(seed).join('\n')}\n`);
    const byProductThenLocation = [...seed.stocks].sort(
      (a, b) => a.productId - b.productId || a.locationId.localeCompare(b.locationId),
    );
    expect(parse.ok && parse.catalogue).toEqual({ ...seed, stocks: byProductThenLocation });
    expect(parse.ok && parse.counts).toEqual({ products: 200, stocks: 1200, countries: 6, businessUnits: 5 });
  });

  it('is the same text on every run, one line per record, ending with a newline', () => {
    const text = seedCatalogueText();
    expect(seedCatalogueText()).toBe(text);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.trimEnd().split('\n')).toHaveLength(1 + 6 + 5 + 200 + 1200);
  });

  it('lists rates, countries, business units, products by id, stocks by product then location', () => {
    const seed = seedCatalogue();
    const lines = catalogueLines({ ...seed, products: [...seed.products].reverse() }).map(
      (line) => JSON.parse(line) as { kind: string; id?: number; productId?: number; locationId?: string },
    );
    expect(lines.map((l) => l.kind).filter((k, i, all) => k !== all[i - 1])).toEqual([
      'exchange_rates',
      'country',
      'business_unit',
      'product',
      'stock',
    ]);
    const products = lines.filter((l) => l.kind === 'product').map((l) => l.id!);
    expect(products).toEqual([...products].sort((a, b) => a - b));
    expect(
      lines
        .filter((l) => l.kind === 'stock')
        .slice(0, 6)
        .map((l) => l.locationId),
    ).toEqual(['berlin-1', 'london-1', 'madrid-1', 'milan-1', 'new-york-1', 'paris-1']);
  });
});

describe('a file that is not JSON Lines', () => {
  it('is refused when empty or blank, as a whole (line 0)', () => {
    expect(refused('')).toEqual([{ line: 0, message: 'the file is empty' }]);
    expect(refused(' \n\n')).toEqual([{ line: 0, message: 'the file is empty' }]);
  });

  it('names a line that is not JSON without quoting it', () => {
    const lines = exampleLines().map((line) => JSON.stringify(line));
    lines.splice(3, 0, '{"kind": "country", secret-looking text');
    expect(refused(fileOf(lines))).toEqual([{ line: 4, message: 'line is not valid JSON' }]);
  });

  it('refuses a blank line in the middle', () => {
    const lines = exampleLines().map((line) => JSON.stringify(line));
    lines.splice(2, 0, '   ');
    expect(refused(fileOf(lines))).toEqual([
      { line: 3, message: 'line is blank (blank lines are allowed only at the end)' },
    ]);
  });

  it('refuses a line that is JSON but not an object, or has no known kind', () => {
    expect(refused(fileOf([...exampleLines(), '[1, 2]']))).toEqual([
      { line: 9, message: 'line must be a JSON object' },
    ]);
    expect(refused(fileOf([...exampleLines(), { kind: 'warehouse', id: 'north' }]))[0]).toEqual({
      line: 9,
      message: 'line.kind must be one of exchange_rates, country, business_unit, product, stock',
    });
    expect(refused(fileOf([...exampleLines(), { id: 3 }]))[0]).toEqual({
      line: 9,
      message: 'line.kind is missing',
    });
  });

  it('refuses more than 1,000,000 lines before reading them', () => {
    const errors = refused('{}\n'.repeat(1_000_001));
    expect(errors).toEqual([
      { line: 0, message: 'the file has 1000001 lines, more than the 1000000 allowed' },
    ]);
  });

  it('refuses an overlong line without parsing it', () => {
    const long = { ...exampleLines()[AT.book]!, description: { en: 'x'.repeat(300_000) } };
    expect(refused(fileOf([...exampleLines().slice(0, 4), long]))).toEqual([
      { line: 5, message: 'line is longer than 262144 characters' },
    ]);
  });
});

describe('a bad line in the middle', () => {
  it('refuses the whole file and names that line, with the field and a general reason', () => {
    const text = exampleWith(AT.book, (p) => ({
      ...p,
      prices: { FR: { value: 19.99, currency: 'euro' } },
    }));
    expect(parseCatalogue(text)).toEqual({
      ok: false,
      lines: 8,
      errors: [{ line: 5, message: 'product.prices.FR.currency must match pattern "^[A-Z]{3}$"' }],
    });
  });

  it('stops at the first MAX_REPORTED_ERRORS errors and says how many lines it read', () => {
    const bad = { ...exampleLines()[AT.france]!, currency: 'eur' };
    const text = fileOf([...exampleLines(), ...Array.from({ length: 50 }, () => bad)]);
    const parse = parseCatalogue(text);
    expect(parse.ok).toBe(false);
    if (parse.ok) return;
    expect(parse.errors).toHaveLength(MAX_REPORTED_ERRORS);
    expect(parse.errors.map((e) => e.line)).toEqual(Array.from({ length: 20 }, (_, i) => 9 + i));
    expect(parse.lines).toBe(28);
  });

  it('any seed line with one field corrupted is refused with that line’s number, and only it', () => {
    const lines = seedCatalogueText().trimEnd().split('\n');
    // A leaf gets a value of another JSON type; an object an unknown field; an array a number.
    const corrupt = (value: unknown, pick: number): unknown => {
      if (value === null || typeof value !== 'object') return typeof value === 'number' ? String(value) : 7;
      const entries = Object.entries(value);
      const at = pick % (entries.length + 1);
      if (at === entries.length) return Array.isArray(value) ? [...value, 7] : { ...value, zz_extra: 1 };
      const [key, inner] = entries[at]!;
      return Array.isArray(value)
        ? value.map((v, i) => (i === at ? corrupt(v, Math.floor(pick / 7)) : v))
        : { ...value, [key]: corrupt(inner, Math.floor(pick / 7)) };
    };
    fc.assert(
      fc.property(fc.nat(lines.length - 1), fc.nat(), (index, pick) => {
        const changed = [...lines];
        changed[index] = JSON.stringify(corrupt(JSON.parse(lines[index]!), pick));
        const errors = errorsOf(parseCatalogue(fileOf(changed)));
        expect(errors.map((e) => e.line)).toEqual([index + 1]);
      }),
      { numRuns: 40 },
    );
  });
});
