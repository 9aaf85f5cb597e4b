/**
 * Catalogue texts in any language (docs/decisions/http-requests.md D8, D17), against a sandbox of
 * its own (the catalogue changes): a catalogue with Japanese, Traditional Chinese, Chinese, Polish,
 * Greek, Arabic and Brazilian Portuguese texts is published; each text is served under its own
 * `Accept-Language`, RFC 4647 lookup falls back from the specific to the general with
 * `Content-Language` naming what was served, and a file whose tag is not well-formed is refused,
 * naming its line.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import type { Translated } from '#commons/languages';
import { catalogueLines, parseCatalogue } from '#functions/catalogue/domain/catalogue-file';
import type { ProductRecord } from '#functions/catalogue/domain/product';
import { ACTIVE_VERSION_CACHE_MS } from '#functions/catalogue/store/active-version';
import { type CatalogueTarget, sandboxTarget } from '#local/catalogue/catalogue-target';
import { publishFile } from '#local/catalogue/publish-file';
import { seedCatalogueText } from '#local/seed/catalogue-file-seed';
import { type BatchSandbox, startBatchSandbox } from './support/batches';

const seed = (() => {
  const parsed = parseCatalogue(seedCatalogueText());
  if (!parsed.ok) throw new Error('the seed catalogue does not parse');
  return parsed.catalogue;
})();
const template = seed.products.find((p) => p.type === 'book')!;

const LABELS = {
  en: 'Tokyo ramen',
  ja: '東京の美味しいラーメン',
  zh: '东京拉面',
  'zh-Hant': '東京拉麵',
  pl: 'Żółta łódź',
  el: 'Η κίτρινη βάρκα',
  ar: 'رامن طوكيو',
  'pt-BR': 'Lámen de Tóquio',
  th: 'ราเมนโตเกียวรสเด็ด',
} as const satisfies Translated;
const TITLES = { en: 'Tokyo ramen, a cookbook', ja: '東京ラーメンの本' } satisfies Translated;

const product = (
  id: number,
  label: Translated,
  title: Translated = { en: `Title ${id}` },
): ProductRecord => ({
  ...template,
  id,
  brand: 'World Kitchen',
  label,
  title,
  description: { en: 'Recipes.' },
});
const WORLD = product(9101, LABELS, TITLES);
const ENGLISH_ONLY = product(9102, { en: 'English only' });

const catalogueText = (products: readonly ProductRecord[]) =>
  `${catalogueLines({ ...seed, products: [...seed.products, ...products] }).join('\n')}\n`;

describe('a catalogue in any language', () => {
  let sandbox: BatchSandbox;
  let target: CatalogueTarget;

  const get = async (path: string, acceptLanguage?: string) => {
    const response = await sandbox.api(
      path,
      acceptLanguage === undefined ? {} : { headers: { 'accept-language': acceptLanguage } },
    );
    expect(response.status).toBe(200);
    return {
      body: response.body as Record<string, unknown>,
      language: response.headers.get('content-language'),
    };
  };

  beforeAll(async () => {
    sandbox = await startBatchSandbox();
    target = sandboxTarget(sandbox.running);
    const outcome = await publishFile(target, 'catalogue', catalogueText([WORLD, ENGLISH_ONLY]));
    expect(outcome.status).toBe('SUCCEEDED');
    await sleep(ACTIVE_VERSION_CACHE_MS + 500);
  });
  afterAll(async () => {
    target?.close();
    await sandbox?.stop();
  });

  it.each(Object.entries(LABELS))('serves the %s text under its own Accept-Language', async (tag, label) => {
    const { body, language } = await get(`/products/${WORLD.id}?fields=label`, tag);
    expect(body).toEqual({ label });
    expect(language).toBe(tag);
  });

  it.each([
    ['ja-JP', 'ja', LABELS.ja],
    ['zh-Hant-TW', 'zh-Hant', LABELS['zh-Hant']],
    ['zh-Hans-CN', 'zh', LABELS.zh],
    ['pt-PT', 'en', LABELS.en],
    ['pl-PL, ja;q=0.9', 'pl', LABELS.pl],
    ['ko, el;q=0.5, ja;q=0.5', 'el', LABELS.el],
    ['ar;q=0, el;q=0.2', 'el', LABELS.el],
    ['*', 'en', LABELS.en],
  ])('looks %s up as %s (RFC 4647), and says so', async (header, tag, label) => {
    const { body, language } = await get(`/products/${WORLD.id}?fields=label`, header);
    expect(body).toEqual({ label });
    expect(language).toBe(tag);
  });

  it('names every language the answer is in: Japanese, and English where a text fell back', async () => {
    expect(await get(`/products/${WORLD.id}?fields=label,title`, 'ja')).toEqual({
      body: { label: LABELS.ja, title: TITLES.ja },
      language: 'ja',
    });
    expect((await get(`/products/${WORLD.id}`, 'ja')).language).toBe('ja, en');
    expect(await get(`/products/${ENGLISH_ONLY.id}?fields=label`, 'ja')).toEqual({
      body: { label: 'English only' },
      language: 'en',
    });
    const listing = await get('/products?brand=World%20Kitchen&fields=id,label', 'zh-Hant-TW');
    expect(listing).toEqual({
      body: [
        { id: String(WORLD.id), label: LABELS['zh-Hant'] },
        { id: String(ENGLISH_ONLY.id), label: 'English only' },
      ],
      language: 'zh-Hant, en',
    });
  });

  it('treats a malformed header as absent: English', async () => {
    expect(await get(`/products/${WORLD.id}?fields=label`, 'ja, el;q=abc')).toEqual({
      body: { label: LABELS.en },
      language: 'en',
    });
  });

  it.each([
    ['a Japanese word inside a longer Japanese label', 'ja', 'ラーメン'],
    ['a Chinese word inside a longer Chinese label', 'zh', '拉面'],
    ['a Traditional Chinese word', 'zh-Hant-TW', '拉麵'],
    ['a Thai word inside a longer Thai label', 'th', 'ราเมน'],
    ['Greek, whatever its case and accents', 'el', 'ΚΙΤΡΙΝΗ'],
    ['Polish, whatever its case and accents', 'pl', 'ZOLTA LODZ'],
  ])('finds %s (search in the answer’s language, D105)', async (_, tag, text) => {
    const response = await sandbox.api('/products/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': tag },
      body: JSON.stringify({ text, brand: ['World Kitchen'] }),
    });
    expect(response.status).toBe(200);
    expect((response.body as { id: string }[]).map((e) => e.id)).toEqual([String(WORLD.id)]);
  });

  it('refuses a file whose language tag is not well-formed, naming its line, and keeps the catalogue', async () => {
    const text = catalogueText([product(9101, { en: 'Tokyo ramen', ja_JP: '東京' }), ENGLISH_ONLY]);
    const line = text.split('\n').findIndex((l) => l.includes('"id":9101')) + 1;
    const outcome = await publishFile(target, 'catalogue', text);
    expect(outcome.status).toBe('FAILED');
    expect(outcome.record?.errors).toEqual([
      { line, message: 'product.label has a key "ja_JP" that is not a BCP 47 language tag' },
    ]);
    expect((await get(`/products/${WORLD.id}?fields=label`, 'ja')).body).toEqual({ label: LABELS.ja });
  });
});
