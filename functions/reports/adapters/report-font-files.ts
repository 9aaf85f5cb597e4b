import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { Bidi } from 'bidi-js';
import type * as Fontkit from 'fontkit';
import { REPORT_ENV } from '#functions/contracts/environment';
import { fileStyle, REPORT_FONT_FILES } from '#functions/contracts/report-fonts';
import type { Font, ReportFonts, TextEngine } from '../domain/text-engine';

/**
 * The report's fonts and text engine from `<root>/node_modules/` (docs/decisions/report-export.md
 * D102): the stage's fonts layer, or the project's own packages in the sandbox. They are required
 * from there, not imported, so that no bundler carries fontkit into the generator's bundle, and a
 * report whose text the standard fonts print never reads a byte of them.
 */
export const reportFontFiles = (root: string | undefined): ReportFonts => {
  const at = () => {
    if (!root)
      throw new Error(
        `${REPORT_ENV.fontsRoot} is not set: the report generator needs it to print text beyond ` +
          'the standard fonts (the stack and the sandbox set it).',
      );
    return root;
  };
  let fontkit: typeof Fontkit | undefined;
  let engine: Promise<TextEngine> | undefined;
  const fonts = new Map<string, Promise<Font>>();
  const load = () => createRequire(path.join(at(), 'package.json'));
  return {
    engine: () => {
      engine ??= Promise.resolve().then(() => ({ bidi: (load()('bidi-js') as () => Bidi)() }));
      return engine;
    },
    font: (family, style) => {
      const file = REPORT_FONT_FILES[family][fileStyle(family, style)]!;
      let font = fonts.get(file);
      if (!font) {
        font = readFile(path.join(at(), 'node_modules', file)).then((bytes) => {
          fontkit ??= load()('fontkit') as typeof Fontkit;
          return fontkit.create(bytes) as Font;
        });
        fonts.set(file, font);
      }
      return font;
    },
  };
};

/** Where the generator's environment says they are. */
export const environmentFonts = (): ReportFonts => reportFontFiles(process.env[REPORT_ENV.fontsRoot]);
