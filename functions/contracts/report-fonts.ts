/**
 * The report's fonts and text engine (docs/decisions/report-export.md D101): what the report generator
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
const noto = (pkg: string, name: string) => ({
  regular: `@expo-google-fonts/${pkg}/400Regular/${name}_400Regular.ttf`,
  bold: `@expo-google-fonts/${pkg}/700Bold/${name}_700Bold.ttf`,
});

/** Latin (with Vietnamese), Greek and Cyrillic in `latin`; each other family covers its scripts. */
export const REPORT_FONT_FILES: Readonly<Record<FontFamily, Readonly<Record<FontStyle, string>>>> = {
  latin: noto('noto-sans', 'NotoSans'),
  arabic: noto('noto-sans-arabic', 'NotoSansArabic'),
  hebrew: noto('noto-sans-hebrew', 'NotoSansHebrew'),
  japanese: noto('noto-sans-jp', 'NotoSansJP'),
  korean: noto('noto-sans-kr', 'NotoSansKR'),
  simplifiedChinese: noto('noto-sans-sc', 'NotoSansSC'),
  traditionalChinese: noto('noto-sans-tc', 'NotoSansTC'),
};

/** The font licence (SIL OFL 1.1) each font package ships beside its files, which goes where they go. */
export const REPORT_FONT_LICENCE = 'LICENSE_FONT';

/** The text engine's packages: layout, shaping and subsetting (fontkit), and the Unicode bidi algorithm. */
export const REPORT_TEXT_PACKAGES = ['fontkit', 'bidi-js'] as const;

/** Where a stage's generator finds them: Lambda unpacks its layers under /opt. */
export const LAYER_FONTS_ROOT = '/opt/nodejs';
