import type { Language } from '#commons/languages';
import { convert, type ExchangeRates } from '#commons/money';
import { fold, type SearchDocument, type StockSnapshot } from './search-document';
import type { Range, SearchRequest } from './search-request';

/** Matches words against the products' texts in one language: product id → relevance score. */
export interface TextMatcher {
  match(language: Language, text: string): ReadonlyMap<number, number>;
}

/** One catalogue version, searchable in memory: its documents in id order, stock and text matcher. */
export interface ProductIndex {
  readonly documents: readonly SearchDocument[];
  readonly stock: StockSnapshot;
  readonly text: TextMatcher;
}

/** The answer currency's rates and code, as checkReferences resolved them. */
export interface Pricing {
  readonly currency: string;
  readonly rates: ExchangeRates;
}

const within = (value: number | undefined, range: Range | undefined) =>
  range === undefined ||
  (value !== undefined &&
    (range.min === undefined || value >= range.min) &&
    (range.max === undefined || value <= range.max));

const contains = (value: string | undefined, words: string | undefined) =>
  words === undefined || (value !== undefined && fold(value).includes(fold(words).trim()));

/** The price a document is shown at: the country's, else the base price, in the answer currency. */
export const priceOf = (
  document: SearchDocument,
  request: Pick<SearchRequest, 'country'>,
  pricing: Pricing,
) => {
  const local = request.country ? document.prices[request.country] : document.basePrice;
  return local && convert(local, pricing.currency, pricing.rates);
};

/** Whether a document meets every criterion but the text (docs/design.md D81). */
const filterOf = (request: SearchRequest, index: ProductIndex, pricing: Pricing) => {
  const types = new Set(request.productTypes);
  const brands = new Set(request.brands);
  const inStock = request.inStockAt === undefined ? undefined : new Set(index.stock[request.inStockAt] ?? []);
  const { book, computer } = request;
  return (d: SearchDocument): boolean =>
    (!request.country || d.prices[request.country] !== undefined) &&
    (!request.businessUnit || d.businessUnit === request.businessUnit) &&
    (types.size === 0 || types.has(d.type)) &&
    (brands.size === 0 || brands.has(d.brand)) &&
    (!book ||
      (d.type === 'book' && contains(d.author, book.author) && contains(d.publisher, book.publisher))) &&
    (!computer ||
      (d.type === 'computer' &&
        within(d.ramGb, computer.ramGb) &&
        within(d.screenIn, computer.screenIn) &&
        contains(d.cpu, computer.cpu))) &&
    (!inStock || inStock.has(d.id)) &&
    (!request.price || within(priceOf(d, request, pricing)?.value, request.price));
};

/**
 * One page of a search, in memory: the text's matches (or every product), the other criteria, the
 * order asked (ties by id, so a page always continues the one before it), then the page. Nothing
 * is read from storage; the cost is at most one pass over the catalogue and one sort of the matches.
 */
export const searchPage = (
  index: ProductIndex,
  request: SearchRequest,
  language: Language,
  pricing: Pricing,
): SearchDocument[] => {
  const offset = (request.page - 1) * request.limit;
  const keep = filterOf(request, index, pricing);
  const scores = request.text === undefined ? undefined : index.text.match(language, request.text);
  const candidates = scores ? index.documents.filter((d) => scores.has(d.id)) : index.documents;
  if (request.sort === 'id') {
    // Documents are in id order: stop as soon as the page is full.
    const page: SearchDocument[] = [];
    let seen = 0;
    for (const d of candidates) {
      if (!keep(d)) continue;
      if (seen++ >= offset) page.push(d);
      if (page.length === request.limit) break;
    }
    return page;
  }
  const matches = candidates.filter(keep);
  const key =
    request.sort === 'relevance'
      ? (d: SearchDocument) => -(scores?.get(d.id) ?? 0)
      : (d: SearchDocument) =>
          (request.sort === '-price' ? -1 : 1) * (priceOf(d, request, pricing)?.value ?? 0);
  const keyed = matches.map((d) => ({ d, k: key(d) }));
  keyed.sort((a, b) => a.k - b.k || a.d.id - b.d.id);
  return keyed.slice(offset, offset + request.limit).map(({ d }) => d);
};
