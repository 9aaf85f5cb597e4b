/**
 * The typed client (clients/typescript/, docs/calling-from-typescript.md) end to end, one line per step:
 *
 *   npx tsx examples/client/client-walkthrough.ts --base-url http://127.0.0.1:3000/v1 \
 *     --token "$(npm run -s token -- --sub 14)" [--out report.pdf]
 *
 * It lists books sold in France, pages through a search with criteria, reads the caller's user
 * record (`/@me`), marks the caller's two newest orders sent today with a batch and waits for it to
 * complete, then asks for a report of the caller's orders of the last 90 days and follows it to its
 * PDF (saved to --out when given). Mind that the batch changes those two orders' `sent_on`.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  ApiError,
  createCommerceClient,
  downloadReport,
  eachItem,
  unwrap,
  waitForBatch,
} from '@commerce-api/client';

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string', default: 'http://127.0.0.1:3000/v1' },
    token: { type: 'string' },
    out: { type: 'string' },
  },
});
if (!values.token) {
  console.error('Give --token (in the sandbox: npm run -s token -- --sub 14).');
  process.exit(2);
}

const client = createCommerceClient({ baseUrl: values['base-url'], token: values.token });
const day = (date: Date) => date.toISOString().slice(0, 10);
const money = (price: { value: number; currency: string } | undefined) =>
  price ? `${price.value.toFixed(2)} ${price.currency}` : 'no price';

async function walkthrough() {
  const books = unwrap(
    await client.GET('/products', { params: { query: { country: 'FR', productType: ['book'] } } }),
  );
  const [book] = books;
  console.log(
    `products: ${books.length} books sold in FR on page 1, the first "${book?.label}" at ${money(book?.price)}`,
  );

  const criteria = { productType: ['computer' as const], country: 'FR', computer: { ram_gb: { min: 16 } } };
  let found = 0;
  let dearest: { label?: string; price?: { value: number; currency: string } } | undefined;
  for await (const computer of eachItem(
    (page) => client.POST('/products/search', { body: { ...criteria, sort: '-price', page, limit: 25 } }),
    { limit: 25 },
  )) {
    dearest ??= computer;
    found++;
  }
  console.log(
    `search: ${found} computers with at least 16 GB of RAM sold in FR, in pages of 25; the dearest "${dearest?.label}" at ${money(dearest?.price)}`,
  );

  const me = unwrap(await client.GET('/@me'));
  console.log(`me: user ${me.id}, ${me.first_name} ${me.last_name}, ${me.address.city}`);

  const newest = unwrap(await client.GET('/@me/orders')).slice(0, 2);
  const today = day(new Date());
  const created = unwrap(
    await client.POST('/orders/batches', {
      body: { items: newest.map(({ id }) => ({ id, sent_on: today })) },
    }),
  );
  const batch = await waitForBatch(client, created.id);
  console.log(
    `batch ${batch.id}: ${batch.status}, ${batch.count} of ${newest.length} items processed, ${batch.errors?.length ?? 0} not applied (orders ${newest.map((o) => o.id).join(', ')} sent on ${today})`,
  );

  const period = { start_date: day(new Date(Date.now() - 89 * 86_400_000)), end_date: today };
  const report = await downloadReport(client, await client.POST('/orders/reports', { body: period }));
  if (values.out) writeFileSync(values.out, report.pdf);
  console.log(
    `report ${report.id}: ${period.start_date} to ${period.end_date}, a ${report.pdf.byteLength}-byte PDF (${report.fileName ?? 'no file name'})${values.out ? ` saved to ${values.out}` : ''}`,
  );
}

try {
  await walkthrough();
} catch (error) {
  if (!(error instanceof ApiError)) throw error;
  console.error(`The API answered ${error.status} ${error.code}: ${error.message}`);
  process.exit(1);
}
