import { GRAM_MARK, queryOf, termsAnalyser, termsOf } from '#functions/catalogue/domain/text-analysis';
import { fold } from '#functions/catalogue/domain/text-folding';

const gram = (characters: string) => GRAM_MARK + characters;

describe('fold', () => {
  it('folds Latin, Greek and Cyrillic case and accents as Unicode does (NFKD, full case folding)', () => {
    expect(fold('ΑΘΗΝΑ')).toBe(fold('Αθήνα'));
    expect(fold('ΑΘΗΝΑ')).toBe('αθηνα');
    // toLowerCase leaves ß and the final sigma; case folding does not.
    expect(fold('Straße')).toBe('strasse');
    expect(fold('STRASSE')).toBe('strasse');
    expect(fold('ẞ')).toBe('ss');
    expect(fold('ΟΔΟΣ')).toBe(fold('οδος'));
    expect(fold('οδος')).toBe('οδοσ');
    expect(fold('Ёлка')).toBe('елка');
    expect(fold('Élève')).toBe('eleve');
    expect(fold('İstanbul')).toBe('istanbul');
  });

  it('folds Latin letters that have no decomposition as Lucene does: Ł is l', () => {
    expect(fold('Żółć')).toBe('zolc');
    expect(fold('ŁÓDŹ')).toBe('lodz');
    expect(fold('Øl og æbler')).toBe('ol og aebler');
    expect(fold('Işık')).toBe('isik');
    expect(fold('Đakovo')).toBe('dakovo');
  });

  it('makes compatibility forms their plain letters and keeps the marks other scripts need', () => {
    expect(fold('ﬁle №１')).toBe('file no1');
    expect(fold('ｶﾞﾝﾀﾞﾑ')).toBe('ガンダム');
    // Thai vowels and tone marks, Devanagari matras are letters there, not accents.
    expect(fold('ร้านกาแฟ')).toBe('ร้านกาแฟ');
    expect(fold('हिन्दी')).toBe('हिन्दी');
    expect(fold('서울')).toBe('서울');
    // Hebrew and Arabic vowel points are optional in writing: dropped.
    expect(fold('שָׁלוֹם')).toBe('שלום');
    expect(fold('مَرْحَبًا')).toBe('مرحبا');
  });
});

describe('termsOf', () => {
  it('cuts space-separated scripts at spaces and punctuation, as before', () => {
    expect(termsOf("L'Île de verre, vol. 2 (édition de poche)", 'fr')).toEqual({
      words: ['l', 'ile', 'de', 'verre', 'vol', '2', 'edition', 'de', 'poche'],
      grams: [],
    });
    expect(termsOf('C++ e-mail 16GB', 'en').words).toEqual(['c++', 'e', 'mail', '16gb']);
  });

  it('cuts Japanese, Chinese and Thai into the segmenter’s words, and adds their characters and pairs', () => {
    expect(termsOf('東京の美味しいラーメン', 'ja').words).toEqual(['東京', 'の', '美味しい', 'ラーメン']);
    expect(termsOf('北京烤鸭和上海小笼包', 'zh-Hans').words).toEqual([
      '北京',
      '烤鸭',
      '和',
      '上海',
      '小笼包',
    ]);
    expect(termsOf('ร้านกาแฟสดใหม่', 'th').words).toEqual(['ร้าน', 'กาแฟ', 'สด', 'ใหม่']);
    expect(termsOf('ខ្ញុំស្រឡាញ់ភាសាខ្មែរ', 'km').words).toContain('ស្រឡាញ់');
    expect(termsOf('緑茶', 'ja').grams).toEqual([gram('緑'), gram('茶'), gram('緑茶')]);
  });

  it('keeps the Latin words of a mixed text as they were, and segments only the spaceless runs', () => {
    expect(termsOf('SONYのウォークマン', 'ja').words).toEqual(['sony', 'の', 'ウォーク', 'マン']);
    expect(termsOf('iPhone15用ケース', 'ja')).toEqual({
      words: ['iphone15', '用', 'ケース'],
      grams: [gram('用'), gram('ケ'), gram('ー'), gram('ス'), gram('用ケ'), gram('ケー'), gram('ース')],
    });
    expect(termsOf('Łódź 東京', 'pl').words).toEqual(['lodz', '東京']);
  });

  it('works for any language tag: one Intl does not know, or cannot read, cuts as the root does', () => {
    const text = '東京の美味しいラーメンとSONY';
    const expected = termsOf(text, 'ja');
    for (const language of ['en', 'zh-Hant-TW', 'xx-Qaaa', 'not a tag', '']) {
      expect(termsOf(text, language)).toEqual(expected);
    }
  });

  it('analyses the texts of an index as termsOf does, each piece once', () => {
    const analyse = termsAnalyser('ja');
    for (const text of ['東京の美味しいラーメン', 'Łódź, 東京', '東京の美味しいラーメン']) {
      expect(analyse(text)).toEqual(termsOf(text, 'ja'));
    }
  });
});

describe('queryOf', () => {
  it('asks a spaceless run for its pairs (one character: itself) and keeps its words to rank', () => {
    expect(queryOf('SONY ウォークマン 茶', 'ja')).toEqual([
      { word: 'sony' },
      {
        grams: [gram('ウォ'), gram('ォー'), gram('ーク'), gram('クマ'), gram('マン')],
        words: ['ウォーク', 'マン'],
      },
      { grams: [gram('茶')], words: ['茶'] },
    ]);
    expect(queryOf('はははは', 'ja')).toEqual([{ grams: [gram('はは')], words: ['は', 'は', 'は', 'は'] }]);
    expect(queryOf('  ?! ', 'ja')).toEqual([]);
  });
});
