import type { ComputerKind } from './computer-texts';

/**
 * Japanese labels for part of the seed catalogue (docs/sandbox.md), so that every developer sees a
 * language of another script served, negotiated (`Accept-Language: ja`) and searched.
 * Rule: products whose id is divisible by 3 have a Japanese label; their other texts fall back to
 * English.
 */
export const hasJapaneseLabel = (id: number) => id % 3 === 0;

/** The book titles in Japanese, in the order of book-texts.ts's `bookTitles`. */
export const japaneseBookTitles: readonly string[] = [
  '静かな庭',
  '冬の川',
  '最後の手紙',
  'ガラスの島',
  '北の光',
  '橋の小さな歴史',
  'プログラミング入門',
  '音楽の数学',
  '季節の料理',
  '夜明けの港',
  '星と石',
  '隠された図書館',
  '経済学入門',
  '山の道',
  'リスボンからの手紙',
  '野鳥図鑑',
  '忍耐の技術',
  'みんなの物理',
  '夜行列車',
];

/** Volume 1 is the plain title; later volumes say their number. */
export const japaneseVolumeLabel = (title: string, volume: number) =>
  volume === 1 ? title : `${title} 第${volume}巻`;

export const japaneseComputerLabels: Record<ComputerKind, (model: string) => string> = {
  laptop: (model) => `${model} ノートパソコン`,
  'all-in-one': (model) => `${model} 一体型パソコン`,
  '2-in-1': (model) => `${model} 2-in-1 タブレットPC`,
  workstation: (model) => `${model} モバイルワークステーション`,
};
