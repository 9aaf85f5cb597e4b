import { lookupLanguage, parseAcceptLanguage, Translation } from '#commons/language-negotiation';
import { canonicalTag, fallbacksOf, translate, translation } from '#commons/languages';

const CATALOGUE = ['en', 'fr', 'de', 'ja', 'zh', 'zh-Hant', 'pt-BR', 'sr-Latn', 'ar'];
const negotiate = (header: string | undefined, available = CATALOGUE) =>
  lookupLanguage(header === undefined ? undefined : parseAcceptLanguage(header), available);

describe('language tags (docs/decisions/http-requests.md D8)', () => {
  it('takes any well-formed BCP 47 tag and knows its canonical form', () => {
    expect(['ja', 'zh-Hant', 'pt-BR', 'sr-Latn', 'ar', 'es-419', 'de-CH-1996'].map(canonicalTag)).toEqual([
      'ja',
      'zh-Hant',
      'pt-BR',
      'sr-Latn',
      'ar',
      'es-419',
      'de-CH-1996',
    ]);
    expect(canonicalTag('pt-br')).toBe('pt-BR');
    expect(canonicalTag('ZH-hant-tw')).toBe('zh-Hant-TW');
    expect(canonicalTag('iw')).toBe('he');
  });

  it('refuses what is not a language tag, extensions and private use included', () => {
    for (const tag of [
      '',
      'e',
      'english-',
      'pt_BR',
      'en-',
      'zh-Hant-TW-x-private',
      'en-u-ca-gregory',
      '12',
      'a'.repeat(36),
    ])
      expect(canonicalTag(tag)).toBeUndefined();
  });

  it('falls back from the specific to the general, as RFC 4647 lookup truncates', () => {
    expect(fallbacksOf('zh-Hant-TW')).toEqual(['zh-Hant-TW', 'zh-Hant', 'zh']);
    expect(fallbacksOf('zh-Hant-CN-x-private1-private2')).toEqual([
      'zh-Hant-CN-x-private1-private2',
      'zh-Hant-CN-x-private1',
      'zh-Hant-CN',
      'zh-Hant',
      'zh',
    ]);
  });

  it('shows a text in its language, else its fallbacks, else English, and says which', () => {
    const text = { en: 'Book', fr: 'Livre', zh: '书', 'zh-Hant': '書' };
    expect(translation(text, 'zh-Hant-TW')).toEqual({ text: '書', language: 'zh-Hant' });
    expect(translation(text, 'zh-Hans')).toEqual({ text: '书', language: 'zh' });
    expect(translation(text, 'fr-CA')).toEqual({ text: 'Livre', language: 'fr' });
    expect(translate(text, 'it')).toBe('Book');
  });
});

describe('Accept-Language, looked up over the catalogue’s languages (RFC 9110, RFC 4647)', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['ja', 'ja'],
    ['fr-CA', 'fr'],
    ['zh-Hant-TW', 'zh-Hant'],
    ['zh-Hans-CN', 'zh'],
    ['pt-BR', 'pt-BR'],
    ['pt', 'en'],
    ['PT-br', 'pt-BR'],
    ['it, ja;q=0.5', 'ja'],
    ['fr;q=0.4, de;q=0.8', 'de'],
    ['de;q=0.9, fr', 'fr'],
    ['fr, de', 'fr'],
    ['de, fr', 'de'],
    ['*', 'en'],
    ['*, ja;q=0.1', 'ja'],
    ['ko, ru', 'en'],
    ['fr;q=0, de;q=0.1', 'de'],
    ['fr-CA, fr;q=0, de;q=0.5', 'de'],
    ['de;Q=0.1, fr;q=0.5', 'fr'],
    ['ja,,  , de', 'ja'],
  ])('%p → %p', (header, expected) => {
    expect(negotiate(header)).toBe(expected);
  });

  it.each(['de, fr;q=abc', 'fr;q=2', 'fr;q=0.1234', 'fr;level=1', 'en_US', ';;;', 'de fr'])(
    'treats the malformed %p as absent: English',
    (header) => {
      expect(parseAcceptLanguage(header)).toBeUndefined();
      expect(negotiate(header)).toBe('en');
    },
  );
});

describe('Translation', () => {
  it('names the languages actually served, the negotiated one first', () => {
    const t = new Translation('ja');
    expect(t.contentLanguages()).toEqual(['ja']);
    t.of({ en: 'Recipes' }, 'description');
    expect(t.contentLanguages()).toEqual(['en']);
    t.of({ en: 'Book', ja: '本' }, 'label');
    expect(t.contentLanguages()).toEqual(['ja', 'en']);
  });

  it('counts only the fields the answer keeps', () => {
    const t = new Translation('ja');
    t.of({ en: 'Book', ja: '本' }, 'label');
    t.of({ en: 'Recipes' }, 'description');
    expect(t.contentLanguages(new Set(['id', 'label']))).toEqual(['ja']);
    expect(t.contentLanguages(new Set(['id']))).toEqual(['ja']);
    expect(t.contentLanguages(new Set(['description']))).toEqual(['en']);
  });
});
