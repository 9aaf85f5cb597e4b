import { isDeepStrictEqual } from 'node:util';
import type { CheckContext } from './check-context';
import { CheckFailed } from './checks';

/** An element of a product list or a search (docs/api.md: `id` is a string there). */
interface ListElement {
  readonly id: string;
  readonly label: string;
  readonly type: 'book' | 'computer';
}

/** A location no stock can be kept at (location ids are slugs like `paris-1`): the stock route's 404. */
const NO_STOCK_LOCATION = 'nowhere-0';

const plural = (n: number, what: string, whats = `${what}s`) => `${n} ${n === 1 ? what : whats}`;

/** The longest word of a label (letters and digits), for a text search that must find its product. */
const longestWord = (label: string): string | undefined =>
  (label.match(/[\p{L}\p{N}]+/gu) ?? []).reduce<string | undefined>(
    (longest, word) => (word.length > (longest?.length ?? 0) ? word.slice(0, 50) : longest),
    undefined,
  );

/**
 * The public catalogue, without a token: reference data, a listing by country, a product found
 * there with its sub-resources, and the same search through POST and through `searchCriteria`.
 * A stage nothing was published to answers empty lists by design (docs/architecture.md): the
 * checks that need a product are then skipped with a line saying so, and what can run still
 * runs (its answers checked against the contract).
 */
export async function catalogueChecks({ api, checks, stage }: CheckContext): Promise<void> {
  const get = async (operation: string, path?: string, query?: Record<string, string>) =>
    (
      await api.call({
        method: 'GET',
        operation,
        ...(path ? { path } : {}),
        ...(query ? { query } : {}),
        expect: [200],
      })
    ).json;

  let units: unknown[] | undefined;
  let countries: readonly { id: string }[] | undefined;
  await checks.run('catalogue: GET /business-units', async () => {
    units = (await get('/business-units')) as unknown[];
    return `200, ${plural(units.length, 'business unit')}`;
  });
  await checks.run('catalogue: GET /countries', async () => {
    countries = (await get('/countries')) as { id: string }[];
    return `200, ${plural(countries.length, 'country', 'countries')}`;
  });
  const nothingPublished = units?.length === 0 && countries?.length === 0;
  const publishHint = `nothing published yet: publish a catalogue (npm run catalogue -- publish FILE${
    stage.name === 'sandbox' ? '' : ` --stage ${stage.name}`
  }), then run again`;

  let found: { country: string; product: ListElement } | undefined;
  const listing = 'catalogue: GET /products?country=…&limit=5';
  if (nothingPublished) checks.skip(listing, publishHint);
  else if (!countries) checks.skip(listing, 'needs the countries, whose check failed');
  else {
    const known = countries;
    await checks.run(listing, async () => {
      // The first country that sells anything (a catalogue may name a country it sells nothing in yet).
      for (const { id } of known) {
        const page = (await get('/products', undefined, { country: id, limit: '5' })) as ListElement[];
        if (page.length === 0) continue;
        found = { country: id, product: page[0]! };
        return {
          name: `catalogue: GET /products?country=${id}&limit=5`,
          detail: `200, ${plural(page.length, 'product')}, the first ${page[0]!.id}`,
        };
      }
      throw new CheckFailed(
        known.length === 0
          ? 'business units are published but GET /countries answers none'
          : `no country of GET /countries (${known.map((c) => c.id).join(', ')}) lists a product`,
      );
    });
  }

  await productChecks({ api, checks, stage, found, skip: nothingPublished ? publishHint : undefined });
  await searchChecks({ api, checks, found, nothingPublished });
}

async function productChecks({
  api,
  checks,
  found,
  skip,
}: Pick<CheckContext, 'api' | 'checks' | 'stage'> & {
  found: { product: ListElement } | undefined;
  skip: string | undefined;
}): Promise<void> {
  const id = found?.product.id;
  const typed = found?.product.type === 'computer' ? 'computers' : 'books';
  const reads: [operation: string, path: string, query?: Record<string, string>][] = [
    ['/products/{product_id}', `/products/${id}`],
    ['/products/{product_id}/technical_info', `/products/${id}/technical_info`],
    ['/products/{product_id}/ratings', `/products/${id}/ratings`],
    ['/products/{product_id}/images', `/products/${id}/images`],
    [`/${typed}/{${typed.slice(0, -1)}_id}`, `/${typed}/${id}`],
  ];
  for (const [operation, path] of reads) {
    const name = `catalogue: GET ${id ? path : operation}`;
    if (!id) {
      checks.skip(name, skip ?? 'needs a product from the listing, whose check failed');
      continue;
    }
    await checks.run(name, async () => {
      const body = (await api.call({ method: 'GET', operation, path, expect: [200] })).json as {
        id?: unknown;
      };
      if (body.id !== Number(id)) throw new CheckFailed(`answered product ${String(body.id)}, not ${id}`);
      return '200';
    });
  }
  const stocks = `/products/${id ?? '{product_id}'}/stocks?location_id=${NO_STOCK_LOCATION}`;
  if (!id)
    checks.skip(`catalogue: GET ${stocks}`, skip ?? 'needs a product from the listing, whose check failed');
  else {
    await checks.run(`catalogue: GET ${stocks}`, async () => {
      await api.call({
        method: 'GET',
        operation: '/products/{product_id}/stocks',
        path: `/products/${id}/stocks`,
        query: { location_id: NO_STOCK_LOCATION },
        expect: [404],
      });
      return '404, as for any location without stock';
    });
  }
}

async function searchChecks({
  api,
  checks,
  found,
  nothingPublished,
}: Pick<CheckContext, 'api' | 'checks'> & {
  found: { country: string; product: ListElement } | undefined;
  nothingPublished: boolean;
}): Promise<void> {
  // The product found is the lowest id sold in its country; a search there for a word of its own
  // label, in id order, must answer it first.
  const word = found ? longestWord(found.product.label) : undefined;
  const criteria = found
    ? { ...(word ? { text: word } : {}), country: found.country, limit: 5 }
    : { limit: 5 };
  let posted: unknown;
  await checks.run('search: POST /products/search', async () => {
    posted = (
      await api.call({ method: 'POST', operation: '/products/search', body: criteria, expect: [200] })
    ).json;
    const page = posted as ListElement[];
    if (found) {
      if (page[0]?.id !== found.product.id) {
        throw new CheckFailed(
          `${JSON.stringify(criteria)} answered ${page[0] ? `product ${page[0].id}` : 'nothing'} first, not product ${found.product.id} of the listing`,
        );
      }
      return `200, product ${found.product.id} first for ${JSON.stringify(criteria)}`;
    }
    if (nothingPublished && page.length > 0)
      throw new CheckFailed('finds products on a stage that lists none');
    return `200, ${plural(page.length, 'product')}`;
  });
  await checks.run('search: GET /products?searchCriteria=…', async () => {
    const got = (
      await api.call({
        method: 'GET',
        operation: '/products',
        query: { searchCriteria: JSON.stringify(criteria) },
        expect: [200],
      })
    ).json;
    if (posted !== undefined && !isDeepStrictEqual(got, posted)) {
      throw new CheckFailed('answers otherwise than POST /products/search with the same criteria');
    }
    return posted === undefined ? '200' : '200, the same answer as POST /products/search';
  });
}
