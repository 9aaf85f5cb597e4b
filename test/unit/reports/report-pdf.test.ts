import { execFileSync } from 'node:child_process';
import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import type { OrderRecord, OrderStatus } from '#functions/orders/domain/order';
import { planPages, ROWS_ON_FIRST_PAGE, ROWS_PER_PAGE } from '#functions/reports/domain/report-layout';
import { type OrdersReportInput, renderOrdersReport } from '#functions/reports/domain/report-pdf';
import { projectFonts } from './memory-report-stores';

const STATUSES: OrderStatus[] = ['pending', 'paid', 'shipped', 'delivered', 'cancelled'];

/** `count` orders of customer 2 from 2025-03-01, given out of order (ids descending). */
const ordersOf = (count: number, currency = (_i: number) => 'EUR'): OrderRecord[] =>
  Array.from({ length: count }, (_, k) => {
    const i = count - 1 - k;
    const day = String(1 + (i % 28)).padStart(2, '0');
    const month = String(3 + Math.floor(i / 28)).padStart(2, '0');
    return {
      id: 1000 + i,
      userId: 2,
      createdAt: `2025-${month}-${day} 09:30:00`,
      status: STATUSES[i % STATUSES.length]!,
      total: { value: 10 + i + 0.25, currency: currency(i) },
      sentOn: null,
    };
  });

const input = (orders: OrderRecord[], overrides: Partial<OrdersReportInput> = {}): OrdersReportInput => ({
  orders,
  startDate: '2025-03-01',
  endDate: '2025-12-31',
  generatedAt: new Date('2026-01-05T08:09:10.500Z'),
  preparedFor: 'Customer 2 (claire.martin)',
  ...overrides,
});

/** The text of each page, as poppler's pdftotext reads it (layout kept, so a row is a line). */
const pagesText = (pdf: Uint8Array): string[] =>
  execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' })
    .split('\f')
    .slice(0, -1);

/** Order ids in the order their rows appear. */
const rowIds = (text: string) =>
  [...text.matchAll(/^\s*(\d+)\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\s/gm)].map((m) => Number(m[1]));

const threePages = ROWS_ON_FIRST_PAGE + ROWS_PER_PAGE + 5;

describe('renderOrdersReport', () => {
  let pdf: Uint8Array;
  let pages: string[];
  const orders = ordersOf(threePages);
  beforeAll(async () => {
    pdf = await renderOrdersReport(input(orders));
    pages = pagesText(pdf);
  });

  it('is a PDF that pdf-lib loads, A4 portrait, one page more for each page of rows', async () => {
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(3);
    expect(pages).toHaveLength(3);
    for (const page of doc.getPages()) {
      expect(page.getWidth()).toBeCloseTo(595.28);
      expect(page.getHeight()).toBeCloseTo(841.89);
    }
    expect(doc.getTitle()).toBe('Orders report, 2025-03-01 to 2025-12-31');
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-01-05T08:09:10.000Z');
  });

  it('has the title, the period, when (UTC) and for whom on page 1', () => {
    const first = pages[0]!;
    expect(first).toContain('Orders report');
    expect(first).toMatch(/Period\s+2025-03-01 to 2025-12-31/);
    expect(first).toMatch(/Prepared for\s+Customer 2 \(claire\.martin\)/);
    expect(first).toMatch(/Generated\s+2026-01-05 08:09:10 UTC/);
  });

  it('lists every order once, sorted by creation then id, the header row and "Page x of 3" on every page', () => {
    const ids = pages.flatMap(rowIds);
    const expected = [...orders]
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id))
      .map((o) => o.id);
    expect(ids).toEqual(expected);
    expect(pages.map(rowIds).map((p) => p.length)).toEqual([ROWS_ON_FIRST_PAGE, ROWS_PER_PAGE, 5]);
    pages.forEach((text, i) => {
      expect(text).toMatch(/Order\s+Created \(UTC\)\s+Status\s+Total/);
      expect(text).toContain(`Page ${i + 1} of 3`);
      expect(text).toContain('Generated 2026-01-05 08:09:10 UTC');
    });
    expect(pages[1]).toMatch(/Orders report\s+Customer 2 \(claire\.martin\)\s+2025-03-01 to 2025-12-31/);
  });

  it('shows each row with its date, status and total, and the totals after the last row', () => {
    const first = orders.find((o) => o.id === 1000)!;
    expect(pages[0]).toMatch(/^\s*1000\s+2025-03-01 09:30:00\s+Pending\s+10\.25 EUR$/m);
    expect(first.total.value).toBe(10.25);
    const sum = orders.reduce((s, o) => s + Math.round(o.total.value * 100), 0);
    const last = pages[2]!;
    expect(last).toMatch(new RegExp(`Number of orders\\s+${threePages}\\b`));
    const euros = (sum / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    expect(last).toMatch(new RegExp(`Total in EUR\\s+\\(${threePages} orders\\)\\s+${euros} EUR`));
    expect(last.indexOf('Number of orders')).toBeGreaterThan(last.lastIndexOf(String(orders[0]!.id)));
  });

  it('writes only what it needs: one content stream a page, raw operators, no object per cell', async () => {
    const doc = await PDFDocument.load(pdf);
    const page = doc.getPage(0);
    const contents = page.node.lookup(PDFName.of('Contents'));
    expect(contents).toBeInstanceOf(PDFRawStream);
    const operators = inflateSync((contents as PDFRawStream).getContents()).toString('latin1');
    expect(operators).toContain('(1000) Tj');
    expect(operators.match(/ Tj\n/g)!.length).toBeGreaterThan(5 * ROWS_ON_FIRST_PAGE);
    expect(doc.context.enumerateIndirectObjects().length).toBeLessThan(30);
  });

  it('is the same bytes for the same input (no clock inside)', async () => {
    expect(Buffer.from(await renderOrdersReport(input(orders))).equals(Buffer.from(pdf))).toBe(true);
  });
});

describe('renderOrdersReport, special cases', () => {
  it('says "No orders in this period." on a single page when there are none', async () => {
    const pdf = await renderOrdersReport(input([]));
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    const [page] = pagesText(pdf);
    expect(page).toContain('No orders in this period.');
    expect(page).toContain('Page 1 of 1');
    expect(page).toMatch(/Period\s+2025-03-01 to 2025-12-31/);
    expect(page).not.toContain('Created (UTC)');
  });

  it('sums each currency apart, exactly, without converting, and shows a customer column for several customers', async () => {
    const orders = ordersOf(12, (i) => (i % 3 === 0 ? 'GBP' : i % 3 === 1 ? 'EUR' : 'JPY')).map((o, k) => ({
      ...o,
      userId: 2 + (k % 2),
      total: { ...o.total, value: o.total.currency === 'JPY' ? 1200 : 0.1 },
    }));
    orders.push({ ...orders[0]!, id: 9999, total: { value: 0.2, currency: 'GBP' } });
    const [page] = pagesText(
      await renderOrdersReport(input(orders, { preparedFor: 'All customers (administrator)' })),
    );
    expect(page).toMatch(/Order\s+Created \(UTC\)\s+Customer\s+Status\s+Total/);
    expect(page).toMatch(/Number of orders\s+13\b/);
    expect(page).toMatch(/Total in EUR\s+\(4 orders\)\s+0\.40 EUR/);
    expect(page).toMatch(/Total in GBP\s+\(5 orders\)\s+0\.60 GBP/);
    expect(page).toMatch(/Total in JPY\s+\(4 orders\)\s+4,800 JPY/);
    expect(page).toMatch(/^\s*9999\s+\S+ \S+\s+2\s+Paid\s+0\.20 GBP$/m);
  });

  it('prints names with parentheses, backslashes and accents, and shortens a name too long for its line', async () => {
    for (const name of ['zoë.martin', 'zoë.łukasiewicz']) {
      const preparedFor = `Customer 7 (${name}) \\ Ærø — ${'x'.repeat(200)}`;
      const [page] = pagesText(
        await renderOrdersReport(input(ordersOf(3), { preparedFor, fonts: projectFonts })),
      );
      expect(page).toContain(`Customer 7 (${name}) \\ Ærø — xxx`);
      expect(page).toMatch(/x…\n/);
      expect(page).not.toContain('x'.repeat(200));
    }
  });

  it('prints the name in any script (the fonts it needs are embedded: report-scripts.test.ts)', async () => {
    const preparedFor = 'Łukasz Żółć-Иванов 山田 Αθήνα (lukasz)';
    const [page] = pagesText(
      await renderOrdersReport(input(ordersOf(3), { preparedFor, fonts: projectFonts })),
    );
    expect(page).toContain(`Prepared for       ${preparedFor}`);
  });

  it('starts a page for the totals when the rows fill the last one', async () => {
    const count = ROWS_ON_FIRST_PAGE + ROWS_PER_PAGE;
    const pages = pagesText(await renderOrdersReport(input(ordersOf(count))));
    expect(pages).toHaveLength(3);
    expect(pages[2]).toMatch(/Number of orders\s+\d/);
    expect(pages[2]).not.toContain('Created (UTC)');
    expect(pages[2]).toContain('Page 3 of 3');
  });
});

describe('planPages', () => {
  it('fills page 1, then the others, and puts the totals after the last row', () => {
    expect(planPages(0, 1)).toHaveLength(1);
    expect(planPages(1, 2)).toEqual([{ rowStart: 0, rowEnd: 1, table: true, totalsStart: 0, totalsEnd: 2 }]);
    const big = planPages(100_000, 3);
    expect(big).toHaveLength(1 + Math.ceil((100_000 - ROWS_ON_FIRST_PAGE) / ROWS_PER_PAGE));
    expect(big.at(-1)).toMatchObject({ rowEnd: 100_000, totalsStart: 0, totalsEnd: 3 });
    expect(big.every((p, i) => i === 0 || p.rowStart === big[i - 1]!.rowEnd)).toBe(true);
  });

  it('lets many totals lines run over to further pages', () => {
    const plan = planPages(ROWS_ON_FIRST_PAGE - 1, 200);
    expect(plan.length).toBeGreaterThan(2);
    expect(plan.slice(1).every((p) => !p.table)).toBe(true);
    expect(plan.at(-1)!.totalsEnd).toBe(200);
    expect(plan.every((p, i) => i === 0 || p.totalsStart === plan[i - 1]!.totalsEnd)).toBe(true);
  });
});
