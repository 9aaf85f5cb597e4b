import type { Language } from '#commons/languages';
import { checkReferences, listingView } from '../domain/listing-request';
import { type ProductIndex, priceOf, searchPage } from '../domain/product-search';
import { type SearchRequest, SearchRequestError } from '../domain/search-request';
import type { CatalogueStore } from '../store/catalogue-store';

/**
 * Searches products (docs/design.md D81): the criteria are checked against the reference data,
 * then one page is found in the in-memory index and shaped like a listing's elements, priced when
 * the search is scoped to a market or a currency, or asks about prices.
 */
export const searchProducts = async (
  index: ProductIndex,
  store: Pick<CatalogueStore, 'getReferenceData'>,
  request: SearchRequest,
  language: Language,
) => {
  if (request.sort === 'relevance' && request.text === undefined) throw new SearchRequestError('sort');
  const reference = await store.getReferenceData();
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
  return searchPage(index, request, language, pricing).map((document) => {
    const { id, type, brand, businessUnit, label } = document;
    const price = priced ? priceOf(document, request, pricing) : undefined;
    return listingView({ id, type, brand, businessUnit, label, price: document.basePrice }, language, price);
  });
};
