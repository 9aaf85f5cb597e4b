import { invalidParameter, invalidRequest, notFound } from '#commons/http/errors';
import type { Reply } from '#commons/http/http-route';
import { DEFAULT_LIMIT } from '#commons/http/paging';
import type { Language } from '#commons/languages';
import { ListingTooWideError, MAX_LISTING_PARTITIONS } from '../domain/listing';
import { type ListingRequest, UnknownReferenceError } from '../domain/listing-request';
import { listProducts } from '../services/catalogue-service';
import { activeCatalogue } from '../store/dynamodb-catalogue-store';

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

/** docs/decisions/catalogue-versions.md D67: what to narrow, in the words of the query and of a criteria object alike. */
const tooWide = () =>
  invalidRequest(
    `A listing may span at most ${MAX_LISTING_PARTITIONS} brands at once (each 'brand' for each ` +
      `'productType' named; naming every type counts once): ask for fewer brands or product types.`,
  );

export interface ListingReplyOptions {
  /** Where the filters came from, so a 400 names what the client wrote: a query parameter or a criterion. */
  readonly from?: 'query' | 'criteria';
  /** `not_found` on the country route, where the country is the resource. */
  readonly unknownCountry?: 'invalid' | 'not_found';
}

/**
 * Answers a listing, shared by the list, country and search routes. An unknown country, unit or
 * currency in a filter is a 400 naming the query parameter or the criterion it came from; the
 * country route answers 404 for an unknown country, since there the country is the resource.
 */
export const listingReply = async (
  request: ListingRequest,
  language: Language,
  { from = 'query', unknownCountry = 'invalid' }: ListingReplyOptions = {},
): Promise<Reply> => {
  try {
    return { body: await listProducts(await activeCatalogue(), request, language) };
  } catch (error) {
    if (error instanceof ListingTooWideError) throw tooWide();
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
