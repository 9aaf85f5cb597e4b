import type { Language } from '#commons/languages';
import { partitionsFor } from '../domain/listing';
import { readListingPage } from '../domain/listing-page';
import { checkReferences, type ListingRequest, listingViews } from '../domain/listing-request';
import type { CatalogueStore } from '../store/catalogue-store';

/**
 * Lists products: a filter too wide is refused before anything is read (docs/decisions/catalogue-versions.md D67),
 * references are checked before the page is read, then one page is read from the listing
 * partitions and shaped for the asked language and currency.
 */
export const listProducts = async (store: CatalogueStore, request: ListingRequest, language: Language) => {
  const partitions = partitionsFor(request);
  const reference = await store.getReferenceData();
  const currency = checkReferences(request, reference);
  const entries = await readListingPage(store.listings, partitions, request);
  return listingViews(entries, request, currency, reference.rates, language);
};
