import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { REPORT_ENV } from '#functions/contracts/environment';
import { LAYER_FONTS_ROOT } from '#functions/contracts/report-fonts';
import { reportFontFiles } from '#functions/reports/adapters/report-font-files';
import { renderOrdersReport } from '#functions/reports/domain/report-pdf';
import { writeReportFontsLayer } from '#lib/report-fonts-layer';
import { missingGlyphs, shownGlyphs, withoutBidiControls } from '../support/pdf-glyphs';
import { environmentOf, functions, generatorId, resources } from './support/report-template';

/**
 * The report generator's fonts layer (docs/decisions/report-export.md D102): the stack gives it to
 * the generator alone, and what it holds is enough on its own to print every script.
 */
describe('the report fonts layer', () => {
  const layers = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::Lambda::LayerVersion');

  it('is one layer, for Node.js 24 on arm64, given to the generator alone, which finds it under /opt/nodejs', () => {
    expect(layers).toHaveLength(1);
    const [layerId, layer] = layers[0]!;
    expect(layer.Properties).toMatchObject({
      LayerName: 'commerce-api-dev-report-fonts',
      CompatibleRuntimes: ['nodejs24.x'],
      CompatibleArchitectures: ['arm64'],
    });
    const withLayers = Object.entries(functions).filter(([, f]) => f.Properties.Layers);
    expect(withLayers.map(([id]) => id)).toEqual([generatorId]);
    expect(functions[generatorId]!.Properties.Layers).toEqual([{ Ref: layerId }]);
    expect(environmentOf(generatorId)[REPORT_ENV.fontsRoot]).toBe(LAYER_FONTS_ROOT);
  });

  it('holds, on its own, the fonts and the engine a report in any script needs', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'report-fonts-layer-'));
    try {
      writeReportFontsLayer(dir);
      const megabytes = Number(execFileSync('du', ['-sm', dir], { encoding: 'utf8' }).split('\t')[0]);
      expect(megabytes).toBeLessThan(80);
      const name = 'Łukasz Żółć-Иванов 山田 はなこ Αθήνα محمد 김민준 שרה 王小明 (lukasz)';
      const pdf = await renderOrdersReport({
        orders: [],
        startDate: '2025-01-01',
        endDate: '2025-01-31',
        generatedAt: new Date('2026-01-01T00:00:00Z'),
        preparedFor: name,
        // The layer's root, as /opt/nodejs is the generator's: nothing of the project's node_modules.
        fonts: reportFontFiles(path.join(dir, 'nodejs')),
      });
      const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], {
        input: pdf,
        encoding: 'utf8',
      });
      expect(withoutBidiControls(text)).toContain(`Prepared for       ${name}`);
      expect(missingGlyphs(await shownGlyphs(pdf))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
