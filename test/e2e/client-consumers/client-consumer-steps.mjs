// @ts-check
/**
 * What every consumer of the packed client does (esm-consumer.mjs, typed-consumer.ts,
 * commonjs-consumer.cjs; run by test/e2e/client-package.test.ts), given the package's exports
 * however they were loaded: a search across its pages, a product, `/@me`, an order that is not
 * there (an ApiError), a batch to completion and a report to its PDF, saved to REPORT_FILE. It
 * prints what it saw as one line of JSON, for the test to hold to the API's own answers. The
 * TypeScript consumers type-check it with themselves (`checkJs`), against the package's types.
 */
import { writeFileSync } from 'node:fs';

/**
 * @param {typeof import('@commerce-api/client')} api
 * @param {Record<string, string | undefined>} env
 */
export async function runSteps(api, env) {
  const { ApiError, createCommerceClient, downloadReport, eachItem, unwrap, waitForBatch } = api;
  const client = createCommerceClient({ baseUrl: `${env.COMMERCE_API_URL}`, token: env.COMMERCE_API_TOKEN });

  // Each field of a search's answer is optional in its type: `fields` may leave any out.
  /** @type {(string | undefined)[]} */
  const listed = [];
  const criteria = {
    productType: /** @type {'computer'[]} */ (['computer']),
    computer: { ram_gb: { min: 16 } },
  };
  for await (const found of eachItem(
    (page) => client.POST('/products/search', { body: { ...criteria, country: 'FR', page, limit: 25 } }),
    { limit: 25 },
  ))
    listed.push(found.id);

  const path = { product_id: `${listed[0]}` };
  const product = unwrap(await client.GET('/products/{product_id}', { params: { path } }));
  const me = unwrap(await client.GET('/@me'));
  let refused;
  try {
    unwrap(await client.GET('/orders/{order_id}', { params: { path: { order_id: '999999' } } }));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    refused = { status: error.status, code: error.code, message: error.message };
  }

  const [order] = unwrap(await client.GET('/@me/orders'));
  if (!order) throw new Error(`User ${me.id} has no order to send.`);
  const items = [{ id: order.id, sent_on: `${env.SENT_ON}` }];
  const batch = await waitForBatch(
    client,
    unwrap(await client.POST('/orders/batches', { body: { items } })).id,
  );

  const period = { start_date: `${env.REPORT_START}`, end_date: `${env.REPORT_END}` };
  const report = await downloadReport(client, await client.POST('/orders/reports', { body: period }));
  writeFileSync(`${env.REPORT_FILE}`, report.pdf);

  const { id, status, count, errors } = batch;
  const saved = { id: report.id, bytes: report.pdf.byteLength, fileName: report.fileName };
  const seen = {
    listed,
    product: { id: product.id, label: product.label },
    me: me.id,
    refused,
    order: order.id,
  };
  console.log(JSON.stringify({ ...seen, batch: { id, status, count, errors }, report: saved }));
}
