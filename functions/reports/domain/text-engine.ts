import type { Bidi } from 'bidi-js';
import type { Font } from 'fontkit';
import type { FontFamily, FontStyle } from '#functions/contracts/report-fonts';

/**
 * What the report needs for a text beyond the standard fonts: fontkit (layout, shaping, subsets),
 * the Unicode bidi algorithm and the font files. Neither library is in the generator's bundle
 * (fontkit alone would take it over budget): a port hands them over, loaded on first use, from
 * wherever the deployment keeps them (docs/decisions/report-export.md D102).
 */
export interface TextEngine {
  readonly bidi: Bidi;
}

export interface ReportFonts {
  /** The engine, loaded once. */
  readonly engine: () => Promise<TextEngine>;
  /**
   * A face, opened by fontkit once and kept: a font is read-only to the report, which subsets
   * it into a document of its own each time.
   */
  readonly font: (family: FontFamily, style: FontStyle) => Promise<Font>;
}

export type { Font, Glyph, GlyphRun } from 'fontkit';
