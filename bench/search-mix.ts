/**
 * The criteria a search benchmark asks (bench/search.ts, docs/performance.md "Budgets"), in French, over a
 * catalogue made by the seed's rules: words rare (a title's word, a volume number) and common (in
 * most products: `de`, `edition`), a prefix, every filter, every sort, and deep pages (the last
 * pages of large answers). As a function receives them: already validated.
 */
import type { SearchRequest } from '#functions/contracts/search-engine';

const base: SearchRequest = { productTypes: [], brands: [], page: 1, limit: 20, sort: 'id' };

export const searchMix = (products: number): SearchRequest[] => {
  /** A page among the last of an answer of about `matches` products. */
  const deep = (matches: number, limit = 20) => Math.max(1, Math.floor((matches * 0.9) / limit));
  return [
    { ...base, text: 'jardin' },
    { ...base, text: 'riviere hiver', sort: 'relevance' },
    { ...base, text: 'jardin silencieux tome', sort: 'relevance', limit: 5 },
    { ...base, text: 'ecran', page: 3 },
    { ...base, text: 'ordi', sort: 'price', country: 'GB' },
    { ...base, text: 'ordinateur portable', sort: '-price', country: 'FR' },
    { ...base, text: 'de', sort: 'relevance' },
    { ...base, text: 'de', sort: 'relevance', page: deep(products * 0.8, 100), limit: 100 },
    { ...base, text: 'edition', sort: 'relevance', page: 40 },
    { ...base, text: 'memoire ram', sort: 'relevance', page: 5, country: 'DE' },
    { ...base, text: 'edition poche', sort: 'price', page: deep(products * 0.3) },
    { ...base, text: 'voltix', brands: ['Voltix'] },
    { ...base, country: 'FR', price: { min: 10, max: 20 } },
    { ...base, country: 'GB', currency: 'USD', price: { max: 30 }, sort: 'price', page: 10 },
    { ...base, computer: { ramGb: { min: 16 } }, sort: 'price' },
    { ...base, computer: { screenIn: { min: 13, max: 15 }, cpu: 'helion' }, page: deep(products * 0.1) },
    { ...base, book: { author: 'romero' }, sort: '-price', country: 'DE', currency: 'USD' },
    { ...base, book: { publisher: 'atlas' }, page: 50 },
    { ...base, inStockAt: 'paris-1', page: 50 },
    { ...base, inStockAt: 'london-1', sort: '-price', page: deep(products * 0.85, 100), limit: 100 },
    { ...base, productTypes: ['book'], sort: '-price' },
    { ...base, productTypes: ['book'], sort: 'price', page: deep(products * 0.6, 50), limit: 50 },
    { ...base, brands: ['Voltix', 'Nimbus'], page: 10 },
    { ...base, brands: ['Nimbus'], page: deep(products / 20, 100), limit: 100 },
    { ...base, businessUnit: 'education', sort: 'price', page: 30 },
    { ...base, country: 'FR', sort: 'id', page: deep(products * 0.6, 100), limit: 100 },
  ];
};

/**
 * The criteria of the catalogue whose texts are one third Japanese or Chinese (bench/cjk-catalogue.ts),
 * asked beside searchMix's: words of those texts, whole or a part the segmenter does not cut
 * (`ヴェーバー`, `第3巻`), one character (`庭`, `的`: in a sixth of the products), a run of several
 * words, Latin and Japanese together, every sort, deep pages.
 */
export const cjkSearchMix = (products: number): SearchRequest[] => {
  const deep = (matches: number, limit = 20) => Math.max(1, Math.floor((matches * 0.9) / limit));
  return [
    { ...base, text: '静かな庭' },
    { ...base, text: '庭', sort: 'relevance' },
    { ...base, text: '的', sort: 'relevance', page: deep(products * 0.05, 100), limit: 100 },
    { ...base, text: 'ノートパソコン', sort: 'price', country: 'GB' },
    { ...base, text: '笔记本电脑', sort: '-price', country: 'FR' },
    { ...base, text: '小说', sort: 'relevance', page: 10 },
    { ...base, text: '第3巻' },
    { ...base, text: 'ヴェーバー', sort: 'relevance' },
    { ...base, text: 'voltix ノートパソコン', sort: 'relevance' },
    { ...base, text: 'メモリ', sort: 'price', page: deep(products * 0.05) },
    { ...base, text: '隐秘的图书馆', sort: 'relevance', limit: 5 },
    { ...base, text: 'ページ', sort: 'relevance', page: 40 },
    { ...base, text: 'プログラミング入門 文庫版', sort: 'relevance' },
    { ...base, text: '内存', computer: { ramGb: { min: 16 } }, sort: 'price' },
  ];
};
