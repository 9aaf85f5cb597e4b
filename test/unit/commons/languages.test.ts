import { negotiateLanguage, translate } from '#commons/languages';

describe('negotiateLanguage (docs/decisions/http-requests.md D8)', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['fr', 'fr'],
    ['fr-FR', 'fr'],
    ['DE-ch', 'de'],
    ['ja, es;q=0.5', 'es'],
    ['fr;q=0.4, it;q=0.8', 'it'],
    ['de;q=0.9, fr', 'fr'],
    ['es, it', 'es'],
    ['*', 'en'],
    ['ja, zh', 'en'],
    ['fr;q=0, de;q=0.1', 'de'],
    ['fr;q=abc', 'en'],
    ['de;Q=0.1, fr;q=0.5', 'fr'],
    [';;;,,,', 'en'],
  ])('%p → %p', (header, expected) => {
    expect(negotiateLanguage(header)).toBe(expected);
  });
});

describe('translate', () => {
  it('falls back to English when the translation is missing', () => {
    expect(translate({ en: 'Book', fr: 'Livre' }, 'fr')).toBe('Livre');
    expect(translate({ en: 'Book', fr: 'Livre' }, 'it')).toBe('Book');
  });
});
