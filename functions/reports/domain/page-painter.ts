import { ContentWriter } from './content-writer';
import { LEFT, RIGHT } from './report-layout';
import type { Label, ReportTexts, StandardFont } from './report-text';
import { textWidth } from './text-metrics';

/**
 * Writes one page's content stream at a time into one reused buffer: rules and bands, and text in
 * a BT … ET block whose font, size and grey are emitted only when they change.
 */
export class PagePainter {
  readonly out = new ContentWriter();
  /** The font of the text state (an embedded one after a label in it), and the standard one set last. */
  private font = '';
  private standard: StandardFont = 'F1';
  private size = 0;
  private grey = '';

  constructor(private readonly texts: ReportTexts) {}

  /** Starts a text block: nothing of the state before it holds. */
  beginText(): void {
    this.out.raw('BT\n');
    this.font = '';
    this.standard = 'F1';
    this.size = 0;
    this.grey = '';
  }

  setFont(name: StandardFont, points: number): void {
    if (name !== this.font || points !== this.size)
      this.out
        .raw('/' + name + ' ')
        .num(points)
        .raw('Tf\n');
    this.font = name;
    this.standard = name;
    this.size = points;
  }

  setGrey(level: string): void {
    if (level !== this.grey) this.out.raw(level + ' g\n');
    this.grey = level;
  }

  /** WinAnsi `bytes` at (x, y) in the standard font set last (again, after a label in an embedded one). */
  show(bytes: string, x: number, y: number): void {
    this.setFont(this.standard, this.size);
    this.out.raw('1 0 0 1 ').num(x).num(y).raw('Tm ').literal(bytes).raw(' Tj\n');
  }

  showRight(bytes: string, right: number, y: number): void {
    this.show(bytes, right - textWidth(bytes, this.texts.widths[this.standard], this.size), y);
  }

  /** A label at (x, y) at the current size, in its own font or fonts. */
  draw(label: Label, x: number, y: number): void {
    if (label.kind === 'standard') {
      this.setFont(label.font, this.size);
      this.show(label.bytes, x, y);
      return;
    }
    const size = this.size;
    this.out.raw('1 0 0 1 ').num(x).num(y).raw('Tm\n');
    for (const piece of label.shaped.pieces) {
      if (piece.at !== undefined)
        this.out
          .raw('1 0 0 1 ')
          .num(x + (piece.at * size) / 1000)
          .num(y)
          .raw('Tm\n');
      if (piece.font !== this.font)
        this.out
          .raw('/' + piece.font + ' ')
          .num(size)
          .raw('Tf\n');
      this.font = piece.font;
      if (piece.rise !== 0) this.out.num((piece.rise * size) / 1000).raw('Ts\n');
      this.out.raw(piece.tj + ' TJ\n');
      if (piece.rise !== 0) this.out.raw('0 Ts\n');
    }
  }

  drawRight(label: Label, right: number, y: number): void {
    this.draw(label, right - this.texts.width(label, this.size), y);
  }

  /** A horizontal rule across the text column (stroked with the others). */
  rule(y: number): void {
    this.out.num(LEFT).num(y).raw('m ').num(RIGHT).num(y).raw('l\n');
  }

  /** A band across the text column (filled with the others). */
  band(y: number, height: number): void {
    this.out
      .num(LEFT)
      .num(y)
      .num(RIGHT - LEFT)
      .num(height)
      .raw('re\n');
  }
}
