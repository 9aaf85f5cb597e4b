/**
 * The typed client's promise, checked by the compiler (`npm run typecheck`, the first step of
 * `npm test`): a call that does not match docs/openapi.json does not compile. Each
 * `@ts-expect-error` below fails the type-check if the call under it ever compiles; nothing here
 * runs. Written against what the document keeps stable (paths, parameter names, body fields).
 */
import { createCommerceClient } from '@commerce-api/client';

const client = createCommerceClient({ baseUrl: 'http://127.0.0.1:3000/v1', token: 'a token' });

export async function rightCalls() {
  await client.GET('/products', { params: { query: { country: 'FR' } } });
  await client.GET('/products/{product_id}', { params: { path: { product_id: '3' } } });
  await client.POST('/orders/reports', { body: { start_date: '2025-01-01', end_date: '2025-06-30' } });
  const { data } = await client.GET('/@me');
  const id: number | undefined = data?.id;
  return id;
}

export async function wrongParameterNames() {
  // @ts-expect-error `colour` is no parameter of GET /products
  await client.GET('/products', { params: { query: { colour: 'red' } } });
  // @ts-expect-error nor beside a real one
  await client.GET('/products', { params: { query: { country: 'FR', colour: 'red' } } });
  // @ts-expect-error the path variable is `product_id`
  await client.GET('/products/{product_id}', { params: { path: { id: '3' } } });
}

export async function wrongParameterTypes() {
  // @ts-expect-error `country` is a string
  await client.GET('/products', { params: { query: { country: 250 } } });
  // @ts-expect-error `start_date` is a string
  await client.POST('/orders/reports', { body: { start_date: 20250101, end_date: '2025-06-30' } });
}

export async function missingRequiredFields() {
  // @ts-expect-error `end_date` is required
  await client.POST('/orders/reports', { body: { start_date: '2025-01-01' } });
  // @ts-expect-error each batch item needs `sent_on`
  await client.POST('/orders/batches', { body: { items: [{ id: 2959 }] } });
  // @ts-expect-error the path variable is required
  await client.GET('/products/{product_id}');
}

export async function answersAreTyped() {
  const { data, error } = await client.GET('/@me');
  // @ts-expect-error a user record's `id` is a number
  const id: string | undefined = data?.id;
  // @ts-expect-error the error body is `{code, message}`
  const detail: string | undefined = error?.detail;
  return [id, detail];
}

export async function unknownPaths() {
  // @ts-expect-error no such path
  await client.GET('/product');
  // @ts-expect-error no POST on /products
  await client.POST('/products', { body: {} });
}
