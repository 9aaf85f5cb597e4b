/**
 * Money in every currency (docs/decisions/money.md D103, D104), against a sandbox of its own (the
 * catalogue changes): a catalogue with countries priced in JPY, KWD and KRW is published; listings
 * and searches answer each currency's minor unit, conversions at exact ties round half away from
 * zero, the price criterion and sort agree with the prices shown, `fields=price` with the whole
 * answer; a file with 1234.56 JPY is refused, naming its line; a report's totals in JPY, EUR and
 * KWD are the sums of the rows printed above them.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { catalogueLines, parseCatalogue } from '#functions/catalogue/domain/catalogue-file';
import type { ProductRecord } from '#functions/catalogue/domain/product';
import { ACTIVE_VERSION_CACHE_MS } from '#functions/catalogue/store/active-version';
import { type CatalogueTarget, sandboxTarget } from '#local/catalogue/catalogue-target';
import { publishFile } from '#local/catalogue/publish-file';
import { SANDBOX_CREDENTIALS, SANDBOX_REGION } from '#local/sandbox-identity';
import { seedCatalogueText } from '#local/seed/catalogue-file-seed';
import { placed, userChanged } from '#test/unit/events/event-fixtures';
import { type BatchSandbox, startBatchSandbox, waitUntil } from './support/batches';
import { download, pdfText, pollStatus, postReport } from './support/reports';

const BRAND = 'Tie Breakers';
const seed = (() => {
  const parsed = parseCatalogue(seedCatalogueText());
  if (!parsed.ok) throw new Error('the seed catalogue does not parse');
  return parsed.catalogue;
})();
const template = seed.products.find((p) => p.type === 'book')!;

type Prices = Record<string, { value: number; currency: string }>;
const product = (id: number, base: number, prices: Prices): ProductRecord => ({
  ...template,
  id,
  brand: BRAND,
  label: { en: `Tie ${id}` },
  basePrice: { value: base, currency: 'EUR' },
  prices,
});
const jpy = (value: number) => ({ value, currency: 'JPY' });
const kwd = (value: number) => ({ value, currency: 'KWD' });
const krw = (value: number) => ({ value, currency: 'KRW' });

/**
 * EUR 0.04, 0.20, 1.00 are 6.5, 32.5 and 162.5 JPY at 162.5; 1.00 EUR is 0.3305 KWD at 0.3305;
 * 8 and 24 KRW are 0.005 and 0.015 EUR at 1,600: every one an exact tie.
 */
const TIES = [
  product(9001, 0.04, { KR: krw(9), JP: jpy(7), KW: kwd(0.013) }),
  product(9002, 0.2, { KR: krw(8) }),
  product(9003, 1, { KR: krw(23), KW: kwd(7.125) }),
  product(9004, 1.01, { KR: krw(24), JP: jpy(3200) }),
];

const catalogueText = (products: readonly ProductRecord[]) => {
  const reference = {
    ...seed.reference,
    rates: { base: 'EUR', rates: { ...seed.reference.rates.rates, JPY: 162.5, KWD: 0.3305, KRW: 1600 } },
    countries: [
      ...seed.reference.countries,
      { id: 'JP', label: { en: 'Japan' }, currency: 'JPY' },
      { id: 'KW', label: { en: 'Kuwait' }, currency: 'KWD' },
      { id: 'KR', label: { en: 'South Korea' }, currency: 'KRW' },
    ],
  };
  return `${catalogueLines({ ...seed, reference, products: [...seed.products, ...products] }).join('\n')}\n`;
};

interface Element {
  readonly id: string;
  readonly price?: { readonly value: number; readonly currency: string };
}

/** The decimals a number is written with in JSON. */
const decimalsWritten = (value: number) => (String(value).split('.')[1] ?? '').length;

describe('money in every currency', () => {
  let sandbox: BatchSandbox;
  let target: CatalogueTarget;

  const list = async (path: string) => {
    const { status, body } = await sandbox.api(path);
    expect(status).toBe(200);
    return body as Element[];
  };
  const search = async (criteria: Record<string, unknown>) => {
    const { status, body } = await sandbox.api('/products/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(criteria),
    });
    expect(status).toBe(200);
    return body as Element[];
  };
  const shown = (elements: readonly Element[]) => elements.map((e) => [e.id, e.price?.value]);

  beforeAll(async () => {
    sandbox = await startBatchSandbox();
    target = sandboxTarget(sandbox.running);
    const outcome = await publishFile(target, 'catalogue', catalogueText(TIES));
    expect(outcome.status).toBe('SUCCEEDED');
    await sleep(ACTIVE_VERSION_CACHE_MS + 500);
  });
  afterAll(async () => {
    target?.close();
    await sandbox?.stop();
  });

  it('answers JPY in whole yen and KWD with three decimals, in listings and searches', async () => {
    expect(shown(await list(`/countries/JP/products?brand=${encodeURIComponent(BRAND)}`))).toEqual([
      ['9001', 7],
      ['9004', 3200],
    ]);
    expect(shown(await list(`/countries/KW/products?brand=${encodeURIComponent(BRAND)}`))).toEqual([
      ['9001', 0.013],
      ['9003', 7.125],
    ]);
    for (const elements of [
      await list('/products?currency=JPY&limit=100'),
      await list('/products?currency=JPY&limit=100&page=2'),
      await search({ currency: 'JPY', limit: 100, sort: '-price' }),
      await search({ country: 'GB', currency: 'JPY', limit: 100 }),
    ]) {
      expect(elements.length).toBeGreaterThan(0);
      for (const { price } of elements) {
        expect(price?.currency).toBe('JPY');
        expect(Number.isInteger(price?.value)).toBe(true);
      }
    }
    const inDinars = [
      ...(await list('/products?currency=KWD&limit=100')),
      ...(await search({ currency: 'KWD' })),
    ];
    expect(
      inDinars.every(({ price }) => price?.currency === 'KWD' && decimalsWritten(price.value) <= 3),
    ).toBe(true);
    expect(inDinars.some(({ price }) => decimalsWritten(price!.value) === 3)).toBe(true);
  });

  it('rounds conversions at exact ties half away from zero', async () => {
    const brand = `brand=${encodeURIComponent(BRAND)}`;
    expect(shown(await list(`/products?currency=JPY&${brand}`))).toEqual([
      ['9001', 7],
      ['9002', 33],
      ['9003', 163],
      ['9004', 164],
    ]);
    expect(shown(await list(`/products?currency=KWD&${brand}`))).toEqual([
      ['9001', 0.013],
      ['9002', 0.066],
      ['9003', 0.331],
      ['9004', 0.334],
    ]);
    expect(shown(await list(`/countries/KR/products?currency=EUR&${brand}`))).toEqual([
      ['9001', 0.01],
      ['9002', 0.01],
      ['9003', 0.01],
      ['9004', 0.02],
    ]);
  });

  it('filters and sorts by the prices shown, ties in id order', async () => {
    const inKorea = { country: 'KR', currency: 'EUR', brand: [BRAND] };
    const ids = async (criteria: Record<string, unknown>) =>
      (await search({ ...inKorea, ...criteria })).map((e) => e.id);
    // Stored 9, 8, 23, 24 KRW: shown 0.01 three times, then 0.02.
    expect(await ids({ sort: 'price' })).toEqual(['9001', '9002', '9003', '9004']);
    expect(await ids({ sort: '-price' })).toEqual(['9004', '9001', '9002', '9003']);
    expect(await ids({ price: { max: 0.01 } })).toEqual(['9001', '9002', '9003']);
    expect(await ids({ price: { min: 0.01, max: 0.01 } })).toEqual(['9001', '9002', '9003']);
    expect(await ids({ price: { min: 0.015 } })).toEqual(['9004']);
    expect(await ids({ price: { max: 0.009 } })).toEqual([]);
    const yen = { currency: 'JPY', brand: [BRAND] };
    expect(shown(await search({ ...yen, price: { min: 163, max: 163 } }))).toEqual([['9003', 163]]);
    expect((await search({ ...yen, price: { max: 163 }, sort: '-price' })).map((e) => e.id)).toEqual([
      '9003',
      '9002',
      '9001',
    ]);
  });

  it('gives the same price with fields=price as in the whole answer', async () => {
    const path = `/countries/KW/products?currency=KWD&brand=${encodeURIComponent(BRAND)}`;
    const whole = await list(path);
    const priced = await list(`${path}&fields=id,price`);
    expect(priced).toEqual(whole.map(({ id, price }) => ({ id, price })));
    const criteria = { currency: 'JPY', brand: [BRAND], sort: 'price' };
    const { body } = await sandbox.api(
      `/products?fields=price&searchCriteria=${encodeURIComponent(JSON.stringify(criteria))}`,
    );
    expect(body).toEqual((await search(criteria)).map(({ price }) => ({ price })));
  });

  it('refuses a file with 1234.56 JPY, naming its line, and keeps the catalogue it serves', async () => {
    const text = catalogueText(TIES.map((p) => (p.id === 9004 ? { ...p, prices: { JP: jpy(1234.56) } } : p)));
    const line = text.split('\n').findIndex((l) => l.includes('"id":9004')) + 1;
    const outcome = await publishFile(target, 'catalogue', text);
    expect(outcome.status).toBe('FAILED');
    expect(outcome.record?.errors).toEqual([
      { line, message: 'product.prices.JP.value has more decimals than JPY has (0)' },
    ]);
    expect(shown(await list(`/countries/JP/products?brand=${encodeURIComponent(BRAND)}`))).toEqual([
      ['9001', 7],
      ['9004', 3200],
    ]);
  });

  it('prints report totals in JPY, EUR and KWD that are the sums of the rows above them', async () => {
    const customer = 7001;
    const totals = [
      jpy(5036),
      jpy(1200),
      jpy(999),
      { value: 19.99, currency: 'EUR' },
      { value: 0.01, currency: 'EUR' },
      { value: 30.99, currency: 'EUR' },
      kwd(1.235),
      kwd(7.125),
    ];
    const bus = new EventBridgeClient({
      endpoint: sandbox.running.eventsEndpoint,
      region: SANDBOX_REGION,
      credentials: SANDBOX_CREDENTIALS,
    });
    const entry = (type: string, detail: object) => ({
      EventBusName: 'commerce-api-sandbox',
      Source: type.startsWith('order.') ? 'commerce.orders' : 'commerce.users',
      DetailType: type,
      Detail: JSON.stringify(detail),
    });
    try {
      await bus.send(
        new PutEventsCommand({
          Entries: [
            entry(
              'user.registered',
              userChanged({ eventId: `money-user-${customer}`, id: customer, username: 'kenji.sato' }),
            ),
          ],
        }),
      );
      const token = sandbox.token(customer);
      const auth = { headers: { authorization: `Bearer ${token}` } };
      await waitUntil(
        async () => ((await sandbox.api('/@me', auth)).status === 200 ? true : undefined),
        10_000,
        'the customer',
      );
      await bus.send(
        new PutEventsCommand({
          Entries: totals.map((total, k) =>
            entry(
              'order.placed',
              placed({
                eventId: `money-order-${k}`,
                id: 97001 + k,
                userId: customer,
                createdAt: `2026-11-02 10:00:0${k}`,
                total,
              }),
            ),
          ),
        }),
      );
      await waitUntil(
        async () => {
          const { body } = await sandbox.api('/@me/orders?limit=20', auth);
          return (body as unknown[]).length === totals.length ? true : undefined;
        },
        10_000,
        'the orders',
      );

      const created = await postReport(sandbox.api, token, {
        start_date: '2026-11-01',
        end_date: '2026-11-30',
      });
      expect(created.status).toBe(202);
      const polled = await pollStatus(created.headers.get('location')!, token);
      expect(polled.response.status).toBe(303);
      const { bytes } = await download(polled.response.headers.get('location')!, token);
      const text = pdfText(bytes);

      // A row: id, creation time, status, amount, currency; a total: `Total in XXX (n orders) amount XXX`.
      const rows = [...text.matchAll(/^\s*(97\d{3})\s+\S+ \S+\s+Paid\s+([\d,.]+)\s+([A-Z]{3})\s*$/gm)];
      expect(rows.map((m) => [Number(m[1]), m[2], m[3]])).toEqual([
        [97001, '5,036', 'JPY'],
        [97002, '1,200', 'JPY'],
        [97003, '999', 'JPY'],
        [97004, '19.99', 'EUR'],
        [97005, '0.01', 'EUR'],
        [97006, '30.99', 'EUR'],
        [97007, '1.235', 'KWD'],
        [97008, '7.125', 'KWD'],
      ]);
      const printed = Object.fromEntries(
        [...text.matchAll(/Total in ([A-Z]{3})\s+\(\d+ orders?\)\s+([\d,.]+)\s+[A-Z]{3}/g)].map((m) => [
          m[1],
          m[2],
        ]),
      );
      // Sums of the rows in whole minor units, from the digits printed.
      const minor = (amount: string) => BigInt(amount.replaceAll(',', '').replace('.', ''));
      const sums = new Map<string, bigint>();
      for (const [, , amount, currency] of rows)
        sums.set(currency!, (sums.get(currency!) ?? 0n) + minor(amount!));
      expect(printed).toEqual({ EUR: '50.99', JPY: '7,235', KWD: '8.360' });
      for (const [currency, sum] of sums) expect(minor(printed[currency]!)).toBe(sum);
    } finally {
      bus.destroy();
    }
  });
});
