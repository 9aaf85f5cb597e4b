import { createHash } from 'node:crypto';
import { type PDFContext, type PDFRef, PDFString } from 'pdf-lib';
import { INVISIBLE } from './font-choice';
import type { Font, Glyph } from './text-engine';

/**
 * One TrueType font embedded as a subset of the glyphs the report uses: a Type 0 font of
 * CIDFontType2, its own CIDs numbered from 1 in the order of first use, a CIDToGIDMap into the
 * subset, widths from the font's metrics and a ToUnicode map giving each CID the exact text it
 * stands for (docs/decisions/report-export.md D101). A CID is a glyph *and* its text, so one glyph
 * drawn for two texts (a mirrored parenthesis, a Kangxi radical and its ideograph) extracts as each.
 *
 * Amounts here are in hundredths of 1/1000 em (integers), the unit of a TJ adjustment times 100,
 * so widths, adjustments and the text's total advance add up without rounding drift.
 */

/** A glyph placed by shaping. */
export interface PlacedGlyph {
  readonly cid: number;
  /** Its advance in the font's widths (`W`), and the advance shaping gives it (kerning, marks). */
  readonly width: number;
  readonly advance: number;
  /** Where shaping puts it from the pen. */
  readonly dx: number;
  readonly dy: number;
  /** Extracts as nothing: a right-to-left letter's mark, whose text goes with the letter. */
  readonly silent: boolean;
}

interface CidEntry {
  readonly gid: number;
  readonly text: string;
  readonly width: number;
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0');
const utf16Hex = (text: string) => {
  let out = '';
  for (let i = 0; i < text.length; i++) out += hex4(text.charCodeAt(i));
  return out;
};

/**
 * fontkit keeps one Glyph object per glyph id, holding the code points of the text it was first
 * made for, and shaping copies those: a glyph first made for a composed `A` + `◌́` would count two
 * characters wherever `Á` is typed whole, in every later text and report. Each call gets its own
 * view of the glyph with the code points it was asked for, so a run's glyphs count exactly the
 * characters they were shaped from.
 */
const withOwnCodePoints = new WeakSet<Font>();
const MARK = /^\p{M}$/u;
const MARKS = /^\p{M}+$/u;
const ownCodePoints = (font: Font) => {
  if (withOwnCodePoints.has(font)) return;
  const shared = font.getGlyph.bind(font);
  font.getGlyph = (id: number, codePoints: number[] = []) =>
    Object.create(shared(id, codePoints), { codePoints: { value: codePoints } }) as Glyph;
  withOwnCodePoints.add(font);
};

/**
 * The texts of a right-to-left run's glyphs (left to right) as extraction reads them back. A
 * letter's marks (harakat, niqqud) come before it, drawn over it at no width: the letter extracts
 * as itself and its marks, the marks as nothing, as poppler, reading a line by position, would
 * set a mark apart from its letter. A glyph of several characters holds them in the order they
 * are drawn, right to left, for poppler reverses each right-to-left stretch character by character.
 */
const rightToLeftTexts = (texts: string[]) => {
  let marks: number[] = [];
  texts.forEach((text, i) => {
    if (text === '') return; // a glyph shaping added for no character (a dotless letter's dots)
    if (MARKS.test(text)) marks.push(i);
    else if (marks.length > 0) {
      texts[i] =
        text +
        marks
          .map((m) => texts[m])
          .reverse()
          .join('');
      for (const m of marks) texts[m] = '';
      marks = [];
    }
  });
  texts.forEach((text, i) => {
    texts[i] = [...text].reverse().join('');
  });
};

export class EmbeddedFont {
  private readonly subset;
  private readonly cids = new Map<string, number>();
  private readonly entries: CidEntry[] = [];
  /** The hundredths of 1/1000 em in a font unit. */
  private readonly scale: number;
  /** The characters no glyph of this font draws (shown as its .notdef). */
  readonly missing = new Set<string>();

  private reference: PDFRef | undefined;

  constructor(
    readonly font: Font,
    /** Its name in the pages' resources (`NotoLatin`, `NotoArabicBold`…). */
    readonly name: string,
    private readonly context: PDFContext,
  ) {
    ownCodePoints(font);
    this.subset = font.createSubset();
    this.scale = 100_000 / font.unitsPerEm;
  }

  /** Its object, numbered when first asked for: a font only looked into for a glyph has none. */
  get ref(): PDFRef {
    this.reference ??= this.context.nextRef();
    return this.reference;
  }

  has(codePoint: number): boolean {
    return this.font.hasGlyphForCodePoint(codePoint);
  }

  private cid(glyph: Glyph, text: string, width: number): number {
    const key = `${glyph.id}:${width}:${text}`;
    let cid = this.cids.get(key);
    if (cid === undefined) {
      // fontkit returns the glyph's id in the subset (@types/fontkit says boolean).
      const gid = this.subset.includeGlyph(glyph) as unknown as number;
      this.entries.push({ gid, text, width });
      cid = this.entries.length;
      this.cids.set(key, cid);
    }
    return cid;
  }

  /** An empty glyph of no width that extracts as `text` (joiners, bidi marks). */
  invisible(text: string, draft = false): PlacedGlyph {
    const cid = draft ? 0 : this.cid(this.font.glyphForCodePoint(0x20), text, 0);
    return { cid, width: 0, advance: 0, dx: 0, dy: 0, silent: false };
  }

  /**
   * What is shaped for each character of a run, and the text it stands for: a letter followed
   * by combining marks is shaped as its precomposed character when there is one and the font has
   * it (`A` + `◌́` as `Á`), the glyph its designer drew for the pair, extracting as typed. Other
   * marks are placed where the font's mark positioning puts them.
   */
  private units(chars: readonly string[]): { shaped: string; text: string }[] {
    const units: { shaped: string; text: string }[] = [];
    for (let i = 0; i < chars.length; i++) {
      let end = i + 1;
      while (end < chars.length && MARK.test(chars[end]!)) end++;
      const cluster = chars.slice(i, end).join('');
      const composed = cluster.normalize('NFC');
      if (end > i + 1 && [...composed].length === 1 && this.has(composed.codePointAt(0)!)) {
        units.push({ shaped: composed, text: cluster });
        i = end - 1;
      } else units.push({ shaped: chars[i]!, text: chars[i]! });
    }
    return units;
  }

  /**
   * A run shaped, its glyphs left to right. `chars` are the run's characters in logical order; a
   * right-to-left run is shaped with its mirrored characters swapped (`(` for `)`). Each glyph
   * extracts as the characters it was shaped from, counted off the run (a ligature counts its
   * parts): so a mirrored glyph extracts as the character typed, and a joiner fontkit hides, which
   * it gives as a space, as the joiner. A draft only measures: its glyphs take no CID.
   */
  shape(
    chars: readonly string[],
    rtl: boolean,
    mirror: (char: string) => string,
    draft = false,
  ): PlacedGlyph[] {
    const units = this.units(chars);
    const input = units.map((u) => (rtl ? mirror(u.shaped) : u.shaped)).join('');
    // rtlm off: the Unicode mirroring is done, a font's own would swap a pair back.
    const run = this.font.layout(
      input,
      rtl ? { rtlm: false } : [],
      undefined,
      undefined,
      rtl ? 'rtl' : 'ltr',
    );
    const order = rtl ? [...units].reverse() : units;
    let next = 0;
    const texts = run.glyphs.map((glyph) => {
      const from = order.slice(next, next + glyph.codePoints.length);
      next += from.length;
      return (rtl ? from.reverse() : from).map((u) => u.text).join('');
    });
    if (rtl) rightToLeftTexts(texts);
    return run.glyphs.map((glyph, i) => {
      const text = texts[i]!;
      if (INVISIBLE.test(text)) return this.invisible(text, draft);
      if (glyph.id === 0 && !draft) this.missing.add(text);
      const position = run.positions[i]!;
      const width = Math.round(glyph.advanceWidth * this.scale);
      return {
        cid: draft ? 0 : this.cid(glyph, text, width),
        width,
        advance: Math.round(position.xAdvance * this.scale),
        dx: Math.round(position.xOffset * this.scale),
        dy: Math.round(position.yOffset * this.scale),
        silent: text === '',
      };
    });
  }

  /** Whether any glyph was used: a font never drawn from is not embedded. */
  get used(): boolean {
    return this.entries.length > 0;
  }

  /** Writes the font's objects; called once, after the last text is shaped. */
  embed(): void {
    const { font, context } = this;
    const em = 1000 / font.unitsPerEm;
    // A subset's name starts with six capitals of its own: derived from its glyphs, so the same
    // report is the same bytes.
    const tag = [
      ...createHash('sha256')
        .update(this.entries.map((e) => e.gid).join(','))
        .digest(),
    ]
      .slice(0, 6)
      .map((b) => String.fromCharCode(65 + (b % 26)))
      .join('');
    const baseFont = `${tag}+${font.postscriptName}`;
    const descriptor = context.register(
      context.obj({
        Type: 'FontDescriptor',
        FontName: baseFont,
        Flags: 4, // symbolic: its glyphs are reached by CID, not by a standard encoding
        FontBBox: [font.bbox.minX, font.bbox.minY, font.bbox.maxX, font.bbox.maxY].map((v) =>
          Math.round(v * em),
        ),
        ItalicAngle: font.italicAngle,
        Ascent: Math.round(font.ascent * em),
        Descent: Math.round(font.descent * em),
        CapHeight: Math.round((font.capHeight || font.ascent) * em),
        StemV: 80,
        FontFile2: context.register(context.flateStream(this.subset.encode())),
      }),
    );
    const cidToGid = new Uint8Array(2 * (this.entries.length + 1));
    this.entries.forEach((e, i) => {
      cidToGid[2 * (i + 1)] = e.gid >> 8;
      cidToGid[2 * (i + 1) + 1] = e.gid & 0xff;
    });
    const cidFont = context.register(
      context.obj({
        Type: 'Font',
        Subtype: 'CIDFontType2',
        BaseFont: baseFont,
        CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
        FontDescriptor: descriptor,
        W: [1, this.entries.map((e) => e.width / 100)],
        CIDToGIDMap: context.register(context.flateStream(cidToGid)),
      }),
    );
    context.assign(
      this.ref,
      context.obj({
        Type: 'Font',
        Subtype: 'Type0',
        BaseFont: baseFont,
        Encoding: 'Identity-H',
        DescendantFonts: [cidFont],
        ToUnicode: context.register(context.flateStream(this.toUnicode())),
      }),
    );
  }

  /** The ToUnicode CMap: each CID's text, at most 100 entries a block as the CMap format allows. */
  private toUnicode(): string {
    // A glyph shaping added for no character of its own (a decomposition's second part) has none.
    const mapped = this.entries.flatMap((e, i) => (e.text ? [`<${hex4(i + 1)}> <${utf16Hex(e.text)}>`] : []));
    const blocks: string[] = [];
    for (let start = 0; start < mapped.length; start += 100) {
      const block = mapped.slice(start, start + 100);
      blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
    }
    return [
      '/CIDInit /ProcSet findresource begin',
      '12 dict begin',
      'begincmap',
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
      '/CMapName /Adobe-Identity-UCS def',
      '/CMapType 2 def',
      '1 begincodespacerange',
      '<0000> <FFFF>',
      'endcodespacerange',
      ...blocks,
      'endcmap',
      'CMapName currentdict /CMap defineresource pop',
      'end',
      'end',
    ].join('\n');
  }
}
