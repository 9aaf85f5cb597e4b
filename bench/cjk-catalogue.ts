/**
 * A catalogue whose texts are one third Japanese or Chinese (issue 33, docs/decisions/search-engine.md
 * D105), for the search benchmark: the seed's products (local/seed/product-seed.ts) with the
 * texts of one language replaced, for one product in three, by the same texts in Japanese (ids
 * 3, 9, 15…) or in Chinese (ids 6, 12, 18…), made from what the product's English texts say: its
 * book title and volume, edition, genre, author and pages, or its computer model, kind, memory,
 * storage, screen and processor. The brand and the model stay in Latin letters, as Japanese and
 * Chinese shops write them.
 */
import type { ProductRecord } from '#functions/contracts/seed-records';

type Script = 'ja' | 'zh';
type Words = Record<Script, string>;
const w = (ja: string, zh: string): Words => ({ ja, zh });

const TITLES: Record<string, Words> = {
  'The Silent Garden': w('静かな庭', '寂静的花园'),
  'A River in Winter': w('冬の川', '冬天的河流'),
  'The Last Letter': w('最後の手紙', '最后一封信'),
  'The Island of Glass': w('ガラスの島', '玻璃岛'),
  'Northern Lights': w('オーロラ', '北极光'),
  "The Clockmaker's Daughter": w('時計職人の娘', '钟表匠的女儿'),
  'A Short History of Bridges': w('橋の小さな歴史', '桥梁简史'),
  'Learning to Code': w('プログラミング入門', '学习编程'),
  'The Mathematics of Music': w('音楽の数学', '音乐中的数学'),
  'Cooking with the Seasons': w('季節の料理', '四季烹饪'),
  'The Harbour at Dawn': w('夜明けの港', '黎明的港口'),
  'Stars and Stones': w('星と石', '星星与石头'),
  'The Hidden Library': w('隠された図書館', '隐秘的图书馆'),
  'Introduction to Economics': w('経済学入門', '经济学导论'),
  'The Mountain Road': w('山の道', '山路'),
  'Letters from Lisbon': w('リスボンからの手紙', '里斯本来信'),
  'A Field Guide to Birds': w('野鳥図鑑', '野外观鸟指南'),
  'The Art of Patience': w('忍耐の技法', '耐心的艺术'),
  'Physics for Everyone': w('みんなの物理学', '人人都懂的物理'),
  'The Night Train': w('夜行列車', '夜行列车'),
};
const EDITIONS: Record<string, Words> = {
  'paperback edition': w('文庫版', '平装本'),
  'hardcover edition': w('単行本', '精装本'),
};
const GENRES: Record<string, Words> = {
  Novel: w('小説', '小说'),
  Essay: w('エッセイ', '随笔'),
  'Short stories': w('短編集', '短篇小说集'),
  Textbook: w('教科書', '教科书'),
  Guide: w('ガイド', '指南'),
};
const AUTHORS: Record<string, Words> = {
  'Claire Dubois': w('クレール・デュボワ', '克莱尔·杜布瓦'),
  'Jonas Weber': w('ヨナス・ヴェーバー', '约纳斯·韦伯'),
  'Lucía Romero': w('ルシア・ロメロ', '露西娅·罗梅罗'),
  'Marco Bianchi': w('マルコ・ビアンキ', '马可·比安奇'),
  'Emily Clarke': w('エミリー・クラーク', '艾米丽·克拉克'),
  'Samuel Okafor': w('サミュエル・オカフォー', '塞缪尔·奥卡福'),
  'Ingrid Larsen': w('イングリッド・ラーセン', '英格丽德·拉森'),
  'Tomás Ferreira': w('トマス・フェレイラ', '托马斯·费雷拉'),
  'Hannah Schmidt': w('ハンナ・シュミット', '汉娜·施密特'),
  'Giulia Conti': w('ジュリア・コンティ', '朱莉娅·孔蒂'),
  'Oliver Bennett': w('オリバー・ベネット', '奥利弗·贝内特'),
  'Amélie Laurent': w('アメリ・ローラン', '阿梅莉·洛朗'),
};
const KINDS: Record<string, Words> = {
  laptop: w('ノートパソコン', '笔记本电脑'),
  'all-in-one desktop': w('オールインワンデスクトップ', '一体机电脑'),
  '2-in-1 tablet': w('2in1タブレット', '二合一平板电脑'),
  'mobile workstation': w('モバイルワークステーション', '移动工作站'),
};

const known = (table: Record<string, Words>, key: string | undefined, what: string): Words => {
  const words = key === undefined ? undefined : table[key];
  if (!words) throw new Error(`the Japanese and Chinese texts have no ${what} "${key}"`);
  return words;
};

const bookTexts = (p: ProductRecord, s: Script) => {
  const [, name, volume] = /^(.*?)(?:, vol\. (\d+))?$/.exec(p.label.en)!;
  const label = `${known(TITLES, name, 'title')[s]}${volume ? (s === 'ja' ? ` 第${volume}巻` : ` 第${volume}卷`) : ''}`;
  const edition = known(EDITIONS, /\(([^)]+)\)$/.exec(p.title.en)?.[1], 'edition')[s];
  const [, genre, pages] = /^(.*) by .*, (\d+) pages\.$/.exec(p.description.en) ?? [];
  const author = known(AUTHORS, p.author ?? undefined, 'author')[s];
  const kind = known(GENRES, genre, 'genre')[s];
  return {
    label,
    title: `${label}(${edition})`,
    description:
      s === 'ja' ? `${author}による${kind}、${pages}ページ。` : `${author}著${kind},共${pages}页。`,
  };
};

const computerTexts = (p: ProductRecord, s: Script) => {
  const kindName = Object.keys(KINDS).find((k) => p.label.en.endsWith(` ${k}`));
  const kind = known(KINDS, kindName, 'kind of computer')[s];
  const model = p.label.en.slice(0, -(kindName!.length + 1));
  const storage = /, (\S+ [GT]B) SSD$/.exec(p.title.en)?.[1];
  const { ram, screenSize, cpu } = p.computer!;
  const inches = screenSize.replace(/ in$/, '');
  const processor = cpu.replace(/ \(.*$/, '');
  const label = `${model} ${kind}`;
  return s === 'ja'
    ? {
        label,
        title: `${label}、メモリ${ram}、SSD ${storage}`,
        description: `${inches}インチ画面、${processor}プロセッサー、メモリ${ram}。`,
      }
    : {
        label,
        title: `${label},${ram}内存,${storage}固态硬盘`,
        description: `${inches}英寸屏幕,${processor}处理器,${ram}内存。`,
      };
};

const FIELDS = ['label', 'title', 'description'] as const;

/** The products, the `language` texts of one in three in Japanese or Chinese. */
export const withJapaneseAndChinese = (
  products: readonly ProductRecord[],
  language: Exclude<keyof ProductRecord['label'], 'en'>,
): ProductRecord[] =>
  products.map((p) => {
    if (p.id % 3 !== 0) return p;
    const script: Script = p.id % 2 === 1 ? 'ja' : 'zh';
    const texts = p.computer ? computerTexts(p, script) : bookTexts(p, script);
    const replaced = Object.fromEntries(FIELDS.map((f) => [f, { ...p[f], [language]: texts[f] }]));
    return { ...p, ...replaced };
  });
