import type { Language } from '#commons/languages';
import { checkReferences, listingElement } from '../domain/listing-request';
import type { ProductType } from '../domain/product';
import { type ProductIndex, priceAt, priceColumnOf, searchPage } from '../domain/product-search';
import { type SearchRequest, SearchRequestError } from '../domain/search-request';
import { labelOf } from '../domain/search-text-index';
import type { CatalogueStore } from '../store/catalogue-store';

/** Where a search reads: the version's index with one language's texts, and its reference data. */
export interface SearchSources {
  index(language: Language): Promise<ProductIndex>;
  readonly store: Pick<CatalogueStore, 'getReferenceData'>;
}

/**
 * Searches products (docs/decisions/search-engine.md D68): the index and the reference data are read together,
 * the criteria checked against the reference data, then one page is found in the in-memory index
 * and shaped like a listing's elements, priced when the search is scoped to a market or a
 * currency, or asks about prices.
 */
export const searchProducts = async (sources: SearchSources, request: SearchRequest, language: Language) => {
  if (request.sort === 'relevance' && request.text === undefined) throw new SearchRequestError('sort');
  const [index, reference] = await Promise.all([sources.index(language), sources.store.getReferenceData()]);
  const currency = checkReferences(request, reference);
  const pricing = { currency, rates: reference.rates };
  const priced = Boolean(
    request.country ||
      request.businessUnit ||
      request.currency ||
      request.price ||
      request.sort === 'price' ||
      request.sort === '-price',
  );
  const { columns } = index;
  const prices = priceColumnOf(columns, request);
  return searchPage(index, request, pricing).map((i) => {
    const price = priced && prices ? priceAt(prices, i, pricing) : undefined;
    const element = {
      id: columns.ids[i]!,
      type: columns.type.values[columns.type.codes[i]! - 1] as ProductType,
      brand: columns.brand.values[columns.brand.codes[i]! - 1]!,
    };
    return listingElement(element, labelOf(index.text, i), price);
  });
};
