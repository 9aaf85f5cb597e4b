import { invalidParameter, notFound } from '#commons/http/errors';
import type { Reply } from '#commons/http/http-route';
import { DEFAULT_LIMIT } from '#commons/http/paging';
import type { Translation } from '#commons/language-negotiation';
import { READER_LAYOUTS, requireLayout } from '../domain/catalogue-layout';
import { type ListingRequest, UnknownReferenceError } from '../domain/listing-request';
import { listProducts } from '../services/search-service';
import { activeVersion } from '../store/active-version';
import { searchSourcesAt } from './search-sources';

interface ListingQuery {
  readonly 'business-unit'?: string;
  readonly currency?: string;
  readonly page?: number;
  readonly limit?: number;
  readonly productType?: ListingRequest['productTypes'];
  readonly brand?: ListingRequest['brands'];
}

/** The listing request that query parameters stand for. */
export const fromQuery = (query: ListingQuery, country: string | undefined): ListingRequest => ({
  country,
  businessUnit: query['business-unit'],
  currency: query.currency,
  productTypes: query.productType ?? [],
  brands: query.brand ?? [],
  page: query.page ?? 1,
  limit: query.limit ?? DEFAULT_LIMIT,
});

/**
 * The wire name of each reference filter: the query parameter, and the field of a search criteria
 * object (the search body, `searchCriteria`). The domain names them its own way.
 */
const WIRE_NAMES: Readonly<
  Record<UnknownReferenceError['reference'], { query: keyof ListingQuery | 'country'; criteria: string }>
> = {
  country: { query: 'country', criteria: 'country' },
  businessUnit: { query: 'business-unit', criteria: 'businessUnit' },
  currency: { query: 'currency', criteria: 'currency' },
};

export interface ListingReplyOptions {
  /** Where the filters came from, so a 400 names what the client wrote: a query parameter or a criterion. */
  readonly from?: 'query' | 'criteria';
  /** `not_found` on the country route, where the country is the resource. */
  readonly unknownCountry?: 'invalid' | 'not_found';
}

/**
 * Answers a listing of the list and country routes from the active version's search index
 * (docs/decisions/search-engine.md D91): a version older than its snapshot answers 503
 * (docs/decisions/catalogue-versions.md D73). An unknown country, unit or currency in a filter is
 * a 400 naming the query parameter or the criterion it came from; the country route answers 404
 * for an unknown country, since there the country is the resource.
 */
export const listingReply = async (
  request: ListingRequest,
  translation: Translation,
  { from = 'query', unknownCountry = 'invalid' }: ListingReplyOptions = {},
): Promise<Reply> => {
  const active = await activeVersion();
  if (active) requireLayout(active.layout, READER_LAYOUTS.listing);
  try {
    return { body: await listProducts(searchSourcesAt(active), request, translation) };
  } catch (error) {
    throw referenceError(error, { from, unknownCountry });
  }
};

/** An unknown reference as the client named it (D13); any other error as it is. */
export const referenceError = (
  error: unknown,
  { from = 'query', unknownCountry = 'invalid' }: ListingReplyOptions,
) => {
  if (!(error instanceof UnknownReferenceError)) return error;
  if (error.reference === 'country' && unknownCountry === 'not_found') return notFound();
  const names = WIRE_NAMES[error.reference];
  return from === 'criteria' ? invalidParameter(names.criteria, 'body') : invalidParameter(names.query);
};
