import {
  type ProductTexts,
  packTextIndex,
  unpackTextIndex,
} from '#functions/catalogue/domain/search-text-index';
import { textIndexOfTexts } from '#functions/catalogue/domain/text-index-build';
import { matchText } from '#functions/catalogue/domain/text-matching';

/** Products' texts in one language, indexed as a publish writes the index and a function reads it. */
const indexOf = (language: string, labels: readonly (string | Partial<ProductTexts>)[]) => {
  const texts = labels.map((t) => ({
    label: '',
    title: '',
    description: '',
    ...(typeof t === 'string' ? { label: t } : t),
  }));
  const index = unpackTextIndex(packTextIndex(textIndexOfTexts(texts, language)));
  /** The labels of the products a text finds, in order. */
  const found = (text: string) => Array.from(matchText(index, text).positions, (i) => texts[i]!.label);
  /** The same, best score first. */
  const ranked = (text: string) => {
    const { positions, scores } = matchText(index, text);
    return Array.from(positions)
      .sort((a, b) => scores[b]! - scores[a]! || a - b)
      .map((i) => texts[i]!.label);
  };
  return { index, found, ranked };
};

describe('matchText in every script', () => {
  it('finds a Japanese word inside a longer Japanese label', () => {
    const { found } = indexOf('ja', [
      '東京の美味しいラーメン',
      '京都の抹茶アイス',
      '札幌味噌ラーメン',
      'ラーメンどんぶり',
    ]);
    expect(found('ラーメン')).toEqual(['東京の美味しいラーメン', '札幌味噌ラーメン', 'ラーメンどんぶり']);
    expect(found('抹茶')).toEqual(['京都の抹茶アイス']);
    expect(found('美味しい ラーメン')).toEqual(['東京の美味しいラーメン']);
    expect(found('カレー')).toEqual([]);
  });

  it('finds a Chinese word inside a longer Chinese label, in simplified or traditional script', () => {
    const { found } = indexOf('zh-Hans', ['北京烤鸭和上海小笼包', '上海大闸蟹', '绿茶 500克']);
    expect(found('烤鸭')).toEqual(['北京烤鸭和上海小笼包']);
    expect(found('上海')).toEqual(['北京烤鸭和上海小笼包', '上海大闸蟹']);
    expect(found('茶')).toEqual(['绿茶 500克']);
    const traditional = indexOf('zh-Hant', ['台北的牛肉麵館', '烏龍茶禮盒']);
    expect(traditional.found('牛肉麵')).toEqual(['台北的牛肉麵館']);
    expect(traditional.found('烏龍茶')).toEqual(['烏龍茶禮盒']);
  });

  it('finds a Thai word, a Khmer one and a Korean one inside longer texts', () => {
    expect(indexOf('th', ['ร้านกาแฟสดใหม่ในกรุงเทพ', 'ชาเขียวมัทฉะ']).found('กาแฟ')).toEqual([
      'ร้านกาแฟสดใหม่ในกรุงเทพ',
    ]);
    expect(indexOf('km', ['ខ្ញុំស្រឡាញ់ភាសាខ្មែរ', 'កាហ្វេ']).found('ភាសា')).toEqual(['ខ្ញុំស្រឡាញ់ភាសាខ្មែរ']);
    expect(indexOf('ko', ['서울의 맛있는 라면', '부산 어묵']).found('서울')).toEqual(['서울의 맛있는 라면']);
  });

  it('finds names the dictionary does not know, or cuts otherwise, through their pairs of characters', () => {
    const { found } = indexOf('ja', [
      'ニンテンドースイッチ 本体',
      'クレール・デュボワによる小説',
      '東京都の地図',
    ]);
    // The segmenter cuts ニ|ン|テン|ド|ー|スイッチ in the label, but ニンテンドー alone whole.
    expect(found('ニンテンドー')).toEqual(['ニンテンドースイッチ 本体']);
    expect(found('デュボワ')).toEqual(['クレール・デュボワによる小説']);
    expect(found('クレール')).toEqual(['クレール・デュボワによる小説']);
    expect(found('京都')).toEqual(['東京都の地図']);
    const han = indexOf('zh-Hans', ['克莱尔·杜布瓦著小说', '杜甫诗选']);
    expect(han.found('杜布瓦')).toEqual(['克莱尔·杜布瓦著小说']);
  });

  it('ranks a product holding the words whole above one holding only their pairs', () => {
    const { ranked } = indexOf('ja', ['東京都の地図', '京都の地図']);
    // 京都 is a word of the second label, and only a pair of characters of 東京都 in the first.
    expect(ranked('京都')).toEqual(['京都の地図', '東京都の地図']);
  });

  it('finds Greek and Polish whatever the case and accents', () => {
    const { found } = indexOf('el', ['Αθήνα: οδηγός πόλης', 'ΟΔΟΣ ΕΡΜΟΥ', 'Θεσσαλονίκη']);
    expect(found('ΑΘΗΝΑ')).toEqual(['Αθήνα: οδηγός πόλης']);
    expect(found('αθηνα οδηγος')).toEqual(['Αθήνα: οδηγός πόλης']);
    expect(found('οδός')).toEqual(['ΟΔΟΣ ΕΡΜΟΥ']);
    // The last word as the start of a word, as in any space-separated script.
    expect(found('θεσσ')).toEqual(['Θεσσαλονίκη']);
    const polish = indexOf('pl', ['Żółta łódź', 'Gęślą jaźń', 'Łódź Kaliska']);
    expect(polish.found('zolta lodz')).toEqual(['Żółta łódź']);
    expect(polish.found('ŁÓDŹ')).toEqual(['Żółta łódź', 'Łódź Kaliska']);
    expect(polish.found('gesla jazn')).toEqual(['Gęślą jaźń']);
  });

  it('finds mixed scripts: a Latin brand in a Japanese label, by its Latin or its Japanese', () => {
    const { found } = indexOf('ja', [
      'SONYのウォークマン',
      { label: 'Voltix Aero 5 ノートパソコン', title: 'Voltix Aero 5 ノートパソコン、メモリ16 GB' },
      'Sonic ブーム',
    ]);
    expect(found('sony')).toEqual(['SONYのウォークマン']);
    expect(found('SONY ウォークマン')).toEqual(['SONYのウォークマン']);
    expect(found('ウォークマン')).toEqual(['SONYのウォークマン']);
    expect(found('voltix ノートパソコン')).toEqual(['Voltix Aero 5 ノートパソコン']);
    expect(found('ノートパソコン vol')).toEqual(['Voltix Aero 5 ノートパソコン']);
    expect(found('メモリ 16')).toEqual(['Voltix Aero 5 ノートパソコン']);
    expect(found('son')).toEqual(['SONYのウォークマン', 'Sonic ブーム']);
  });

  it('analyses a search in the language of the index, for any tag', () => {
    for (const language of ['ja', 'en', 'xx-Qaaa']) {
      const { index, found } = indexOf(language, ['東京の美味しいラーメン', 'Łódź']);
      expect(index.language).toBe(language);
      expect(found('ラーメン')).toEqual(['東京の美味しいラーメン']);
      expect(found('lodz')).toEqual(['Łódź']);
    }
  });
});
