import { execFileSync, spawnSync } from 'node:child_process';
import * as fontkit from 'fontkit';
import {
  decodePDFRawStream,
  type PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
} from 'pdf-lib';

/**
 * What a report's PDF says of its fonts, read from its own bytes, independently of the renderer
 * (docs/decisions/report-export.md D101): which fonts poppler sees and whether each is embedded
 * with a ToUnicode map, and for every embedded font every glyph it can show, so a test can say
 * that no character shows as a missing-glyph box; and where poppler places its words, and what
 * its pages look like.
 */

/** A row of `pdffonts`: name, whether embedded, subset, and with a ToUnicode map. */
export interface PdfFontRow {
  readonly name: string;
  readonly embedded: boolean;
  readonly subset: boolean;
  readonly unicode: boolean;
}

/** The fonts a PDF uses, as poppler's pdffonts lists them. */
export const pdfFonts = (pdf: Uint8Array): PdfFontRow[] => {
  const lines = execFileSync('pdffonts', ['-'], { input: pdf, encoding: 'utf8' }).trim().split('\n').slice(2);
  return lines.map((line) => {
    // name type… encoding emb sub uni object ID: the flags are the fifth to third fields from the end.
    const fields = line.trim().split(/\s+/);
    const flag = (fromEnd: number) => fields[fields.length - fromEnd] === 'yes';
    return { name: fields[0]!, embedded: flag(5), subset: flag(4), unicode: flag(3) };
  });
};

/** The standard 14 fonts: every reader has them, so they are never embedded, and only carry WinAnsi text. */
export const STANDARD_FONTS = /^(Helvetica|Times|Courier|Symbol|ZapfDingbats)(-|$)/;

/** A glyph an embedded font can show: its CID, its glyph id, the text it extracts as. */
export interface ShownGlyph {
  readonly font: string;
  readonly cid: number;
  readonly gid: number;
  readonly text: string;
  /** Whether the glyph has an outline. */
  readonly inked: boolean;
}

const bytesOf = (doc: PDFDocument, ref: unknown): Uint8Array => {
  const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
  if (!(stream instanceof PDFRawStream)) throw new Error('Expected a stream');
  return decodePDFRawStream(stream).decode();
};

/** The `<cid> <utf16>` pairs of a ToUnicode CMap's bfchar blocks. */
const toUnicode = (cmap: string) =>
  new Map(
    [...cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)]
      .flatMap(([, block]) => [...block!.matchAll(/<([0-9a-f]{4})>\s*<([0-9a-f]+)>/gi)])
      .map(([, cid, hex]) => [
        Number.parseInt(cid!, 16),
        String.fromCharCode(...hex!.match(/.{4}/g)!.map((h) => Number.parseInt(h, 16))),
      ]),
  );

/** Every glyph of every embedded Type 0 font of the PDF. */
export const shownGlyphs = async (pdf: Uint8Array): Promise<ShownGlyph[]> => {
  const doc = await PDFDocument.load(pdf);
  const shown: ShownGlyph[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Subtype')) !== PDFName.of('Type0')) continue;
    const name = object.get(PDFName.of('BaseFont'))!.toString().slice(1);
    const cidFont = doc.context.lookup(
      (object.get(PDFName.of('DescendantFonts')) as PDFArray).get(0),
      PDFDict,
    );
    const descriptor = doc.context.lookup(cidFont.get(PDFName.of('FontDescriptor')), PDFDict);
    const file = fontkit.create(
      Buffer.from(bytesOf(doc, descriptor.get(PDFName.of('FontFile2')))),
    ) as fontkit.Font;
    const map = bytesOf(doc, cidFont.get(PDFName.of('CIDToGIDMap')));
    const texts = toUnicode(
      Buffer.from(bytesOf(doc, object.get(PDFName.of('ToUnicode')))).toString('latin1'),
    );
    for (const [cid, text] of texts) {
      const gid = (map[2 * cid]! << 8) | map[2 * cid + 1]!;
      shown.push({ font: name, cid, gid, text, inked: file.getGlyph(gid).path.commands.length > 0 });
    }
  }
  return shown;
};

/** Texts that need no ink: spaces and invisible characters (joiners, bidi marks). */
const BLANK = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}]+$/u;

/** The glyphs that would show as a missing-glyph box or as nothing: the .notdef, or no outline for a visible text. */
export const missingGlyphs = (glyphs: readonly ShownGlyph[]): ShownGlyph[] =>
  glyphs.filter((g) => g.gid === 0 || (!g.inked && !BLANK.test(g.text)));

/** pdftotext's text less the bidi controls poppler writes around a right-to-left stretch and the marks the report adds. */
export const withoutBidiControls = (text: string) =>
  text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');

/** A word as poppler places it on a page, in points from the page's top left. */
export interface PlacedWord {
  readonly word: string;
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
}

/** A page's words (`pdftotext -bbox`), 1 the first page. */
export const pageWords = (pdf: Uint8Array, page: number): PlacedWord[] =>
  [
    ...execFileSync('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), '-', '-'], {
      input: pdf,
      encoding: 'utf8',
    }).matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g),
  ].map(([, xMin, yMin, xMax, yMax, word]) => ({
    word: word!,
    xMin: Number(xMin),
    yMin: Number(yMin),
    xMax: Number(xMax),
    yMax: Number(yMax),
  }));

/** A page rendered by poppler in grey, one pixel a point (0 black … 255 white), and what poppler said on stderr. */
export const renderedPage = (pdf: Uint8Array, page: number) => {
  const rendered = spawnSync('pdftoppm', ['-gray', '-r', '72', '-f', String(page), '-l', String(page), '-'], {
    input: pdf,
  });
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(rendered.stdout.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error(`pdftoppm wrote no page: ${rendered.stderr.toString()}`);
  const width = Number(header[1]);
  const pixels = rendered.stdout.subarray(header[0].length);
  return {
    width,
    height: Number(header[2]),
    pixels,
    complaints: rendered.stderr.toString(),
    /** How many pixels of a word's box are darker than mid-grey. */
    inkIn: (w: PlacedWord) => {
      let inked = 0;
      for (let y = Math.floor(w.yMin); y < Math.ceil(w.yMax); y++)
        for (let x = Math.floor(w.xMin); x < Math.ceil(w.xMax); x++)
          if (pixels[y * width + x]! < 128) inked++;
      return inked;
    },
  };
};
