import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName } from 'pdf-lib';
import type { OrderRecord } from '../../orders/domain/order';
import { PagePainter } from './page-painter';
import {
  byCreation,
  type CurrencyTotal,
  formatCount,
  formatMinor,
  formatUtc,
  fractionDigits,
  statusLabel,
  toMinor,
  totalsByCurrency,
} from './report-format';
import {
  CELL_PAD,
  columnsFor,
  FIRST_META_BASELINE,
  FIRST_TABLE_TOP,
  FIRST_TITLE_BASELINE,
  FOOTER_BASELINE,
  FOOTER_RULE,
  HEADER_FILL,
  HEADER_HEIGHT,
  INK,
  LEFT,
  META_LABEL_WIDTH,
  META_LEADING,
  META_SIZE,
  MUTED,
  OTHER_TABLE_TOP,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  planPages,
  RIGHT,
  ROW_HEIGHT,
  RULE,
  RUNNING_BASELINE,
  RUNNING_RULE,
  SMALL_SIZE,
  TABLE_SIZE,
  TITLE_SIZE,
  TOTALS_GAP,
  TOTALS_LEADING,
  ZEBRA,
} from './report-layout';
import { type Label, ReportTexts } from './report-text';
import type { ReportFonts } from './text-engine';

/**
 * The orders report as a PDF: A4 portrait, a title block on the first page, a running header on
 * the others, a table of orders whose header row repeats on every page, the totals after the
 * last row and "Page x of y" in every footer.
 *
 * It scales to 100,000 orders by writing each page's content stream itself: raw PDF operators,
 * text widths from the fonts' metrics, one compressed stream per page and no object per cell.
 * Pages share one resource dictionary. A page's operators are written as bytes into one reused
 * buffer (`PagePainter`), so no page text accumulates on the heap. Text the standard Helvetica
 * fonts print exactly (WinAnsi) is drawn in them; any other text, in any script, in embedded
 * subsets of the Noto fonts, shaped once however many pages repeat it (`ReportTexts`,
 * docs/decisions/report-export.md D101).
 */

export interface OrdersReportInput {
  /** The orders to list, in any order (the report sorts them by `createdAt`, then id). */
  readonly orders: readonly OrderRecord[];
  /** The period, `YYYY-MM-DD` (UTC days, both included). */
  readonly startDate: string;
  readonly endDate: string;
  /** When the report was generated, shown in UTC. */
  readonly generatedAt: Date;
  /** Whose orders these are, e.g. `Customer 2 (claire.martin)` or `All customers (administrator)`. */
  readonly preparedFor: string;
  /** Where the fonts for text beyond WinAnsi come from; needed only when a text has such characters. */
  readonly fonts?: ReportFonts;
  /** Told the characters no font has a glyph for (each shows as the font's empty box). */
  readonly onMissingGlyphs?: (characters: readonly string[]) => void;
}

export const REPORT_TITLE = 'Orders report';
export const NO_ORDERS_TEXT = 'No orders in this period.';

/**
 * A page's stream, deflated (native zlib: several times faster than pdf-lib's pako). zlib
 * writes into 4 KB chunks (a page deflates to about 2 KB); the result is copied out so a page
 * keeps only its own bytes, and the chunks are garbage as soon as the page is done.
 */
const deflate = (bytes: Uint8Array): Uint8Array =>
  Uint8Array.prototype.slice.call(deflateSync(bytes, { chunkSize: 4096 }));

/** A label for each distinct value, prepared before the pages are drawn. */
const labelsOf = async (values: Iterable<string>, label: (value: string) => Promise<Label>) => {
  const labels = new Map<string, Label>();
  for (const value of values) if (!labels.has(value)) labels.set(value, await label(value));
  return labels;
};

export const renderOrdersReport = async (input: OrdersReportInput): Promise<Uint8Array> => {
  const orders = [...input.orders].sort(byCreation);
  const totals = totalsByCurrency(orders);
  const withCustomer = orders.some((o) => o.userId !== orders[0]!.userId);
  const columns = columnsFor(withCustomer);

  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`${REPORT_TITLE}, ${input.startDate} to ${input.endDate}`);
  doc.setSubject(input.preparedFor);
  doc.setCreator('Commerce API');
  doc.setProducer('pdf-lib');
  doc.setLanguage('en');
  doc.setCreationDate(input.generatedAt);
  doc.setModificationDate(input.generatedAt);

  // Every text shaped before the first page: the embedded fonts load (when needed) here.
  const texts = await ReportTexts.create(doc, input.fonts);
  const plain = (text: string) => texts.label(text, 'regular');
  const bold = (text: string) => texts.label(text, 'bold');
  const periodText = `${input.startDate} to ${input.endDate}`;
  const period = await plain(periodText);
  const generated = await plain(formatUtc(input.generatedAt));
  const footer = await plain(`Generated ${formatUtc(input.generatedAt)}`);
  const forFirstPage = await texts.fitted(
    input.preparedFor,
    'regular',
    META_SIZE,
    RIGHT - LEFT - META_LABEL_WIDTH,
  );
  const forX = LEFT + texts.width(await bold(REPORT_TITLE), SMALL_SIZE) + 8;
  const forOtherPages = await texts.fitted(
    input.preparedFor,
    'regular',
    SMALL_SIZE,
    RIGHT - texts.width(period, SMALL_SIZE) - 16 - forX,
  );
  const statuses = await labelsOf(new Set(orders.map((o) => o.status)), (s) => plain(statusLabel(s)));
  const currencies = await labelsOf(
    totals.map((t) => t.currency),
    plain,
  );
  const boldCurrencies = await labelsOf(currencies.keys(), bold);
  const totalIn = await labelsOf(currencies.keys(), (c) => bold(`Total in ${c}`));
  const meta: [string, Label][] = [
    ['Period', period],
    ['Prepared for', forFirstPage],
    ['Generated', generated],
  ];

  const resources = doc.context.register(
    doc.context.obj({ Font: await texts.fontResources(), ProcSet: ['PDF', 'Text'] }),
  );
  const plan = planPages(orders.length, 1 + totals.length);
  const pageCount = plan.length;
  const paint = new PagePainter(texts);
  const out = paint.out;

  const totalsLine = (y: number, t: CurrencyTotal | undefined) => {
    paint.setFont('F2', TABLE_SIZE);
    if (t === undefined) {
      paint.show('Number of orders', LEFT + CELL_PAD, y);
      paint.showRight(formatCount(orders.length), columns.amount, y);
      return;
    }
    paint.draw(totalIn.get(t.currency)!, LEFT + CELL_PAD, y);
    paint.setFont('F1', TABLE_SIZE);
    paint.show(`(${formatCount(t.count)} ${t.count === 1 ? 'order' : 'orders'})`, columns.status, y);
    paint.setFont('F2', TABLE_SIZE);
    paint.showRight(formatMinor(t.minor, t.digits), columns.amount, y);
    paint.draw(boldCurrencies.get(t.currency)!, columns.currency, y);
  };

  for (let p = 0; p < pageCount; p++) {
    const page = plan[p]!;
    const first = p === 0;
    const tableTop = first ? FIRST_TABLE_TOP : OTHER_TABLE_TOP;
    const rowsTop = tableTop - HEADER_HEIGHT;
    const rowsBottom = rowsTop - (page.rowEnd - page.rowStart) * ROW_HEIGHT;
    out.reset();

    // Fills: the header band, then every other row (zebra).
    if (page.table) {
      out.raw(HEADER_FILL + ' g\n');
      paint.band(rowsTop, HEADER_HEIGHT);
      out.raw('f\n' + ZEBRA + ' g\n');
      for (let r = 1; r < page.rowEnd - page.rowStart; r += 2)
        paint.band(rowsTop - (r + 1) * ROW_HEIGHT, ROW_HEIGHT);
      out.raw('f\n');
    }
    // Rules: under the running header, around the rows, above the footer.
    out.raw(RULE + ' G 0.5 w\n');
    if (!first) paint.rule(RUNNING_RULE);
    if (page.table) {
      paint.rule(rowsTop);
      paint.rule(rowsBottom);
    }
    paint.rule(FOOTER_RULE);
    out.raw('S\n');
    paint.beginText();

    // Title block (page 1) or running header (the others).
    if (first) {
      paint.setGrey(INK);
      paint.setFont('F2', TITLE_SIZE);
      paint.show(REPORT_TITLE, LEFT, FIRST_TITLE_BASELINE);
      meta.forEach(([label, value], i) => {
        const y = FIRST_META_BASELINE - i * META_LEADING;
        paint.setGrey(MUTED);
        paint.setFont('F1', META_SIZE);
        paint.show(label, LEFT, y);
        paint.setGrey(INK);
        paint.draw(value, LEFT + META_LABEL_WIDTH, y);
      });
    } else {
      paint.setGrey(MUTED);
      paint.setFont('F2', SMALL_SIZE);
      paint.show(REPORT_TITLE, LEFT, RUNNING_BASELINE);
      paint.setFont('F1', SMALL_SIZE);
      paint.draw(forOtherPages, forX, RUNNING_BASELINE);
      paint.drawRight(period, RIGHT, RUNNING_BASELINE);
    }

    if (orders.length === 0) {
      paint.setGrey(INK);
      paint.setFont('F1', 12);
      paint.show(NO_ORDERS_TEXT, LEFT, tableTop - 20);
    }

    if (page.table) {
      // The header row, labels aligned like their columns.
      const hy = tableTop - 13.5;
      paint.setGrey(INK);
      paint.setFont('F2', TABLE_SIZE);
      paint.showRight('Order', columns.id, hy);
      paint.show('Created (UTC)', columns.date, hy);
      if (columns.customer !== undefined) paint.showRight('Customer', columns.customer, hy);
      paint.show('Status', columns.status, hy);
      paint.showRight('Total', RIGHT - CELL_PAD, hy);

      paint.setFont('F1', TABLE_SIZE);
      let y = rowsTop - 10;
      for (let r = page.rowStart; r < page.rowEnd; r++, y -= ROW_HEIGHT) {
        const o = orders[r]!;
        paint.showRight(String(o.id), columns.id, y);
        paint.show(o.createdAt, columns.date, y);
        if (columns.customer !== undefined) paint.showRight(String(o.userId), columns.customer, y);
        paint.draw(statuses.get(o.status)!, columns.status, y);
        const digits = fractionDigits(o.total.currency);
        paint.showRight(formatMinor(toMinor(o.total.value, digits), digits), columns.amount, y);
        paint.draw(currencies.get(o.total.currency)!, columns.currency, y);
      }
    }

    if (page.totalsEnd > page.totalsStart) {
      let y = (page.table ? rowsBottom : tableTop) - TOTALS_GAP;
      paint.setGrey(INK);
      for (let line = page.totalsStart; line < page.totalsEnd; line++) {
        y -= TOTALS_LEADING;
        totalsLine(y + 4, line === 0 ? undefined : totals[line - 1]);
      }
    }

    // Footer: when, and "Page x of y".
    paint.setGrey(MUTED);
    paint.setFont('F1', SMALL_SIZE);
    paint.draw(footer, LEFT, FOOTER_BASELINE);
    paint.showRight(`Page ${p + 1} of ${pageCount}`, RIGHT, FOOTER_BASELINE);
    out.raw('ET\n');

    const stream = doc.context.stream(deflate(out.bytes()), { Filter: 'FlateDecode' });
    const pdfPage = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    pdfPage.node.set(PDFName.of('Resources'), resources);
    pdfPage.node.set(PDFName.of('Contents'), doc.context.register(stream));
  }

  const missing = await texts.finish();
  if (missing.length > 0) input.onMissingGlyphs?.(missing);
  return doc.save({ useObjectStreams: true, objectsPerTick: Number.POSITIVE_INFINITY });
};
