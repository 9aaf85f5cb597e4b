import { isKnownCurrency, type Money } from '#commons/money';
import type { ProductType } from './product';
import type { ReferenceData } from './reference-data';

/** The filters of a product listing, already validated. Empty arrays mean "any" (and so does naming every type). */
export interface ListingFilter {
  readonly country?: string;
  readonly businessUnit?: string;
  readonly productTypes: readonly ProductType[];
  readonly brands: readonly string[];
}

/** A product listing as a client asks for it, from query parameters or a search criteria object. */
export interface ListingRequest extends ListingFilter {
  readonly currency?: string;
  readonly page: number;
  readonly limit: number;
}

/** A filter value that names nothing the catalogue has (an unknown country, unit or currency). */
export class UnknownReferenceError extends Error {
  constructor(readonly reference: 'country' | 'businessUnit' | 'currency') {
    super(`Unknown ${reference}`);
    this.name = 'UnknownReferenceError';
  }
}

/** Checks the request against the reference data; returns the currency prices are shown in. */
export const checkReferences = (request: ListingRequest, reference: ReferenceData): string => {
  const country = request.country && reference.countries.find((c) => c.id === request.country);
  if (request.country && !country) throw new UnknownReferenceError('country');
  if (request.businessUnit && !reference.businessUnits.some((u) => u.id === request.businessUnit)) {
    throw new UnknownReferenceError('businessUnit');
  }
  if (request.currency && !isKnownCurrency(reference.rates, request.currency)) {
    throw new UnknownReferenceError('currency');
  }
  return request.currency ?? (country ? country.currency : reference.rates.base);
};

/**
 * A product in a listing or a search. `id` is a string here and an integer in the single-product
 * view, as the spec says. The price appears in country, business-unit and currency listings,
 * converted to the asked currency; the header's language changes only `label`, already in the
 * answer's language (Accept-Language rule 4).
 */
export const listingElement = (
  entry: { readonly id: number; readonly type: ProductType; readonly brand: string },
  label: string,
  price?: Money,
) => ({
  id: String(entry.id),
  label,
  type: entry.type,
  brand: entry.brand,
  ...(price ? { price } : {}),
});

export const LISTING_FIELDS = ['id', 'label', 'type', 'brand', 'price'] as const;

/** Whether list elements carry a price: only when the listing is scoped to a market or currency. */
export const isPriced = (request: ListingRequest): boolean =>
  Boolean(request.country || request.businessUnit || request.currency);
