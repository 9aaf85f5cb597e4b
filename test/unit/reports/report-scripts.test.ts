import { execFileSync } from 'node:child_process';
import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFName, type PDFRawStream } from 'pdf-lib';
import type { OrderRecord } from '#functions/orders/domain/order';
import {
  LEFT,
  META_LABEL_WIDTH,
  META_SIZE,
  RIGHT,
  ROWS_ON_FIRST_PAGE,
} from '#functions/reports/domain/report-layout';
import { type OrdersReportInput, renderOrdersReport } from '#functions/reports/domain/report-pdf';
import { ReportTexts } from '#functions/reports/domain/report-text';
import type { ReportFonts } from '#functions/reports/domain/text-engine';
import {
  missingGlyphs,
  pageWords,
  pdfFonts,
  STANDARD_FONTS,
  shownGlyphs,
  withoutBidiControls,
} from '../../support/pdf-glyphs';
import { projectFonts } from './memory-report-stores';

/**
 * The report in every script (docs/decisions/report-export.md D101): what poppler extracts is
 * the text given, each character is drawn with a real glyph of an embedded subset, and the
 * fonts are loaded only for a text that needs them.
 */

const ordersOf = (count: number): OrderRecord[] =>
  Array.from({ length: count }, (_, i) => ({
    id: 500 + i,
    userId: 9,
    createdAt: `2025-04-${String(1 + (i % 28)).padStart(2, '0')} 12:00:00`,
    status: 'paid',
    total: { value: 20 + i, currency: 'EUR' },
    sentOn: null,
  }));

/** Counts what the renderer asks of its fonts. */
const countingFonts = () => {
  const asked = { engine: 0, fonts: [] as string[] };
  const fonts: ReportFonts = {
    engine: () => {
      asked.engine++;
      return projectFonts.engine();
    },
    font: (family, style) => {
      asked.fonts.push(`${family} ${style}`);
      return projectFonts.font(family, style);
    },
  };
  return { fonts, asked };
};

const render = (preparedFor: string, overrides: Partial<OrdersReportInput> = {}) =>
  renderOrdersReport({
    orders: ordersOf(3),
    startDate: '2025-04-01',
    endDate: '2025-04-30',
    generatedAt: new Date('2026-02-01T10:00:00Z'),
    preparedFor,
    fonts: projectFonts,
    ...overrides,
  });

const text = (pdf: Uint8Array, args: string[] = []) =>
  execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', ...args, '-', '-'], {
    input: pdf,
    encoding: 'utf8',
  });

/** What pdftotext reads after "Prepared for" on page 1. */
const preparedForLine = (pdf: Uint8Array) =>
  withoutBidiControls(/Prepared for +(.*)/.exec(text(pdf, ['-l', '1']))![1]!.trimEnd());

const NAMES = {
  polish: 'Łukasz Żółć-Wąsowski',
  czech: 'Příliš žluťoučký kůň úpěl ďábelské ódy',
  turkish: 'Çağrı Öztürk, İstanbul ılık',
  vietnamese: 'Nguyễn Thị Thu Hằng',
  greek: 'Ευάγγελος Παπαδόπουλος',
  cyrillic: 'Тарас Шевченко',
  simplifiedChinese: '王小明 北京市',
  traditionalChinese: '陳美玲 臺灣',
  japanese: '山田 はなこ (ヤマダ)',
  korean: '김민준 서울특별시',
  arabic: 'محمد بن علي',
  hebrew: 'שרה כהן',
  mixed: 'Łukasz Żółć-Иванов 山田 Αθήνα محمد (lukasz)',
  arabicBetweenLatin: 'Anna محمد علي Smith',
  rightToLeftFirst: 'محمد Łukasz',
  parenthesesInArabic: 'أحمد (علي) حسن',
  arabicWithHarakat: 'مُحَمَّد عَلِيّ',
  hebrewWithNiqqud: 'שָׁלוֹם כֹּהֵן',
};

describe('a report in every script', () => {
  it.each(Object.entries(NAMES))(
    'prints %s exactly: pdftotext reads back the text given',
    async (_, name) => {
      const pdf = await render(`${name} (user)`);
      expect(preparedForLine(pdf)).toBe(`${name} (user)`);
    },
  );

  it('draws every character with a real glyph of an embedded subset that has a ToUnicode map', async () => {
    const used = new Set<string>();
    let glyphCount = 0;
    for (const name of Object.values(NAMES)) {
      const pdf = await render(name);
      const embedded = pdfFonts(pdf).filter((f) => !STANDARD_FONTS.test(f.name));
      expect(embedded.every((f) => f.embedded && f.subset && f.unicode)).toBe(true);
      for (const f of embedded) used.add(f.name.replace(/^[A-Z]{6}\+/, ''));
      const glyphs = await shownGlyphs(pdf);
      expect(missingGlyphs(glyphs)).toEqual([]);
      glyphCount += glyphs.length;
      // Subsets: a few kilobytes of each font, not its megabytes.
      expect(pdf.byteLength).toBeLessThan(40_000);
    }
    expect(glyphCount).toBeGreaterThan(200);
    // Traditional Chinese among them too: the Simplified face has its characters.
    expect([...used].sort()).toEqual([
      'NotoSans-Regular',
      'NotoSansArabic-Regular',
      'NotoSansHebrew-Regular',
      'NotoSansJP-Regular',
      'NotoSansKR-Regular',
      'NotoSansSC-Regular',
    ]);
  });

  it('joins Arabic letters into their contextual forms and draws right-to-left text mirrored', async () => {
    const glyphs = await shownGlyphs(await render('محمد (علي)'));
    const arabic = glyphs.filter((g) => g.font.endsWith('NotoSansArabic-Regular'));
    // The two mīms of محمد: initial and medial forms, two glyphs for one character.
    expect(new Set(arabic.filter((g) => g.text === 'م').map((g) => g.gid)).size).toBe(2);
    // In the right-to-left run the parentheses are mirrored: each is drawn with the other's glyph.
    const paren = (t: string) => glyphs.find((g) => g.text === t)!;
    expect(paren('(').gid).not.toBe(paren(')').gid);
    expect(preparedForLine(await render('Ali (محمد (علي)) x'))).toBe('Ali (محمد (علي)) x');
  });

  it('keeps what shaping joins or leaves out: a ligature, combining marks and invisible joiners extract as given', async () => {
    for (const name of ['لا إله', 'Ae\u0301 o\u0308 Ж', 'a\u200db\u200c c', 'عبد\u200cالله'])
      expect(preparedForLine(await render(name))).toBe(name);
  });

  it('places a mark with no precomposed letter where the font puts it, a little above its line', async () => {
    const pdf = await render('Q\u0301 x');
    expect(preparedForLine(pdf)).toBe('Q\u0301 x');
    const doc = await PDFDocument.load(pdf);
    const contents = doc.getPage(0).node.lookup(PDFName.of('Contents')) as PDFRawStream;
    const rises = [
      ...inflateSync(contents.getContents())
        .toString('latin1')
        .matchAll(/([-\d.]+) Ts/g),
    ].map(([, rise]) => Number(rise));
    // The acute over a capital: 178/1000 em at 10 pt, and back to the line after it.
    expect(rises).toEqual([1.78, 0]);
  });

  it('stays exact however the texts before it were shaped: composed and precomposed, in either order', async () => {
    const composed = 'A\u0301 e\u0301 n\u0303 ﬁ';
    const whole = 'Á é ñ fi Łukasz';
    for (const order of [
      [composed, whole],
      [whole, composed],
    ]) {
      for (const name of order) expect(preparedForLine(await render(name))).toBe(name);
    }
  });

  it('lays a mixed-script text out by the fonts’ own widths, as poppler measures it', async () => {
    const name = 'AVATAR Łódź Иванов Αθήνα 山田 محمد';
    const pdf = await render(name);
    const doc = await PDFDocument.create();
    const texts = await ReportTexts.create(doc, projectFonts);
    const width = texts.width(await texts.label(name, 'regular'), META_SIZE);
    const line = pageWords(pdf, 1).filter(
      (w) => w.yMin > 90 && w.yMin < 112 && w.xMin > LEFT + META_LABEL_WIDTH - 1,
    );
    expect(line.map((w) => w.word).join(' ')).toContain('Łódź');
    expect(Math.min(...line.map((w) => w.xMin))).toBeCloseTo(LEFT + META_LABEL_WIDTH, 1);
    expect(Math.max(...line.map((w) => w.xMax)) - (LEFT + META_LABEL_WIDTH)).toBeCloseTo(width, 1);
  });

  it('shortens a text too long for its line at whole characters, and ends it with an ellipsis in its place', async () => {
    const long = `${'山田はなこ محمد علي e\u0301 '.repeat(8)}end`;
    const pdf = await renderOrdersReport({
      orders: ordersOf(ROWS_ON_FIRST_PAGE + 5),
      startDate: '2025-04-01',
      endDate: '2025-04-30',
      generatedAt: new Date('2026-02-01T10:00:00Z'),
      preparedFor: long,
      fonts: projectFonts,
    });
    const first = preparedForLine(pdf);
    expect(first.endsWith('…')).toBe(true);
    const kept = first.slice(0, -1);
    expect(long.startsWith(kept)).toBe(true);
    expect(kept.endsWith('e')).toBe(false); // never cut between a letter and its accent
    // Page 2's running header: the name stops short of the period, which keeps its place at the right.
    const header = pageWords(pdf, 2).filter((w) => w.yMin < 60);
    const periodStart = header.find((w) => w.word === '2025-04-01')!;
    const name = header.filter((w) => w.xMin > LEFT + 50 && w.xMax <= periodStart.xMin);
    expect(name.length).toBeGreaterThan(2);
    expect(Math.max(...header.filter((w) => w.xMin < periodStart.xMin).map((w) => w.xMax))).toBeLessThan(
      periodStart.xMin - 8,
    );
    expect(Math.max(...header.map((w) => w.xMax))).toBeCloseTo(RIGHT, 0);
  });

  it('embeds only what a shortened text draws, in the fonts its whole text chose', async () => {
    // Cut before the kana and the Arabic: the kanji stay Japanese, and no Arabic face comes in.
    const name = `Łukasz ${'山田'.repeat(60)} はなこ محمد`;
    const pdf = await render(name);
    expect(preparedForLine(pdf)).toMatch(/^Łukasz [山田]+…$/);
    const faces = pdfFonts(pdf)
      .filter((f) => !STANDARD_FONTS.test(f.name))
      .map((f) => f.name.replace(/^[A-Z]{6}\+/, ''));
    expect(faces.sort()).toEqual(['NotoSans-Regular', 'NotoSansJP-Regular']);
    const drawn = new Set((await shownGlyphs(pdf)).map((g) => g.text));
    expect(drawn).toEqual(new Set(['Ł', 'u', 'k', 'a', 's', 'z', ' ', '山', '田', '…']));
  });

  it('loads no font and no engine for a report whose text the standard fonts print, and embeds none', async () => {
    const { fonts, asked } = countingFonts();
    const pdf = await render('Zoë Ærø — Françoise (zoe)', { fonts });
    expect(asked).toEqual({ engine: 0, fonts: [] });
    expect(pdfFonts(pdf).map((f) => f.name)).toEqual(['Helvetica', 'Helvetica-Bold']);
    expect(preparedForLine(pdf)).toBe('Zoë Ærø — Françoise (zoe)');
  });

  it('loads only the faces its text needs, once each, and is the same bytes for the same input', async () => {
    const { fonts, asked } = countingFonts();
    const first = await render('Иванов Αθήνα محمد', { fonts });
    expect(asked.engine).toBe(1);
    expect(asked.fonts.sort()).toEqual(['arabic regular', 'latin regular']);
    expect(Buffer.from(await render('Иванов Αθήνα محمد')).equals(Buffer.from(first))).toBe(true);
  });

  it('says which characters no font has, and still makes the report, where they extract as themselves', async () => {
    const told: string[][] = [];
    const name = 'สมชาย Łukasz';
    const pdf = await render(name, { onMissingGlyphs: (characters) => told.push([...characters]) });
    expect(told).toHaveLength(1);
    expect(told[0]!.join('')).toBe('สมชาย');
    expect(preparedForLine(pdf)).toBe(name);
    // The check the other tests make sees them: the .notdef, each extracting as its character.
    expect(
      missingGlyphs(await shownGlyphs(pdf))
        .map((g) => `${g.gid}:${g.text}`)
        .join(' '),
    ).toBe('0:ส 0:ม 0:ช 0:า 0:ย');
  });

  it('prints a bold text in the bold faces of Latin, Arabic and Hebrew, and in the one weight of the others', async () => {
    const texts = await ReportTexts.create(await PDFDocument.create(), projectFonts);
    const fontsOf = async (text: string) => {
      const label = await texts.label(text, 'bold');
      return label.kind === 'unicode' ? [...new Set(label.shaped.pieces.map((p) => p.font))] : [];
    };
    expect(await fontsOf('Łódź محمد שרה')).toEqual(['NotoLatinBold', 'NotoHebrewBold', 'NotoArabicBold']);
    expect(await fontsOf('山田 はなこ')).toEqual(['NotoJapanese']);
  });

  it('refuses a text beyond the standard fonts when given no fonts, naming what is missing', async () => {
    await expect(render('Łukasz', { fonts: undefined })).rejects.toThrow(/needs the embedded fonts/);
  });
});
