import {
  askedFamilies,
  familiesToTry,
  hanFamilyOf,
  logicalRuns,
  type TextRun,
  visualOrder,
} from '#functions/reports/domain/font-choice';

const families = (text: string) => askedFamilies(text).map((c) => `${c.char}:${c.family}`);

describe('the font family each character asks for', () => {
  it('is Noto Sans for every Latin letter, Greek and Cyrillic: one face for Polish, Czech, Turkish, Vietnamese', () => {
    for (const text of [
      'Łukasz Żółć',
      'Příliš žluťoučký',
      'Çağrı Öztürk',
      'Nguyễn Thị Thu',
      'Αθήνα',
      'Иванов',
    ])
      expect(new Set(askedFamilies(text).map((c) => c.family))).toEqual(new Set(['latin']));
  });

  it('is the Arabic, Hebrew or Korean face for those scripts', () => {
    expect(families('محمد')).toEqual(['م:arabic', 'ح:arabic', 'م:arabic', 'د:arabic']);
    expect(new Set(askedFamilies('שלום').map((c) => c.family))).toEqual(new Set(['hebrew']));
    expect(new Set(askedFamilies('김민준').map((c) => c.family))).toEqual(new Set(['korean']));
  });

  it('gives Han characters the family their neighbours say: kana Japanese, Hangul Korean, else Chinese', () => {
    expect(hanFamilyOf('山田 はなこ')).toBe('japanese');
    expect(hanFamilyOf('金 김민준')).toBe('korean');
    expect(hanFamilyOf('ㄅ 臺灣')).toBe('traditionalChinese');
    expect(hanFamilyOf('北京市')).toBe('simplifiedChinese');
    expect(families('山田はな')).toEqual(['山:japanese', '田:japanese', 'は:japanese', 'な:japanese']);
  });

  it('lets spaces, digits, punctuation and marks follow the character before them (the one after at the start)', () => {
    expect(families('(محمد) 7')).toEqual([
      '(:arabic',
      'م:arabic',
      'ح:arabic',
      'م:arabic',
      'د:arabic',
      '):arabic',
      ' :arabic',
      '7:arabic',
    ]);
    expect(families('e\u0301 Ж-')).toEqual(['e:latin', '\u0301:latin', ' :latin', 'Ж:latin', '-:latin']);
    expect(families('12 - 3')).toEqual(['1:latin', '2:latin', ' :latin', '-:latin', ' :latin', '3:latin']);
  });

  it('looks for a missing glyph in the family asked for, then the text’s Han family, then every other', () => {
    expect(familiesToTry('latin', 'japanese')).toEqual([
      'latin',
      'japanese',
      'arabic',
      'hebrew',
      'simplifiedChinese',
      'traditionalChinese',
      'korean',
    ]);
    expect(familiesToTry('simplifiedChinese', 'simplifiedChinese')[1]).toBe('latin');
  });
});

describe('runs', () => {
  const run = (start: number, end: number, level: number): TextRun => ({
    start,
    end,
    level,
    family: 'latin',
  });

  it('split where the family or the bidi level changes', () => {
    const chars = askedFamilies('ab محمد');
    const levels = Uint8Array.of(0, 0, 0, 1, 1, 1, 1);
    expect(logicalRuns(chars, levels, 7)).toEqual([
      { start: 0, end: 3, family: 'latin', level: 0 },
      { start: 3, end: 7, family: 'arabic', level: 1 },
    ]);
  });

  it('are drawn in the order of the bidi algorithm: right-to-left stretches reversed, numbers inside them kept', () => {
    // "a" then two right-to-left words with a number between them: level 1, 2, 1.
    const runs = [run(0, 1, 0), run(1, 5, 1), run(5, 7, 2), run(7, 10, 1), run(10, 11, 0)];
    expect(visualOrder(runs).map((r) => r.start)).toEqual([0, 7, 5, 1, 10]);
    expect(visualOrder([run(0, 3, 0)]).map((r) => r.start)).toEqual([0]);
    expect(visualOrder([run(0, 3, 1), run(3, 5, 1)]).map((r) => r.start)).toEqual([3, 0]);
  });
});
