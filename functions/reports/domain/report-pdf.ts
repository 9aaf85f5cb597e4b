import { deflateSync } from 'node:zlib';
import { PDFDocument, type PDFFont, PDFName, StandardFonts } from 'pdf-lib';
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
import { toWinAnsi, winAnsiChar } from './win-ansi';

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

// Geometry, in points (1/72 in). A4 portrait.
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN_X = 50;
const LEFT = MARGIN_X;
const RIGHT = PAGE_WIDTH - MARGIN_X;
const TOP = PAGE_HEIGHT - 48;
const FOOTER_BASELINE = 40;
const FOOTER_RULE = FOOTER_BASELINE + 12;
/** Nothing of the table goes below this line. */
const BODY_BOTTOM = FOOTER_RULE + 10;

const TITLE_SIZE = 20;
const META_SIZE = 10;
const META_LEADING = 15;
const META_LABEL_WIDTH = 80;
const SMALL_SIZE = 8;
const TABLE_SIZE = 9;
const HEADER_HEIGHT = 20;
const ROW_HEIGHT = 14;
const CELL_PAD = 6;

/** Page 1: title, then three lines (period, for whom, generated), then the table. */
const FIRST_TITLE_BASELINE = TOP - TITLE_SIZE + 4;
const FIRST_META_BASELINE = FIRST_TITLE_BASELINE - 28;
const FIRST_TABLE_TOP = FIRST_META_BASELINE - 2 * META_LEADING - 22;
/** Other pages: a running header line and a rule, then the table. */
const RUNNING_BASELINE = TOP - SMALL_SIZE;
const RUNNING_RULE = RUNNING_BASELINE - 6;
const OTHER_TABLE_TOP = RUNNING_RULE - 14;

const rowsFitting = (tableTop: number) => Math.floor((tableTop - HEADER_HEIGHT - BODY_BOTTOM) / ROW_HEIGHT);
/** How many order rows page 1 and each later page hold. */
export const ROWS_ON_FIRST_PAGE = rowsFitting(FIRST_TABLE_TOP);
export const ROWS_PER_PAGE = rowsFitting(OTHER_TABLE_TOP);

/** The totals, under the rule that closes the rows: one line for the count and one a currency. */
const TOTALS_GAP = 10;
const TOTALS_LEADING = 15;

// Grey levels (0 black .. 1 white).
const INK = '0.12';
const MUTED = '0.4';
const ZEBRA = '0.95';
const HEADER_FILL = '0.88';
const RULE = '0.55';

interface PagePlan {
  /** Order rows `[rowStart, rowEnd)` of the sorted list on this page. */
  readonly rowStart: number;
  readonly rowEnd: number;
  /** Whether the table (its header) appears on this page. */
  readonly table: boolean;
  /** Totals lines `[totalsStart, totalsEnd)` on this page, after its rows. */
  readonly totalsStart: number;
  readonly totalsEnd: number;
}

/**
 * Which rows and totals lines go on which page. The totals follow the last row when they fit
 * below it; otherwise they continue on the next page (as many pages as they need).
 */
export const planPages = (rowCount: number, totalsLines: number): PagePlan[] => {
  const pages: PagePlan[] = [];
  if (rowCount === 0) return [{ rowStart: 0, rowEnd: 0, table: false, totalsStart: 0, totalsEnd: 0 }];
  let row = 0;
  let line = 0;
  while (row < rowCount || line < totalsLines) {
    const first = pages.length === 0;
    const tableTop = first ? FIRST_TABLE_TOP : OTHER_TABLE_TOP;
    const table = row < rowCount;
    const rowEnd = Math.min(rowCount, row + rowsFitting(tableTop));
    let y = table ? tableTop - HEADER_HEIGHT - (rowEnd - row) * ROW_HEIGHT : tableTop;
    let lineEnd = line;
    if (rowEnd === rowCount) {
      y -= TOTALS_GAP;
      while (lineEnd < totalsLines && y - TOTALS_LEADING >= BODY_BOTTOM) {
        y -= TOTALS_LEADING;
        lineEnd++;
      }
    }
    pages.push({ rowStart: row, rowEnd, table, totalsStart: line, totalsEnd: lineEnd });
    row = rowEnd;
    line = lineEnd;
  }
  return pages;
};

/** Width of WinAnsi text in 1/1000 of the font size, from the font's metrics (no kerning: `Tj` does none). */
const widthTable = (font: PDFFont): Float64Array => {
  const widths = new Float64Array(256);
  const fallback = font.widthOfTextAtSize('?', 1000);
  for (let byte = 0; byte < 256; byte++) {
    const char = winAnsiChar(byte);
    widths[byte] = char === undefined ? fallback : font.widthOfTextAtSize(char, 1000);
  }
  return widths;
};

const textWidth = (bytes: string, widths: Float64Array, size: number) => {
  let units = 0;
  for (let i = 0; i < bytes.length; i++) units += widths[bytes.charCodeAt(i)]!;
  return (units * size) / 1000;
};

const ELLIPSIS = '\x85';

/** `bytes`, cut and ended with an ellipsis if wider than `maxWidth`. */
const truncateToWidth = (bytes: string, widths: Float64Array, size: number, maxWidth: number) => {
  if (textWidth(bytes, widths, size) <= maxWidth) return bytes;
  let end = bytes.length;
  while (end > 0 && textWidth(bytes.slice(0, end) + ELLIPSIS, widths, size) > maxWidth) end--;
  return bytes.slice(0, end).trimEnd() + ELLIPSIS;
};

interface Columns {
  /** Right edge of the order id. */
  readonly id: number;
  /** Left edge of the creation date. */
  readonly date: number;
  /** Right edge of the customer id, when the report spans several customers. */
  readonly customer: number | undefined;
  /** Left edge of the status. */
  readonly status: number;
  /** Right edge of the amount; the currency code follows it. */
  readonly amount: number;
  readonly currency: number;
}

const CURRENCY_X = RIGHT - CELL_PAD - 20;
const columnsFor = (withCustomer: boolean): Columns =>
  withCustomer
    ? {
        id: LEFT + 70,
        date: LEFT + 96,
        customer: LEFT + 262,
        status: LEFT + 292,
        amount: CURRENCY_X - 4,
        currency: CURRENCY_X,
      }
    : {
        id: LEFT + 70,
        date: LEFT + 96,
        customer: undefined,
        status: LEFT + 246,
        amount: CURRENCY_X - 4,
        currency: CURRENCY_X,
      };

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
