import type { Money, ProductRecord, StockLevel } from '#functions/contracts/seed-records';
import type { Translated } from '#functions/contracts/served-languages';
import {
  authors,
  backCovers,
  bookDescription,
  bookTitles,
  bookTitleWithEdition,
  editions,
  educationGenres,
  fictionGenres,
  translators,
  volumeLabel,
} from './book-texts';
import { type ComputerKind, computerDescription, computerLabels, computerTitle } from './computer-texts';
import { createPrng, type Prng } from './prng';
import { SEED_STOCK_UPDATED_AT, seedCountries, seedLocations, seedRates } from './reference-seed';
import {
  hasJapaneseLabel,
  japaneseBookTitles,
  japaneseComputerLabels,
  japaneseVolumeLabel,
} from './seed-japanese';
import { fill, missingLanguages, type Texts, withMissingTranslations } from './seed-texts';

export const PRODUCT_COUNT = 200;
export const BOOK_BRANDS = [
  'Northwind Press',
  'Bluebird Books',
  'Atlas Editions',
  'Pipe|Line Editions',
] as const;
export const COMPUTER_BRANDS = ['Voltix', 'Nimbus', 'Kestrel', 'Orbital'] as const;

const SERIES: Record<(typeof COMPUTER_BRANDS)[number], readonly string[]> = {
  Voltix: ['Aero', 'Pulse'],
  Nimbus: ['Cirrus', 'Stratus'],
  Kestrel: ['Swift', 'Talon'],
  Orbital: ['Apogee', 'Zenith'],
};
const CPUS = ['Arcturus A5', 'Arcturus A7', 'Arcturus A9', 'Helion H6', 'Helion H8'] as const;
const KINDS: readonly ComputerKind[] = ['laptop', 'laptop', 'laptop', 'all-in-one', '2-in-1', 'workstation'];
/** Screen diagonals in inches. */
const SCREENS: Record<ComputerKind, readonly string[]> = {
  laptop: ['13.3', '14', '15.6'],
  'all-in-one': ['24', '27'],
  '2-in-1': ['12.4', '13'],
  workstation: ['16', '17.3'],
};

/** Rule: ids whose remainder by 5 is 0 or 3 are computers (80), the others books (120). */
export const isComputerId = (id: number) => id % 5 === 0 || id % 5 === 3;

/** A shop price: the whole amount minus one cent (24.99), never below 0.99. */
const shopPrice = (value: number) => Math.max(99, Math.round(value) * 100 - 1) / 100;
const eur = (value: number): Money => ({ value, currency: 'EUR' });

/** Sold in 3 to 6 countries; in each, the base price converted and nudged by up to ±5 %. */
const countryPrices = (rng: Prng, base: number): Record<string, Money> => {
  const count = rng.int(3, 6);
  const sold = new Set(rng.shuffle(seedCountries.map((c) => c.id)).slice(0, count));
  const prices: Record<string, Money> = {};
  for (const country of seedCountries) {
    if (!sold.has(country.id)) continue;
    const rate = country.currency === seedRates.base ? 1 : seedRates.rates[country.currency as 'GBP' | 'USD'];
    const nudge = country.id === 'FR' ? 1 : 0.95 + rng.int(0, 10) / 100;
    prices[country.id] = { value: shopPrice(base * rate * nudge), currency: country.currency };
  }
  return prices;
};

/** The label with its Japanese text, on the products seed-japanese.ts's rule gives one. */
const withJapanese = (id: number, label: Translated, japanese: string): Translated =>
  hasJapaneseLabel(id) ? { ...label, ja: japanese } : label;

const images = (rng: Prng, id: number) =>
  Array.from({ length: rng.int(1, 4) }, (_, i) => `https://images.example.com/products/${id}/${i + 1}.jpg`);

const ratings = (rng: Prng) => ({ average: rng.int(10, 50) / 10, count: rng.int(1, 2500) });

const book = (id: number, bookIndex: number, rng: Prng): ProductRecord => {
  const missing = missingLanguages(id);
  const t = (texts: Texts) => withMissingTranslations(texts, missing);
  const titleOf = bookTitles[bookIndex % bookTitles.length]!;
  const volume = Math.floor(bookIndex / bookTitles.length) + 1;
  const label = fill(volumeLabel, titleOf.text, volume);
  // Rule: the books in the 3rd, 6th, 9th... position have a translator.
  const translator = bookIndex % 3 === 2 ? rng.pick(translators) : null;
  const author = rng.pick(authors);
  const genre = rng.pick(titleOf.educational ? educationGenres : fictionGenres);
  const backCover = titleOf.educational
    ? backCovers.educational
    : translator
      ? backCovers.translated
      : rng.pick([backCovers.gripping, backCovers.praised]);
  const brand = BOOK_BRANDS[bookIndex % BOOK_BRANDS.length]!;
  const basePrice = shopPrice(rng.int(8, 40));
  return {
    id,
    type: 'book',
    brand,
    businessUnit: titleOf.educational ? 'education' : 'books',
    label: withJapanese(
      id,
      t(label),
      japaneseVolumeLabel(japaneseBookTitles[bookIndex % bookTitles.length]!, volume),
    ),
    title: t(fill(bookTitleWithEdition, label, rng.pick(editions))),
    description: t(fill(bookDescription, genre, author, rng.int(12, 64) * 10)),
    images: images(rng, id),
    height: `${rng.int(180, 240) / 10} cm`,
    width: `${rng.int(110, 170) / 10} cm`,
    weight: `${rng.int(15, 90) * 10} g`,
    author,
    basePrice: eur(basePrice),
    prices: countryPrices(rng, basePrice),
    ratings: ratings(rng),
    book: { publisher: brand, translator, backCover: t(backCover) },
  };
};

const computer = (id: number, computerIndex: number, rng: Prng): ProductRecord => {
  const missing = missingLanguages(id);
  const t = (texts: Texts) => withMissingTranslations(texts, missing);
  const brand = COMPUTER_BRANDS[computerIndex % COMPUTER_BRANDS.length]!;
  const kind = rng.pick(KINDS);
  const model = `${brand} ${rng.pick(SERIES[brand])} ${rng.int(3, 9)}${rng.pick(['', '0', ' Pro', ' Max'])}`;
  const inches = rng.pick(SCREENS[kind]);
  const ram = `${rng.pick([8, 16, 16, 32, 64])} GB`;
  const cpuModel = rng.pick(CPUS);
  const cpu = `${cpuModel} (${rng.pick([6, 8, 10, 12, 16])} cores, ${rng.int(28, 52) / 10} GHz)`;
  const storage = rng.pick(['256 GB', '512 GB', '1 TB', '2 TB']);
  const label = fill(computerLabels[kind], model);
  // Rule: workstations are professional, laptops with 32 GB or more are gaming, the rest computing.
  const businessUnit =
    kind === 'workstation'
      ? 'professional'
      : kind === 'laptop' && Number.parseInt(ram, 10) >= 32
        ? 'gaming'
        : 'computing';
  const basePrice = shopPrice(rng.int(40, 250) * 10);
  const desk = kind === 'all-in-one';
  return {
    id,
    type: 'computer',
    brand,
    businessUnit,
    label: withJapanese(id, t(label), japaneseComputerLabels[kind](model)),
    title: t(fill(computerTitle, label, ram, storage)),
    description: t(fill(computerDescription, inches, cpuModel, ram)),
    images: images(rng, id),
    height: desk ? `${rng.int(38, 52)} cm` : `${rng.int(9, 24) / 10} cm`,
    width: desk ? `${rng.int(54, 62)} cm` : `${rng.int(280, 380) / 10} cm`,
    weight: desk ? `${rng.int(45, 80) / 10} kg` : `${rng.int(70, 300) / 100} kg`,
    author: null,
    basePrice: eur(basePrice),
    prices: countryPrices(rng, basePrice),
    ratings: ratings(rng),
    computer: { screenSize: `${inches} in`, ram, cpu },
  };
};

/** One generator per product, so changing one product's rules does not reshuffle the others. */
const productRng = (id: number) => createPrng(0x5eed0000 + id * 7919);

/** The seed's products; with a count, as many made by the same rules (the benchmarks' larger catalogues). */
export const seedProducts = (count = PRODUCT_COUNT): ProductRecord[] => {
  let books = 0;
  let computers = 0;
  return Array.from({ length: count }, (_, i) => {
    const id = i + 1;
    return isComputerId(id) ? computer(id, computers++, productRng(id)) : book(id, books++, productRng(id));
  });
};

/** Stock at every location; about one level in seven is zero (out of stock). */
export const seedStocks = (products: readonly ProductRecord[]): StockLevel[] =>
  products.flatMap((product) => {
    const rng = createPrng(0x570c0000 + product.id * 104729);
    return seedLocations.map((locationId) => ({
      productId: product.id,
      locationId,
      quantity: rng.int(0, 6) === 0 ? 0 : rng.int(1, 250),
      updatedAt: SEED_STOCK_UPDATED_AT,
    }));
  });
