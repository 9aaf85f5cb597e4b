import { type PDFDocument, type PDFRef, StandardFonts } from 'pdf-lib';
import type { FontStyle } from '#functions/contracts/report-fonts';
import type { ReportFonts } from './text-engine';
import { textWidth, truncateToWidth, widthTable } from './text-metrics';
import { type ShapedText, UnicodeText } from './unicode-text';
import { exactWinAnsi } from './win-ansi';

/**
 * Every text of the report, ready to draw (docs/decisions/report-export.md D101). A text the
 * standard fonts print exactly (WinAnsi, which covers English and most of Western Europe) stays in
 * Helvetica, one byte a character, as fast as ever; any other text goes, whole, to the embedded
 * Noto fonts, which are only then loaded.
 */

export type StandardFont = 'F1' | 'F2';

export type Label =
  | { readonly kind: 'standard'; readonly font: StandardFont; readonly bytes: string }
  | { readonly kind: 'unicode'; readonly shaped: ShapedText };

const STANDARD: Readonly<Record<FontStyle, StandardFont>> = { regular: 'F1', bold: 'F2' };

export class ReportTexts {
  private unicode: Promise<UnicodeText> | undefined;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: ReportFonts | undefined,
    private readonly standard: Readonly<Record<StandardFont, PDFRef>>,
    /** The standard fonts' widths of each WinAnsi byte, in 1/1000 em. */
    readonly widths: Readonly<Record<StandardFont, Float64Array>>,
  ) {}

  static async create(doc: PDFDocument, fonts: ReportFonts | undefined): Promise<ReportTexts> {
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    return new ReportTexts(
      doc,
      fonts,
      { F1: regular.ref, F2: bold.ref },
      { F1: widthTable(regular), F2: widthTable(bold) },
    );
  }

  private embedded(): Promise<UnicodeText> {
    if (!this.fonts)
      throw new Error(
        'A report text needs the embedded fonts, and the renderer was given none (input.fonts).',
      );
    this.unicode ??= UnicodeText.open(this.fonts, this.doc.context);
    return this.unicode;
  }

  /** `text` in `style`. */
  async label(text: string, style: FontStyle): Promise<Label> {
    const bytes = exactWinAnsi(text);
    if (bytes !== undefined) return { kind: 'standard', font: STANDARD[style], bytes };
    return { kind: 'unicode', shaped: await (await this.embedded()).shape(text, style) };
  }

  /** `text` in `style`, shortened with an ellipsis to fit in `maxWidth` points at `size`. */
  async fitted(text: string, style: FontStyle, size: number, maxWidth: number): Promise<Label> {
    const bytes = exactWinAnsi(text);
    if (bytes === undefined)
      return { kind: 'unicode', shaped: await (await this.embedded()).fit(text, style, size, maxWidth) };
    const font = STANDARD[style];
    return { kind: 'standard', font, bytes: truncateToWidth(bytes, this.widths[font], size, maxWidth) };
  }

  /** Its width in points at `size`. */
  width(label: Label, size: number): number {
    return label.kind === 'standard'
      ? textWidth(label.bytes, this.widths[label.font], size)
      : (label.shaped.width * size) / 1000;
  }

  /** The font resources every page shares: the standard fonts and the embedded ones drawn from. */
  async fontResources(): Promise<Record<string, PDFRef>> {
    return { ...this.standard, ...(this.unicode ? await (await this.unicode).fontResources() : {}) };
  }

  /** Embeds the fonts drawn from, once every text is shaped; the characters no font had. */
  async finish(): Promise<string[]> {
    return this.unicode ? (await this.unicode).embed() : [];
  }
}
