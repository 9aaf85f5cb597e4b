import { SAMPLE_REPORT_ID } from '../seed/report-seed';

/**
 * One realistic request per route, from which `events/<route-name>.json` is generated
 * (`npx tsx bin/make-events.ts`). A new route needs an entry here: the unit test
 * test/unit/local/events.test.ts fails until it has one and its event file is committed.
 */
export interface SampleRequest {
  readonly method: string;
  /** Path and query as a client sends them: `/v1/products?country=FR`. */
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** JSON bodies are given as values and sent as `application/json`. */
  readonly json?: unknown;
  /** For a token route: the caller the authorizer let through (user 1 is the administrator). */
  readonly caller?: { readonly userId: number; readonly admin: boolean };
}

const customer = { userId: 2, admin: false } as const;
const administrator = { userId: 1, admin: true } as const;

export const sampleRequests: Readonly<Record<string, SampleRequest>> = {
  'list-products': {
    method: 'GET',
    url: '/v1/products?country=FR&productType=book&page=1&limit=10',
    headers: { 'Accept-Language': 'fr-FR,fr;q=0.9,en;q=0.5' },
  },
  'search-products': {
    method: 'POST',
    url: '/v1/products/search',
    json: { page: 1, limit: 10, productType: ['computer'], brand: ['Voltix', 'Nimbus'] },
  },
  'get-product': { method: 'GET', url: '/v1/products/1', headers: { 'Accept-Language': 'fr' } },
  'get-product-technical-info': { method: 'GET', url: '/v1/products/3/technical_info' },
  'get-product-ratings': { method: 'GET', url: '/v1/products/1/ratings' },
  'get-product-images': { method: 'GET', url: '/v1/products/1/images' },
  'get-product-stock': { method: 'GET', url: '/v1/products/1/stocks?location_id=paris-1' },
  'get-book': { method: 'GET', url: '/v1/books/1', headers: { 'Accept-Language': 'de' } },
  'get-computer': { method: 'GET', url: '/v1/computers/3', headers: { 'Accept-Language': 'es' } },
  'list-business-units': { method: 'GET', url: '/v1/business-units', headers: { 'Accept-Language': 'es' } },
  'list-countries': { method: 'GET', url: '/v1/countries', headers: { 'Accept-Language': 'it' } },
  'list-country-products': {
    method: 'GET',
    url: '/v1/countries/GB/products?limit=5&fields=id,label,price',
    headers: { 'Accept-Language': 'en-GB' },
  },

  'get-profile': { method: 'GET', url: '/v1/profiles/2', caller: administrator },
  'get-my-profile': { method: 'GET', url: '/v1/profile/@me', caller: customer },
  'get-implicit-profile': { method: 'GET', url: '/v1/profile', caller: customer },
  'get-my-user-profile': { method: 'GET', url: '/v1/users/@me/profile', caller: customer },
  'get-me': { method: 'GET', url: '/v1/@me', caller: customer },
  'put-user-address': {
    method: 'PUT',
    url: '/v1/users/2/address',
    json: { street: '12 rue de la Paix', zip_code: '75002', city: 'Paris' },
    caller: customer,
  },
  'put-user-email': {
    method: 'PUT',
    url: '/v1/users/2/email',
    json: 'camille.martin@example.com',
    caller: customer,
  },
  'list-my-orders': { method: 'GET', url: '/v1/@me/orders?page=1&limit=5', caller: customer },
  'get-order': { method: 'GET', url: '/v1/orders/1', caller: administrator },
  'head-order': { method: 'HEAD', url: '/v1/orders/1', caller: administrator },
  'create-batch': {
    method: 'POST',
    url: '/v1/orders/batches',
    json: { items: [{ id: 38, sent_on: '2025-01-20' }] },
    caller: customer,
  },
  'get-batch': { method: 'GET', url: '/v1/orders/batches/1', caller: customer },
  'create-report': {
    method: 'POST',
    url: '/v1/orders/reports',
    json: { start_date: '2025-01-01', end_date: '2025-03-31' },
    caller: customer,
  },
  // The seed's sample report job, customer 2's.
  'get-report-status': {
    method: 'GET',
    url: `/v1/orders/reports/status/${SAMPLE_REPORT_ID}`,
    caller: customer,
  },
  'get-report': { method: 'GET', url: `/v1/orders/reports/${SAMPLE_REPORT_ID}`, caller: customer },
  'create-webhook-secret': { method: 'POST', url: '/v1/@me/webhook-secrets', caller: customer },
  'list-webhook-secrets': { method: 'GET', url: '/v1/@me/webhook-secrets', caller: customer },
  // A secret customer 2 does not have: the invocation answers 404.
  'delete-webhook-secret': {
    method: 'DELETE',
    url: '/v1/@me/webhook-secrets/00000000-0000-4000-8000-0000000000ff',
    caller: customer,
  },
};
