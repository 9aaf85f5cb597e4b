import type { Translation } from '#commons/language-negotiation';
import type { Language } from '#commons/languages';
import { checkReferences, isPriced, type ListingRequest, listingElement } from '../domain/listing-request';
import type { ProductType } from '../domain/product';
import {
  needsTextTools,
  type ProductIndex,
  priceAt,
  priceColumnOf,
  searchPage,
} from '../domain/product-search';
import { labelLanguage } from '../domain/search-columns';
import { type SearchRequest, SearchRequestError } from '../domain/search-request';
import { labelOf } from '../domain/search-text-index';
import type { CatalogueStore } from '../store/catalogue-store';

/** What an index must hold beyond the columns and the language's texts. */
export interface IndexNeeds {
  /** The stock snapshot: only a search on `in_stock` reads it. */
  readonly stock: boolean;
}

/** Where a search reads: the version's index with one language's texts, and its reference data. */
export interface SearchSources {
  index(language: Language, needs: IndexNeeds): Promise<ProductIndex>;
  readonly store: Pick<CatalogueStore, 'getReferenceData'>;
  /**
   * The text analysis, for a request with text criteria: given by the search routes only
   * (search-reply.ts), so that the country listing's bundle does not hold it (D105).
   */
  readonly textTools?: TextTools;
}

type TextTools = typeof import('../domain/text-tools');

/**
 * Searches products (docs/decisions/search-engine.md D68): the index and the reference data are read together,
 * the criteria checked against the reference data, then one page is found in the in-memory index
 * and shaped like a listing's elements, priced when the search is scoped to a market or a
 * currency, or asks about prices. Each label shown is recorded in the language it is in.
 */
export const searchProducts = async (
  sources: SearchSources,
  request: SearchRequest,
  translation: Translation,
) => {
  if (request.sort === 'relevance' && request.text === undefined) throw new SearchRequestError('sort');
  const { language } = translation;
  // A listing has no text criteria, and its route no text tools.
  if (needsTextTools(request) && !sources.textTools) throw new SearchRequestError('text');
  const [index, reference] = await Promise.all([
    sources.index(language, { stock: request.inStockAt !== undefined }),
    sources.store.getReferenceData(),
  ]);
  const currency = checkReferences(request, reference);
  const pricing = { currency, rates: reference.rates };
  const priced =
    isPriced(request) || Boolean(request.price || request.sort === 'price' || request.sort === '-price');
  const { columns } = index;
  const prices = priceColumnOf(columns, request);
  return searchPage(index, request, pricing, sources.textTools).map((i) => {
    const price = priced && prices ? priceAt(prices, i, pricing) : undefined;
    const element = {
      id: columns.ids[i]!,
      type: columns.type.values[columns.type.codes[i]! - 1] as ProductType,
      brand: columns.brand.values[columns.brand.codes[i]! - 1]!,
    };
    // A snapshot written before layout 5 does not say: its labels count as the language asked.
    translation.served(labelLanguage(columns, i, language) ?? language, 'label');
    return listingElement(element, labelOf(index.text, i), price);
  });
};

/**
 * Lists products (docs/decisions/search-engine.md D91): a listing is a search in id order with
 * the listing's filters only, answered from the same index; references are checked as a search's.
 */
export const listProducts = (sources: SearchSources, request: ListingRequest, translation: Translation) =>
  searchProducts(
    sources,
    {
      country: request.country,
      businessUnit: request.businessUnit,
      currency: request.currency,
      productTypes: request.productTypes,
      brands: request.brands,
      page: request.page,
      limit: request.limit,
      sort: 'id',
    },
    translation,
  );
