import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import type { OrderRecord } from '../../orders/domain/order';
import { ContentWriter } from './content-writer';
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
import { textWidth, truncateToWidth, widthTable } from './text-metrics';
import { toWinAnsi } from './win-ansi';

/**
 * The orders report as a PDF: A4 portrait, a title block on the first page, a running header on
 * the others, a table of orders whose header row repeats on every page, the totals after the
 * last row and "Page x of y" in every footer.
 *
 * It scales to 100,000 orders by writing each page's content stream itself: raw PDF operators
 * with the standard Helvetica fonts (WinAnsi, one byte a character), text widths from a
 * 256-entry table, one compressed stream per page and no object per cell. Pages share one
 * resource dictionary. A page's operators are written as bytes into one reused buffer
 * (`ContentWriter`), so no page text accumulates on the heap.
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

/** The words of the status column, computed once per status. */
const statusCells = new Map<string, string>();
const statusCell = (status: string) => {
  let cell = statusCells.get(status);
  if (cell === undefined) {
    cell = toWinAnsi(statusLabel(status));
    statusCells.set(status, cell);
  }
  return cell;
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

  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const widths = { F1: widthTable(regular), F2: widthTable(bold) };
  const resources = doc.context.register(
    doc.context.obj({ Font: { F1: regular.ref, F2: bold.ref }, ProcSet: ['PDF', 'Text'] }),
  );

  const period = toWinAnsi(`${input.startDate} to ${input.endDate}`);
  const preparedFor = toWinAnsi(input.preparedFor);
  const generated = toWinAnsi(formatUtc(input.generatedAt));
  const currencies = new Map(totals.map((t) => [t.currency, toWinAnsi(t.currency)]));
  const plan = planPages(orders.length, 1 + totals.length);
  const pageCount = plan.length;

  const out = new ContentWriter();
  // Text state of the current BT … ET, to emit Tf and g only when they change.
  let font: 'F1' | 'F2' = 'F1';
  let size = 0;
  let grey = '';
  const setFont = (name: 'F1' | 'F2', points: number) => {
    if (name !== font || points !== size)
      out
        .raw('/' + name + ' ')
        .num(points)
        .raw('Tf\n');
    font = name;
    size = points;
  };
  const setGrey = (level: string) => {
    if (level !== grey) out.raw(level + ' g\n');
    grey = level;
  };
  /** WinAnsi `bytes` at (x, y) in the current font. */
  const show = (bytes: string, x: number, y: number) => {
    out.raw('1 0 0 1 ').num(x).num(y).raw('Tm ').literal(bytes).raw(' Tj\n');
  };
  const showRight = (bytes: string, right: number, y: number) =>
    show(bytes, right - textWidth(bytes, widths[font], size), y);
  const rule = (y: number) => {
    out.num(LEFT).num(y).raw('m ').num(RIGHT).num(y).raw('l\n');
  };
  const band = (y: number, height: number) => {
    out
      .num(LEFT)
      .num(y)
      .num(RIGHT - LEFT)
      .num(height)
      .raw('re\n');
  };

  const totalsLine = (y: number, t: CurrencyTotal | undefined) => {
    setFont('F2', TABLE_SIZE);
    if (t === undefined) {
      show('Number of orders', LEFT + CELL_PAD, y);
      showRight(formatCount(orders.length), columns.amount, y);
      return;
    }
    show('Total in ' + currencies.get(t.currency)!, LEFT + CELL_PAD, y);
    setFont('F1', TABLE_SIZE);
    show(`(${formatCount(t.count)} ${t.count === 1 ? 'order' : 'orders'})`, columns.status, y);
    setFont('F2', TABLE_SIZE);
    showRight(formatMinor(t.minor, t.digits), columns.amount, y);
    show(currencies.get(t.currency)!, columns.currency, y);
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
      band(rowsTop, HEADER_HEIGHT);
      out.raw('f\n' + ZEBRA + ' g\n');
      for (let r = 1; r < page.rowEnd - page.rowStart; r += 2)
        band(rowsTop - (r + 1) * ROW_HEIGHT, ROW_HEIGHT);
      out.raw('f\n');
    }
    // Rules: under the running header, around the rows, above the footer.
    out.raw(RULE + ' G 0.5 w\n');
    if (!first) rule(RUNNING_RULE);
    if (page.table) {
      rule(rowsTop);
      rule(rowsBottom);
    }
    rule(FOOTER_RULE);
    out.raw('S\nBT\n');
    font = 'F1';
    size = 0;
    grey = '';

    // Title block (page 1) or running header (the others).
    if (first) {
      setGrey(INK);
      setFont('F2', TITLE_SIZE);
      show(REPORT_TITLE, LEFT, FIRST_TITLE_BASELINE);
      const meta: [string, string][] = [
        ['Period', period],
        ['Prepared for', preparedFor],
        ['Generated', generated],
      ];
      meta.forEach(([label, value], i) => {
        const y = FIRST_META_BASELINE - i * META_LEADING;
        setGrey(MUTED);
        setFont('F1', META_SIZE);
        show(label, LEFT, y);
        setGrey(INK);
        show(
          truncateToWidth(value, widths.F1, META_SIZE, RIGHT - LEFT - META_LABEL_WIDTH),
          LEFT + META_LABEL_WIDTH,
          y,
        );
      });
    } else {
      setGrey(MUTED);
      setFont('F2', SMALL_SIZE);
      show(REPORT_TITLE, LEFT, RUNNING_BASELINE);
      setFont('F1', SMALL_SIZE);
      const forX = LEFT + textWidth(REPORT_TITLE, widths.F2, SMALL_SIZE) + 8;
      const forWidth = RIGHT - textWidth(period, widths.F1, SMALL_SIZE) - 16 - forX;
      show(truncateToWidth(preparedFor, widths.F1, SMALL_SIZE, forWidth), forX, RUNNING_BASELINE);
      showRight(period, RIGHT, RUNNING_BASELINE);
    }

    if (orders.length === 0) {
      setGrey(INK);
      setFont('F1', 12);
      show(NO_ORDERS_TEXT, LEFT, tableTop - 20);
    }

    if (page.table) {
      // The header row, labels aligned like their columns.
      const hy = tableTop - 13.5;
      setGrey(INK);
      setFont('F2', TABLE_SIZE);
      showRight('Order', columns.id, hy);
      show('Created (UTC)', columns.date, hy);
      if (columns.customer !== undefined) showRight('Customer', columns.customer, hy);
      show('Status', columns.status, hy);
      showRight('Total', RIGHT - CELL_PAD, hy);

      setFont('F1', TABLE_SIZE);
      let y = rowsTop - 10;
      for (let r = page.rowStart; r < page.rowEnd; r++, y -= ROW_HEIGHT) {
        const o = orders[r]!;
        showRight(String(o.id), columns.id, y);
        show(o.createdAt, columns.date, y);
        if (columns.customer !== undefined) showRight(String(o.userId), columns.customer, y);
        show(statusCell(o.status), columns.status, y);
        const digits = fractionDigits(o.total.currency);
        showRight(formatMinor(toMinor(o.total.value, digits), digits), columns.amount, y);
        show(currencies.get(o.total.currency)!, columns.currency, y);
      }
    }

    if (page.totalsEnd > page.totalsStart) {
      let y = (page.table ? rowsBottom : tableTop) - TOTALS_GAP;
      setGrey(INK);
      for (let line = page.totalsStart; line < page.totalsEnd; line++) {
        y -= TOTALS_LEADING;
        totalsLine(y + 4, line === 0 ? undefined : totals[line - 1]);
      }
    }

    // Footer: when, and "Page x of y".
    setGrey(MUTED);
    setFont('F1', SMALL_SIZE);
    show('Generated ' + generated, LEFT, FOOTER_BASELINE);
    showRight(`Page ${p + 1} of ${pageCount}`, RIGHT, FOOTER_BASELINE);
    out.raw('ET\n');

    const stream = doc.context.stream(deflate(out.bytes()), { Filter: 'FlateDecode' });
    const pdfPage = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    pdfPage.node.set(PDFName.of('Resources'), resources);
    pdfPage.node.set(PDFName.of('Contents'), doc.context.register(stream));
  }

  return doc.save({ useObjectStreams: true, objectsPerTick: Number.POSITIVE_INFINITY });
};
