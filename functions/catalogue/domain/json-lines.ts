import { INEXACT_NUMBER, inexactNumberPath } from '#commons/inexact-numbers';

/**
 * Reading a JSON Lines file (a catalogue or a stock file) and collecting what is wrong with it,
 * with line numbers counted from 1. Line 0 stands for the file as a whole (empty, too many lines, or a line
 * that should be there is missing).
 */

export interface LineError {
  readonly line: number;
  readonly message: string;
}

/** A file is refused with at most this many errors: enough to fix a pattern, short enough to read. */
export const MAX_REPORTED_ERRORS = 20;
/** Bounds memory and time: a catalogue of 100,000 products × 6 locations has 700,000 lines. */
export const MAX_LINES = 1_000_000;
/** The longest line the line schemas can accept is well below this (every string is bounded). */
export const MAX_LINE_CHARS = 262_144;
/**
 * A product is one table item, and DynamoDB takes at most 400 KB an item: in a script of three
 * bytes a character (Japanese, Chinese), 262,144 characters would not fit, so a line is bounded in
 * UTF-8 bytes too, with room for the item's keys and attribute names.
 */
export const MAX_LINE_BYTES = 350_000;

/** UTF-8 bytes of a line; only a line that could pass the bound (3 bytes at most a UTF-16 unit) is measured. */
const tooManyBytes = (raw: string) =>
  raw.length * 3 > MAX_LINE_BYTES && new TextEncoder().encode(raw).length > MAX_LINE_BYTES;

/** The first errors by line number, at most MAX_REPORTED_ERRORS of them. */
export class LineErrors {
  readonly #errors: LineError[] = [];

  add(line: number, message: string): void {
    const at = this.#errors.findIndex((e) => e.line > line);
    this.#errors.splice(at === -1 ? this.#errors.length : at, 0, { line, message });
    if (this.#errors.length > MAX_REPORTED_ERRORS) this.#errors.pop();
  }

  get full(): boolean {
    return this.#errors.length >= MAX_REPORTED_ERRORS;
  }

  get list(): readonly LineError[] {
    return this.#errors;
  }
}

const BYTE_ORDER_MARK = '\uFEFF';

/** How far a file was read: `complete` is false when the reading stopped early. */
export interface LinesRead {
  readonly lines: number;
  readonly complete: boolean;
}

const countLines = (body: string) => {
  let count = 1;
  for (let at = body.indexOf('\n'); at !== -1; at = body.indexOf('\n', at + 1)) count += 1;
  return count;
};

/**
 * Calls `onValue` with each line that is JSON, in order, until the errors are full. Blank lines
 * are allowed at the end only; `\r\n` line ends and a byte order mark are accepted. A file with
 * too many lines is refused before any line is parsed.
 */
export const readJsonLines = (
  text: string,
  errors: LineErrors,
  onValue: (value: unknown, line: number) => void,
  prefixOf: (value: unknown) => string = () => 'line',
): LinesRead => {
  const body = (text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text).trimEnd();
  if (body === '') {
    errors.add(0, 'the file is empty');
    return { lines: 0, complete: false };
  }
  const total = countLines(body);
  if (total > MAX_LINES) {
    errors.add(0, `the file has ${total} lines, more than the ${MAX_LINES} allowed`);
    return { lines: total, complete: false };
  }
  let line = 0;
  for (let start = 0; start <= body.length && !errors.full; line += 1) {
    const newline = body.indexOf('\n', start);
    const end = newline === -1 ? body.length : newline;
    const raw = body.slice(start, end > start && body[end - 1] === '\r' ? end - 1 : end);
    start = end + 1;
    if (raw.length > MAX_LINE_CHARS) errors.add(line + 1, `line is longer than ${MAX_LINE_CHARS} characters`);
    else if (tooManyBytes(raw)) errors.add(line + 1, `line is longer than ${MAX_LINE_BYTES} bytes of UTF-8`);
    else if (raw.trim() === '')
      errors.add(line + 1, 'line is blank (blank lines are allowed only at the end)');
    else parseLine(raw, line + 1, errors, onValue, prefixOf);
  }
  return { lines: line, complete: line === total };
};

const parseLine = (
  raw: string,
  line: number,
  errors: LineErrors,
  onValue: (value: unknown, line: number) => void,
  prefixOf: (value: unknown) => string,
) => {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    // JSON.parse's own message quotes the line: the report says only what is wrong.
    errors.add(line, 'line is not valid JSON');
    return;
  }
  // Numbers are kept as the file wrote them (docs/decisions/money.md D103): one a double would change is refused.
  const inexact = inexactNumberPath(raw);
  if (inexact !== undefined) {
    errors.add(line, `${prefixOf(value)}${inexact} ${INEXACT_NUMBER}`);
    return;
  }
  onValue(value, line);
};
