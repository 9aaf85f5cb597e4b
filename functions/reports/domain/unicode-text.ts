import type { PDFContext, PDFRef } from 'pdf-lib';
import { type FontFamily, type FontStyle, fileStyle } from '#functions/contracts/report-fonts';
import { EmbeddedFont, type PlacedGlyph } from './embedded-font';
import {
  askedFamilies,
  familiesToTry,
  hanFamilyOf,
  INVISIBLE,
  logicalRuns,
  type TextRun,
  visualOrder,
} from './font-choice';
import type { ReportFonts, TextEngine } from './text-engine';

/**
 * Texts in any script, for the report's embedded fonts (docs/decisions/report-export.md D101):
 * each character's family chosen by its script and by which font has its glyph, the Unicode bidi
 * algorithm for the order (a left-to-right paragraph, as the report's layout is), each run shaped
 * by fontkit (Arabic joining and ligatures, marks, kerning), drawn left to right.
 *
 * Each right-to-left stretch is drawn between an invisible right-to-left mark and an invisible
 * left-to-right one. They change nothing on the page (no width, no ink, and the characters
 * around them keep their direction) but they tell text extraction where the stretch starts and
 * ends. Poppler, reading a line left to right, reverses each right-to-left stretch from its first
 * right-to-left letter to the next left-to-right letter or digit: without the marks it would
 * take the spaces and punctuation after the stretch into the reversal (`محمد (a)` read as
 * `( محمدa)`), and leave out a parenthesis it starts with.
 */

/** Drawn text: glyphs of one font at one rise, as a TJ array, in the order they are drawn. */
export interface TextPiece {
  readonly font: string;
  /** The TJ array's operand, `[<0001 0002> -12.5 <0003>]`. */
  readonly tj: string;
  /** Raised by this much (1/1000 em), for marks that shaping lifts or lowers. */
  readonly rise: number;
  /** Drawn this far from the text's start (1/1000 em) rather than where the last piece ended. */
  readonly at?: number;
}

export interface ShapedText {
  /** The advance of the whole text, in 1/1000 em. */
  readonly width: number;
  readonly pieces: readonly TextPiece[];
}

const ELLIPSIS = '…';
const LRM = '\u200e';
const RLM = '\u200f';

/** A TJ adjustment in hundredths, as the number PDF moves the pen back by. */
const adjustment = (hundredths: number) => String(-hundredths / 100);
const hex4 = (cid: number) => `<${cid.toString(16).padStart(4, '0')}>`;

/**
 * Glyphs of one font as TJ pieces, split where the rise changes; `start` is where the first one
 * is drawn from the text's start (hundredths of 1/1000 em). A silent mark that is raised or
 * lowered goes to `apart`, drawn after the whole text at its own place: poppler takes a glyph off
 * the baseline for the start of another line, even one that extracts as nothing, and would cut
 * the text there.
 */
const piecesOf = (
  font: string,
  glyphs: readonly PlacedGlyph[],
  start: number,
  apart: TextPiece[],
): TextPiece[] => {
  const pieces: TextPiece[] = [];
  let items: string[] = [];
  let rise = 0;
  let pending = 0;
  let pen = start;
  const flush = () => {
    if (pending !== 0) items.push(adjustment(pending));
    pending = 0;
    if (items.length > 0) pieces.push({ font, tj: `[${items.join(' ')}]`, rise: rise / 100 });
    items = [];
  };
  for (const g of glyphs) {
    if (g.silent && g.dy !== 0) {
      apart.push({ font, tj: `[${hex4(g.cid)}]`, rise: g.dy / 100, at: (pen + g.dx) / 100 });
      pending += g.advance;
      pen += g.advance;
      continue;
    }
    if (g.dy !== rise) {
      flush();
      rise = g.dy;
    }
    pending += g.dx;
    if (pending !== 0) items.push(adjustment(pending));
    items.push(hex4(g.cid));
    pending = g.advance - g.width - g.dx;
    pen += g.advance;
  }
  flush();
  return pieces;
};

export class UnicodeText {
  private readonly faces = new Map<string, Promise<EmbeddedFont>>();
  private readonly shaped = new Map<string, Promise<ShapedText>>();

  private constructor(
    private readonly engine: TextEngine,
    private readonly fonts: ReportFonts,
    private readonly context: PDFContext,
  ) {}

  static async open(fonts: ReportFonts, context: PDFContext): Promise<UnicodeText> {
    return new UnicodeText(await fonts.engine(), fonts, context);
  }

  private face(family: FontFamily, asked: FontStyle): Promise<EmbeddedFont> {
    const style = fileStyle(family, asked);
    const key = `${family} ${style}`;
    let face = this.faces.get(key);
    if (!face) {
      const name = `Noto${family[0]!.toUpperCase()}${family.slice(1)}${style === 'bold' ? 'Bold' : ''}`;
      face = this.fonts.font(family, style).then((font) => new EmbeddedFont(font, name, this.context));
      this.faces.set(key, face);
    }
    return face;
  }

  /** `text` shaped in `style`, once per text and style however often it is drawn. */
  shape(text: string, style: FontStyle): Promise<ShapedText> {
    const key = `${style} ${text}`;
    let shaped = this.shaped.get(key);
    if (!shaped) {
      shaped = this.shapeOnce(text, style);
      this.shaped.set(key, shaped);
    }
    return shaped;
  }

  /**
   * `text` shaped; a part of a longer text keeps the longer one's Han family, and a draft, which
   * only measures, adds no glyph to the fonts.
   */
  private async shapeOnce(
    text: string,
    style: FontStyle,
    hanFamily = hanFamilyOf(text),
    draft = false,
  ): Promise<ShapedText> {
    const chars = askedFamilies(text, hanFamily);
    // The first family whose font has the glyph; none has it: the one asked for shows its .notdef.
    for (const c of chars) {
      if (INVISIBLE.test(c.char)) continue;
      for (const family of familiesToTry(c.family, hanFamily)) {
        if ((await this.face(family, style)).has(c.char.codePointAt(0)!)) {
          c.family = family;
          break;
        }
      }
    }
    const bidi = this.engine.bidi;
    const levels = bidi.getEmbeddingLevels(text, 'ltr').levels;
    const runs = visualOrder(logicalRuns(chars, levels, text.length));
    const mirror = (char: string) => bidi.getMirroredCharacter(char) ?? char;
    const rightToLeft = (run: TextRun | undefined) => run !== undefined && run.level % 2 === 1;
    const pieces: TextPiece[] = [];
    const apart: TextPiece[] = [];
    let width = 0;
    for (let r = 0; r < runs.length; r++) {
      const run = runs[r]!;
      const face = await this.face(run.family, style);
      const rtl = rightToLeft(run);
      const glyphs = face.shape([...text.slice(run.start, run.end)], rtl, mirror, draft);
      // Marks where a right-to-left stretch starts and ends, for text extraction (see above).
      if (rtl && !rightToLeft(runs[r - 1])) glyphs.unshift(face.invisible(RLM, draft));
      if (rtl && !rightToLeft(runs[r + 1])) glyphs.push(face.invisible(LRM, draft));
      pieces.push(...piecesOf(face.name, glyphs, width, apart));
      for (const g of glyphs) width += g.advance;
    }
    pieces.push(...apart);
    return { width: width / 100, pieces };
  }

  /**
   * `text` as is when it fits in `maxWidth` points at `size`, else cut after the most whole
   * characters (grapheme clusters: a letter keeps its marks) that fit with an ellipsis.
   */
  async fit(text: string, style: FontStyle, size: number, maxWidth: number): Promise<ShapedText> {
    const han = hanFamilyOf(text);
    const fits = async (candidate: string) =>
      ((await this.shapeOnce(candidate, style, han, true)).width * size) / 1000 <= maxWidth;
    if (await fits(text)) return this.shape(text, style);
    const graphemes = [...new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(text)].map(
      (s) => s.segment,
    );
    const cut = (count: number) => graphemes.slice(0, count).join('').trimEnd() + ELLIPSIS;
    // Most characters that fit: widths grow with the count, so halve the range. Only the text
    // drawn takes glyphs in the fonts.
    let low = 0;
    let high = graphemes.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (await fits(cut(middle))) low = middle;
      else high = middle - 1;
    }
    return this.shapeOnce(cut(low), style, han);
  }

  /** The fonts drawn from, by resource name. */
  async fontResources(): Promise<Record<string, PDFRef>> {
    const used = (await Promise.all(this.faces.values())).filter((f) => f.used);
    return Object.fromEntries(used.map((f) => [f.name, f.ref]));
  }

  /** Embeds every font drawn from; the characters no font had, which show as boxes. */
  async embed(): Promise<string[]> {
    const missing = new Set<string>();
    for (const face of await Promise.all(this.faces.values())) {
      if (!face.used) continue;
      face.embed();
      for (const m of face.missing) missing.add(m);
    }
    return [...missing];
  }
}
