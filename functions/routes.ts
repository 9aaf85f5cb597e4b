/**
 * The single route table. The CDK API construct, the sandbox's HTTP front and the OpenAPI
 * document are all derived from it, so a route cannot exist in one and not the others.
 * It holds data only (no handler imports), so the CDK app can read it without loading
 * function code.
 */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

/** `public`: no token needed (catalogue reads, D2). `token`: a valid bearer token is required. */
export type Access = 'public' | 'token';

/** Table access the function is granted: read-only or read-write. */
export type TableAccess = 'RO' | 'RW';

export interface Route {
  /** Unique function name, kebab-case; also the name of its sample event in `events/`. */
  readonly name: string;
  readonly method: HttpMethod;
  /** Path under `/v1`, API Gateway syntax (`{name}` for a variable segment). */
  readonly path: string;
  /** Module under `functions/`, without extension, that exports `handler`. */
  readonly handler: string;
  readonly access: Access;
  readonly table: TableAccess;
  readonly summary: string;
}

const catalogue = (name: string, method: HttpMethod, path: string, summary: string): Route => ({
  name,
  method,
  path,
  handler: `catalogue/handlers/${name}`,
  access: 'public',
  table: 'RO',
  summary,
});

export const routes: readonly Route[] = [
  catalogue('list-products', 'GET', '/products', 'List products, filtered and paged'),
  catalogue('search-products', 'POST', '/products/search', 'Search products with a criteria object'),
  catalogue('get-product', 'GET', '/products/{product_id}', 'Read one product'),
  catalogue(
    'get-product-technical-info',
    'GET',
    '/products/{product_id}/technical_info',
    'Technical information of a product',
  ),
  catalogue('get-product-ratings', 'GET', '/products/{product_id}/ratings', 'Ratings of a product'),
  catalogue('get-product-images', 'GET', '/products/{product_id}/images', 'Images of a product'),
  catalogue('get-product-stock', 'GET', '/products/{product_id}/stocks', 'Stock of a product at a location'),
  catalogue('get-book', 'GET', '/books/{book_id}', 'Read one book'),
  catalogue('get-computer', 'GET', '/computers/{computer_id}', 'Read one computer'),
  catalogue('list-business-units', 'GET', '/business-units', 'List business units'),
  catalogue('list-countries', 'GET', '/countries', 'List countries where products are sold'),
  catalogue(
    'list-country-products',
    'GET',
    '/countries/{country_id}/products',
    'List the products sold in a country',
  ),
];

/** The base path every route is served under (spec: versioning rule 1). */
export const API_VERSION = 'v1';
