import { converter, type ExchangeRates, fromMinor, type Money, minorBound } from '#commons/money';
import { BlockCountCache, blockCounts, pageFromBlocks } from './id-order-blocks';
import type { Coded, PriceColumn, SearchColumns } from './search-columns';
import { keptPer } from './search-helpers';
import type { Range, SearchRequest } from './search-request';
import type { TextIndex } from './search-text-index';
import type { TextMatches } from './text-matching';
import type * as TextTools from './text-tools';

/**
 * One catalogue version, searchable in memory (docs/decisions/search-engine.md D68): its columns, where each
 * product is in stock, and the text index of the request's language. Products are named by
 * their position in id order.
 */
export interface ProductIndex {
  readonly columns: SearchColumns;
  /** The products in stock at the location (1 at their position), undefined for a location with none. */
  readonly stock: (location: string) => Uint8Array | undefined;
  readonly text: TextIndex;
}

/** The answer currency's rates and code, as checkReferences resolved them. */
export interface Pricing {
  readonly currency: string;
  readonly rates: ExchangeRates;
}

type Test = (i: number) => boolean;

/** Arrays a search reuses rather than allocating them again for each request (their size is the catalogue's). */
interface Scratch {
  /** 1 at the text's matches, for the price orders; cleared after each search. */
  readonly inText: Uint8Array;
  /** A page's positions in order, up to its end. */
  readonly ordered: Uint32Array;
  /** Relevance's packed scores and positions. */
  readonly keys: Float64Array;
}
const scratchOf = keptPer(
  (columns: SearchColumns): Scratch => ({
    inText: new Uint8Array(columns.count),
    ordered: new Uint32Array(columns.count),
    keys: new Float64Array(columns.count),
  }),
);

/** The prices a request is shown at: its country's, else the base prices (undefined: none sold there). */
export const priceColumnOf = (columns: SearchColumns, request: Pick<SearchRequest, 'country'>) =>
  request.country ? columns.prices[request.country] : columns.basePrice;

/** Product i's price as shown, in the answer currency: the one conversion the price criterion and sort use too. */
export const priceAt = (column: PriceColumn, i: number, pricing: Pricing): Money | undefined => {
  const value = column.values[i]!;
  if (Number.isNaN(value)) return undefined;
  const minor = converter(column.currency, pricing.currency, pricing.rates)(value);
  return { value: fromMinor(minor, pricing.currency), currency: pricing.currency };
};

/** How many answer currencies a price column keeps its shown amounts in. */
const SHOWN_CURRENCIES = 8;
const shownByColumn = keptPer((_: PriceColumn) => new Map<string, Float64Array>());

/**
 * A column's prices as shown in the answer currency, in its minor units (NaN where there is none):
 * converted once per column and currency with priceAt's converter, then read by the `price`
 * criterion and `sort=price` (docs/decisions/money.md D104). The last SHOWN_CURRENCIES are kept.
 */
const shownPrices = (column: PriceColumn, pricing: Pricing): Float64Array => {
  const kept = shownByColumn(column);
  let shown = kept.get(pricing.currency);
  if (shown) {
    kept.delete(pricing.currency);
  } else {
    const convert = converter(column.currency, pricing.currency, pricing.rates);
    shown = column.values.map((value) => (Number.isNaN(value) ? Number.NaN : convert(value)));
    if (kept.size >= SHOWN_CURRENCIES) kept.delete(kept.keys().next().value!);
  }
  kept.set(pricing.currency, shown);
  return shown;
};

const within = (range: Range) => (value: number) =>
  !Number.isNaN(value) &&
  (range.min === undefined || value >= range.min) &&
  (range.max === undefined || value <= range.max);

/**
 * A price range in the answer currency as minor units (docs/decisions/money.md D104): a price is
 * in it when the amount shown is, so the bounds are the exact least and greatest amounts inside.
 */
const withinShown = (range: Range, currency: string) =>
  within({
    min: range.min === undefined ? undefined : minorBound(range.min, currency, 'ceil'),
    max: range.max === undefined ? undefined : minorBound(range.max, currency, 'floor'),
  });

/** Which codes of a text criterion hold any of `values` (1 at the code). */
const codesOf = (coded: Coded, accept: (value: string) => boolean): Uint8Array => {
  const mask = new Uint8Array(coded.values.length + 1);
  coded.values.forEach((value, k) => {
    if (accept(value)) mask[k + 1] = 1;
  });
  return mask;
};
const oneOf = (coded: Coded, values: readonly string[]) => codesOf(coded, (v) => values.includes(v));
const containing = (coded: Coded, words: string, fold: typeof TextTools.fold) => {
  const needle = fold(words).trim();
  return codesOf(coded, (v) => fold(v).includes(needle));
};

/** Whether a request has a criterion on text (text-tools.ts must then be given). */
export const needsTextTools = (request: SearchRequest): boolean =>
  request.text !== undefined ||
  request.book?.author !== undefined ||
  request.book?.publisher !== undefined ||
  request.computer?.cpu !== undefined;

const toolsFor = (tools: typeof TextTools | undefined) => {
  if (!tools) throw new Error('A search on text was asked without the text tools');
  return tools;
};
const has = (coded: Coded, mask: Uint8Array): Test => {
  const { codes } = coded;
  return (i) => mask[codes[i]!] === 1;
};

/** A stock mask's number: the key of a filter on stock names the snapshot it was made from. */
const maskNumbers = new WeakMap<Uint8Array, number>();
let masksSeen = 0;
const maskNumber = (mask: Uint8Array) => {
  let n = maskNumbers.get(mask);
  if (n === undefined) {
    n = ++masksSeen;
    maskNumbers.set(mask, n);
  }
  return n;
};

/** The criteria a request filters by, and a key naming them (equal keys: the same products). */
interface Filter {
  readonly tests: Test[];
  readonly key: string;
}

const sortedSet = (values: readonly string[]) => [...new Set(values)].sort();

/** The tests of every criterion but the text, or undefined when nothing can meet them. */
const filterOf = (
  request: SearchRequest,
  index: ProductIndex,
  pricing: Pricing,
  tools: typeof TextTools | undefined,
): Filter | undefined => {
  const { columns } = index;
  const tests: Test[] = [];
  const key: unknown[] = [];
  const prices = priceColumnOf(columns, request);
  if (!prices) return undefined;
  if (request.country) tests.push((i) => !Number.isNaN(prices.values[i]!));
  if (request.businessUnit)
    tests.push(has(columns.businessUnit, oneOf(columns.businessUnit, [request.businessUnit])));
  if (request.productTypes.length > 0)
    tests.push(has(columns.type, oneOf(columns.type, request.productTypes)));
  if (request.brands.length > 0) tests.push(has(columns.brand, oneOf(columns.brand, request.brands)));
  key.push(request.country, request.businessUnit, sortedSet(request.productTypes), sortedSet(request.brands));
  const { book, computer } = request;
  if (book) tests.push(has(columns.type, oneOf(columns.type, ['book'])));
  if (book?.author !== undefined)
    tests.push(has(columns.author, containing(columns.author, book.author, toolsFor(tools).fold)));
  if (book?.publisher !== undefined)
    tests.push(has(columns.publisher, containing(columns.publisher, book.publisher, toolsFor(tools).fold)));
  if (computer) tests.push(has(columns.type, oneOf(columns.type, ['computer'])));
  if (computer?.ramGb) {
    const ok = within(computer.ramGb);
    tests.push((i) => ok(columns.ramGb[i]!));
  }
  if (computer?.screenIn) {
    const ok = within(computer.screenIn);
    tests.push((i) => ok(columns.screenIn[i]!));
  }
  if (computer?.cpu !== undefined)
    tests.push(has(columns.cpu, containing(columns.cpu, computer.cpu, toolsFor(tools).fold)));
  key.push(book, computer);
  if (request.inStockAt !== undefined) {
    const inStock = index.stock(request.inStockAt);
    if (!inStock) return undefined;
    tests.push((i) => inStock[i] === 1);
    // A stock update brings a new snapshot, so new masks: counts made from the old one are not reused.
    key.push(request.inStockAt, maskNumber(inStock));
  }
  if (request.price) {
    const ok = withinShown(request.price, pricing.currency);
    const shown = shownPrices(prices, pricing);
    tests.push((i) => ok(shown[i]!));
    key.push(request.price, pricing.currency);
  }
  return { tests, key: JSON.stringify(key) };
};

/** Each loaded index's block counts, per filter (id-order-blocks.ts). */
const blockCountsOf = keptPer((_: SearchColumns) => new BlockCountCache());

/** The page of an order: `order` walked forwards or backwards, runs of equal shown prices put in id order. */
const byPrice = (
  column: PriceColumn,
  keep: Test,
  descending: boolean,
  [offset, end]: readonly [number, number],
  pricing: Pricing,
  out: Uint32Array,
) => {
  const { order } = column;
  // Minor units of the answer currency, as shown (priceAt).
  const shown = shownPrices(column, pricing);
  let length = 0;
  let runStart = 0;
  let runPrice = Number.NaN;
  // Converting rounds: different prices may be shown alike, and ties go by id.
  const close = () => {
    if (length - runStart > 1) out.subarray(runStart, length).sort();
    runStart = length;
  };
  for (let k = 0; k < order.length; k++) {
    const i = order[descending ? order.length - 1 - k : k]!;
    if (!keep(i)) continue;
    const price = shown[i]!;
    if (price !== runPrice) {
      close();
      if (length >= end) break;
      runPrice = price;
    }
    out[length++] = i;
  }
  close();
  return Array.from(out.subarray(offset, Math.min(end, length)));
};

/** Reorders `keys` so that its `k` smallest come first, in any order (quickselect, linear on average). */
const smallestFirst = (keys: Float64Array, k: number) => {
  let low = 0;
  let high = keys.length - 1;
  while (low < high) {
    const pivot = keys[(low + high) >>> 1]!;
    let i = low;
    let j = high;
    while (i <= j) {
      while (keys[i]! < pivot) i++;
      while (keys[j]! > pivot) j--;
      if (i <= j) {
        const swap = keys[i]!;
        keys[i++] = keys[j]!;
        keys[j--] = swap;
      }
    }
    if (k - 1 <= j) high = j;
    else if (k - 1 >= i) low = i;
    else return;
  }
};

/**
 * Positions by score (highest first), ties by position, from `offset` to `end`: score and
 * position packed in one number (its 53 bits hold both), the page's selected, then sorted.
 */
const byScore = (
  matches: TextMatches,
  keep: Test,
  count: number,
  [offset, end]: readonly [number, number],
  scratch: Float64Array,
) => {
  const { positions, scores } = matches;
  const span = 2 ** Math.ceil(Math.log2(count + 1));
  let top = 0;
  for (const i of positions) top = Math.max(top, scores[i]!);
  if (top * span >= Number.MAX_SAFE_INTEGER) {
    return [...positions.filter(keep)].sort((a, b) => scores[b]! - scores[a]! || a - b).slice(offset, end);
  }
  let length = 0;
  for (const i of positions) if (keep(i)) scratch[length++] = -scores[i]! * span + i;
  // The page's keys are the `end` smallest less the `offset` smallest: only they are sorted.
  const upToEnd = scratch.subarray(0, Math.min(end, length));
  if (end < length) smallestFirst(scratch.subarray(0, length), end);
  if (offset > 0 && offset < upToEnd.length) smallestFirst(upToEnd, offset);
  const page = upToEnd.subarray(offset).sort();
  return Array.from(page, (key) => key - Math.floor(key / span) * span);
};

/**
 * One page of a search, in memory: the text's matches (or every product), the other criteria,
 * the order asked (ties by id, so a page always continues the one before it), then the page.
 * Nothing is read from storage. `sort=id` without text (every listing) starts from the block
 * where the page starts (id-order-blocks.ts), with text it walks the matches and stops at the
 * page; the price orders walk the order computed at publish time, and stop at the page too;
 * relevance sorts the matches only.
 * Answers the positions of the page's products. A request with text criteria (needsTextTools)
 * is given the text tools, which only such requests load.
 */
export const searchPage = (
  index: ProductIndex,
  request: SearchRequest,
  pricing: Pricing,
  tools?: typeof TextTools,
): number[] => {
  const { columns } = index;
  const page: [number, number] = [(request.page - 1) * request.limit, request.page * request.limit];
  const filter = columns.count === 0 ? undefined : filterOf(request, index, pricing, tools);
  if (!filter) return [];
  const { tests } = filter;
  const matches =
    request.text === undefined ? undefined : toolsFor(tools).matchText(index.text, request.text);
  if (matches?.positions.length === 0) return [];
  const keep: Test = (i) => {
    for (const test of tests) if (!test(i)) return false;
    return true;
  };
  const scratch = scratchOf(columns);
  if (request.sort === 'id') {
    if (!matches) {
      const counts = blockCountsOf(columns).countsOf(filter.key, () => blockCounts(columns.count, keep));
      return pageFromBlocks(counts, columns.count, keep, page[0], request.limit);
    }
    const found: number[] = [];
    let seen = 0;
    for (let k = 0; k < matches.positions.length && found.length < request.limit; k++) {
      const i = matches.positions[k]!;
      if (keep(i) && seen++ >= page[0]) found.push(i);
    }
    return found;
  }
  if (request.sort === 'relevance')
    return matches ? byScore(matches, keep, columns.count, page, scratch.keys) : [];
  const prices = priceColumnOf(columns, request)!;
  const descending = request.sort === '-price';
  if (!matches) return byPrice(prices, keep, descending, page, pricing, scratch.ordered);
  const { inText } = scratch;
  for (const i of matches.positions) inText[i] = 1;
  try {
    return byPrice(prices, (i) => inText[i] === 1 && keep(i), descending, page, pricing, scratch.ordered);
  } finally {
    for (const i of matches.positions) inText[i] = 0;
  }
};
