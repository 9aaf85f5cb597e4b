/** The report's page geometry, in points (1/72 in, A4 portrait): margins, type sizes, rows a page, the
 * plan of what each page holds, and the table's columns. */
// Geometry, in points (1/72 in). A4 portrait.
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const MARGIN_X = 50;
export const LEFT = MARGIN_X;
export const RIGHT = PAGE_WIDTH - MARGIN_X;
export const TOP = PAGE_HEIGHT - 48;
export const FOOTER_BASELINE = 40;
export const FOOTER_RULE = FOOTER_BASELINE + 12;
/** Nothing of the table goes below this line. */
export const BODY_BOTTOM = FOOTER_RULE + 10;

export const TITLE_SIZE = 20;
export const META_SIZE = 10;
export const META_LEADING = 15;
export const META_LABEL_WIDTH = 80;
export const SMALL_SIZE = 8;
export const TABLE_SIZE = 9;
export const HEADER_HEIGHT = 20;
export const ROW_HEIGHT = 14;
export const CELL_PAD = 6;

/** Page 1: title, then three lines (period, for whom, generated), then the table. */
export const FIRST_TITLE_BASELINE = TOP - TITLE_SIZE + 4;
export const FIRST_META_BASELINE = FIRST_TITLE_BASELINE - 28;
export const FIRST_TABLE_TOP = FIRST_META_BASELINE - 2 * META_LEADING - 22;
/** Other pages: a running header line and a rule, then the table. */
export const RUNNING_BASELINE = TOP - SMALL_SIZE;
export const RUNNING_RULE = RUNNING_BASELINE - 6;
export const OTHER_TABLE_TOP = RUNNING_RULE - 14;

export const rowsFitting = (tableTop: number) =>
  Math.floor((tableTop - HEADER_HEIGHT - BODY_BOTTOM) / ROW_HEIGHT);
/** How many order rows page 1 and each later page hold. */
export const ROWS_ON_FIRST_PAGE = rowsFitting(FIRST_TABLE_TOP);
export const ROWS_PER_PAGE = rowsFitting(OTHER_TABLE_TOP);

/** The totals, under the rule that closes the rows: one line for the count and one a currency. */
export const TOTALS_GAP = 10;
export const TOTALS_LEADING = 15;

// Grey levels (0 black .. 1 white).
export const INK = '0.12';
export const MUTED = '0.4';
export const ZEBRA = '0.95';
export const HEADER_FILL = '0.88';
export const RULE = '0.55';

export interface PagePlan {
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

export interface Columns {
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

export const CURRENCY_X = RIGHT - CELL_PAD - 20;
export const columnsFor = (withCustomer: boolean): Columns =>
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
