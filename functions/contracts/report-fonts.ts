/**
 * The report's fonts and text engine (docs/decisions/report-export.md D101, D102): what the report generator
 * loads for a text the standard fonts cannot print, and only then. Each file is named by its place
 * under `<root>/node_modules/`, the root being the generator's `REPORT_FONTS_ROOT`: the project itself
 * in the sandbox, /opt/nodejs in a stage, whose fonts layer (lib/report-fonts-layer.ts) holds exactly
 * these files and the engine's packages at the same places.
 */

/** A family of faces, one per writing system the report prints beyond the standard fonts. */
export type FontFamily =
  | 'latin'
  | 'arabic'
  | 'hebrew'
  | 'japanese'
  | 'korean'
  | 'simplifiedChinese'
  | 'traditionalChinese';
export type FontStyle = 'regular' | 'bold';

/** Noto Sans, as Google Fonts publishes it (static TrueType instances), from the Expo packages. */
const noto = (pkg: string, name: string, withBold: boolean) => ({
  regular: `@expo-google-fonts/${pkg}/400Regular/${name}_400Regular.ttf`,
  ...(withBold ? { bold: `@expo-google-fonts/${pkg}/700Bold/${name}_700Bold.ttf` } : {}),
});

/**
 * Latin (with Vietnamese), Greek and Cyrillic in `latin`; each other family covers its scripts.
 * The Chinese, Japanese and Korean faces are 5-11 MB each, and the report's bold texts are its
 * own English words and ISO currency codes: those families ship their regular weight alone, and
 * would print a bold text in it.
 */
export const REPORT_FONT_FILES: Readonly<
  Record<FontFamily, { readonly regular: string; readonly bold?: string }>
> = {
  latin: noto('noto-sans', 'NotoSans', true),
  arabic: noto('noto-sans-arabic', 'NotoSansArabic', true),
  hebrew: noto('noto-sans-hebrew', 'NotoSansHebrew', true),
  japanese: noto('noto-sans-jp', 'NotoSansJP', false),
  korean: noto('noto-sans-kr', 'NotoSansKR', false),
  simplifiedChinese: noto('noto-sans-sc', 'NotoSansSC', false),
  traditionalChinese: noto('noto-sans-tc', 'NotoSansTC', false),
};

/** The style of the file a family prints `style` with. */
export const fileStyle = (family: FontFamily, style: FontStyle): FontStyle =>
  style === 'bold' && REPORT_FONT_FILES[family].bold ? 'bold' : 'regular';

/** The font licence (SIL OFL 1.1) each font package ships beside its files, which goes where they go. */
export const REPORT_FONT_LICENCE = 'LICENSE_FONT';

/** The text engine's packages: layout, shaping and subsetting (fontkit), and the Unicode bidi algorithm. */
export const REPORT_TEXT_PACKAGES = ['fontkit', 'bidi-js'] as const;

/** Where a stage's generator finds them: Lambda unpacks its layers under /opt. */
export const LAYER_FONTS_ROOT = '/opt/nodejs';
