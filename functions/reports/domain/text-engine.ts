import type { Bidi } from 'bidi-js';
import type { Font } from 'fontkit';
import type { FontFamily, FontStyle } from '#functions/contracts/report-fonts';

/**
 * What the report needs for a text beyond the standard fonts: fontkit (layout, shaping, subsets),
 * the Unicode bidi algorithm and the font files. Neither library is in the generator's bundle
 * (fontkit alone would take it over budget): a port hands them over, loaded on first use, from
 * wherever the deployment keeps them (docs/decisions/report-export.md D101).
 */
export interface TextEngine {
  /** A font from a TrueType file. */
  readonly openFont: (bytes: Uint8Array) => Font;
  readonly bidi: Bidi;
}

export interface ReportFonts {
  /** The engine, loaded once. */
  readonly engine: () => Promise<TextEngine>;
  /** A face's TrueType file. */
  readonly file: (family: FontFamily, style: FontStyle) => Promise<Uint8Array>;
}

export type { Font, Glyph, GlyphRun } from 'fontkit';
