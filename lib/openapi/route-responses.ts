import type * as v from 'valibot';
import { BATCH_LIMITS, REPORT_LIMITS, STATUS_POLLS } from '#functions/contracts/caller-limits';
import {
  addressResponse,
  batchResponse,
  bookResponse,
  businessUnitsResponse,
  computerResponse,
  countriesResponse,
  createdWebhookSecretResponse,
  emailResponse,
  imagesResponse,
  implicitProfileResponse,
  listingResponse,
  myOrdersResponse,
  orderResponse,
  productResponse,
  profileResponse,
  ratingsResponse,
  reportStatusResponse,
  stockResponse,
  technicalInfoResponse,
  userRecordResponse,
  webhookSecretsResponse,
} from '#functions/contracts/openapi-sources';

/** Headers a success answer may carry, beyond Cache-Control (every answer). */
export type SuccessHeader = 'Location' | 'Retry-After';

export interface SuccessResponse {
  readonly status: number;
  readonly description: string;
  /** A JSON body; absent with `media` or for an answer without a body. */
  readonly schema?: v.GenericSchema;
  /** A non-JSON body, e.g. `application/pdf`. */
  readonly media?: string;
  readonly headers?: readonly SuccessHeader[];
}

/**
 * What each route answers when it succeeds: the part of a route's contract its handler cannot
 * say by itself (requests come from the handlers' own schemas). Keyed by route name; a test
 * fails when a route of the table has no entry.
 */
export const routeResponses: Readonly<Record<string, readonly SuccessResponse[]>> = {
  'list-products': [
    {
      status: 200,
      description: 'A page of products (an empty array past the end).',
      schema: listingResponse,
    },
  ],
  'search-products': [
    { status: 200, description: 'A page of the products matching the criteria.', schema: listingResponse },
  ],
  'get-product': [{ status: 200, description: 'The product.', schema: productResponse }],
  'get-product-technical-info': [
    { status: 200, description: 'Its technical information.', schema: technicalInfoResponse },
  ],
  'get-product-ratings': [{ status: 200, description: 'Its ratings.', schema: ratingsResponse }],
  'get-product-images': [{ status: 200, description: 'Its images.', schema: imagesResponse }],
  'get-product-stock': [{ status: 200, description: 'Its stock at the location.', schema: stockResponse }],
  'get-book': [{ status: 200, description: 'The book.', schema: bookResponse }],
  'get-computer': [{ status: 200, description: 'The computer.', schema: computerResponse }],
  'list-business-units': [
    { status: 200, description: 'Every business unit.', schema: businessUnitsResponse },
  ],
  'list-countries': [
    { status: 200, description: 'Every country where products are sold.', schema: countriesResponse },
  ],
  'list-country-products': [
    { status: 200, description: 'A page of the products sold in the country.', schema: listingResponse },
  ],
  'get-profile': [{ status: 200, description: 'The profile.', schema: profileResponse }],
  'get-my-profile': [{ status: 200, description: "The caller's profile.", schema: profileResponse }],
  'get-implicit-profile': [
    { status: 200, description: "The caller's username.", schema: implicitProfileResponse },
  ],
  'get-my-user-profile': [{ status: 200, description: "The caller's profile.", schema: profileResponse }],
  'get-me': [{ status: 200, description: "The caller's user record.", schema: userRecordResponse }],
  'put-user-address': [{ status: 200, description: 'The address as stored.', schema: addressResponse }],
  'put-user-email': [{ status: 200, description: 'The e-mail address as stored.', schema: emailResponse }],
  'list-my-orders': [
    { status: 200, description: "A page of the caller's orders, newest first.", schema: myOrdersResponse },
  ],
  'get-order': [{ status: 200, description: 'The order.', schema: orderResponse }],
  'head-order': [{ status: 200, description: 'The order exists (no body).' }],
  'create-batch': [
    {
      status: 201,
      description: 'The batch, `pending`; its items are applied asynchronously. `Location` is its URL.',
      schema: batchResponse,
      headers: ['Location'],
    },
  ],
  'get-batch': [{ status: 200, description: 'The batch and its progress.', schema: batchResponse }],
  'create-report': [
    {
      status: 202,
      description:
        'Accepted, `IN_PROGRESS`. Without `callback_url`: `Location` (the status URL) and `Retry-After` (seconds). ' +
        'With one: no further headers; the service POSTs to it when the report is ready (docs/webhooks.md).',
      schema: reportStatusResponse,
      headers: ['Location', 'Retry-After'],
    },
  ],
  'get-report-status': [
    {
      status: 200,
      description:
        '`IN_PROGRESS` with `Retry-After` while the report is produced; `FAILED` with an error code and message.',
      schema: reportStatusResponse,
      headers: ['Retry-After'],
    },
    {
      status: 303,
      description: 'Done: `Location` is the report.',
      schema: reportStatusResponse,
      headers: ['Location'],
    },
  ],
  'get-report': [
    {
      status: 200,
      description: 'The PDF, with a file name in Content-Disposition.',
      media: 'application/pdf',
    },
    {
      status: 302,
      description: 'A PDF above 4 MiB: `Location` is a pre-signed URL valid 5 minutes.',
      headers: ['Location'],
    },
  ],
  'create-webhook-secret': [
    {
      status: 201,
      description:
        "The new secret, `whsec_…`, shown this once: the caller's report callbacks are signed with it from now on " +
        '(docs/webhooks.md).',
      schema: createdWebhookSecretResponse,
    },
  ],
  'list-webhook-secrets': [
    {
      status: 200,
      description: "The caller's secrets, oldest first: ids and dates, never the secrets.",
      schema: webhookSecretsResponse,
    },
  ],
  'delete-webhook-secret': [
    { status: 204, description: 'Deleted: callbacks are no longer signed with it (no body).' },
  ],
};

const n = (value: number) => value.toLocaleString('en-US');

/**
 * Error answers documented once (components.responses, by name) and referenced by every
 * operation: the gateway gives them before any function runs, whatever the route
 * (docs/decisions/http-requests.md D1; docs/decisions/api-contract.md D87). The 400 is also every function's.
 */
export const sharedErrorResponses = {
  BadRequest: {
    status: 400,
    description:
      'A parameter or the body is not valid (the message names the parameter, never its value), ' +
      'or the request is not HTTP the gateway can read (`invalid_request`).',
  },
  PayloadTooLarge: {
    status: 413,
    description:
      'The request body is over the limit, whatever the method (`payload_too_large`): 10 MB in API Gateway, ' +
      '1 MiB in the sandbox.',
  },
  RequestHeaderFieldsTooLarge: {
    status: 431,
    description:
      "The request line and headers are over 24 KiB (`request_header_fields_too_large`): the sandbox's front. " +
      'A deployed stage has API Gateway’s limits instead (10,240 bytes of URL, 10,240 of headers), which API ' +
      'Gateway enforces itself.',
  },
} as const satisfies Readonly<Record<string, { readonly status: number; readonly description: string }>>;

/** The 415 of every operation that takes a body (docs/decisions/http-requests.md D45; docs/decisions/api-contract.md D87). */
export const UNSUPPORTED_MEDIA_TYPE =
  'The body is not JSON (`application/json`, or `application/*+json`), or its `charset` is not UTF-8 ' +
  '(`unsupported_media_type`). Without `Content-Type` the body is read as JSON.';

/**
 * The 429 of the routes with a per-caller limit (docs/decisions/limits-and-throttles.md D25;
 * docs/decisions/report-export.md D56; docs/decisions/order-batches.md D57, D58), from the numbers
 * the functions enforce; every route may also meet the API's throttling.
 */
export const callerLimitResponses: Readonly<Record<string, string>> = {
  'get-report-status':
    `Too many requests: each caller may poll ${n(STATUS_POLLS.capacity)} times at once, then once every ` +
    `${n(STATUS_POLLS.refillSeconds / STATUS_POLLS.capacity)} s; or the API's throttling.`,
  'create-report':
    `Too many requests: each caller may have ${n(REPORT_LIMITS.inProgress)} reports in progress, and ` +
    `${n(REPORT_LIMITS.perHour.capacity)} requests accepted at once, then one every ` +
    `${n(REPORT_LIMITS.perHour.refillSeconds / REPORT_LIMITS.perHour.capacity / 60)} minutes; or the API's throttling.`,
  'create-batch':
    `Too many requests: each caller may have ${n(BATCH_LIMITS.itemsInProgress)} batch items waiting, which ` +
    `start at ${n(BATCH_LIMITS.itemsPerSecond)} a second; or the API's throttling.`,
};

/**
 * The 503 of the routes that read data a catalogue version of an older layout lacks
 * (docs/decisions/catalogue-versions.md D73): after a deploy that needs a newer layout, until the stage's upgrade
 * switches. Every other catalogue read is in every layout.
 */
const whileUpgrading = (what: string) =>
  `The catalogue is being brought up to date after a deploy (\`service_unavailable\`): ${what} answer this until ` +
  'it is, within minutes; ask again after `Retry-After` seconds.';
export const catalogueUpgradeResponses: Readonly<Record<string, string>> = {
  'list-products': whileUpgrading('listings, with or without `searchCriteria`,'),
  'list-country-products': whileUpgrading('listings'),
  'search-products': whileUpgrading('searches'),
};
