import { DEFAULT_LANGUAGE, fallbacksOf, type Language, type Translated, translation } from './languages';

/**
 * `Accept-Language` (RFC 9110 §12.5.4) and the choice among the catalogue's languages by RFC 4647
 * §3.4 lookup (docs/decisions/http-requests.md D8, D17).
 */

/** One member of the header: a language range and its quality. */
export interface LanguageRange {
  readonly range: string;
  readonly q: number;
}

// language-range (RFC 4647 §2.1) [ OWS ";" OWS "q=" qvalue ], qvalue as RFC 9110 §12.4.2 writes it.
const MEMBER =
  /^([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\*)(?:[ \t]*;[ \t]*[qQ]=(0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?))?$/;

/**
 * The header's ranges in the client's order, or undefined when it is malformed (then it is
 * treated as absent: it only changes text, so it is no reason to refuse the request). Empty
 * members are allowed, as the list syntax allows them.
 */
export const parseAcceptLanguage = (header: string): LanguageRange[] | undefined => {
  const ranges: LanguageRange[] = [];
  for (const raw of header.split(',')) {
    const member = raw.trim();
    if (member === '') continue;
    const match = MEMBER.exec(member);
    if (!match) return undefined;
    ranges.push({ range: match[1]!.toLowerCase(), q: match[2] === undefined ? 1 : Number(match[2]) });
  }
  return ranges;
};

/**
 * RFC 4647 lookup of the ranges over `available` (the catalogue's languages): ranges by quality,
 * the client's order among equals; each range truncated from its end (`zh-Hant-TW`, `zh-Hant`,
 * `zh`) until a language of the catalogue matches. `*` names no language and is skipped; a range
 * of quality 0 makes every language it covers unacceptable. English when nothing matches.
 */
export const lookupLanguage = (
  ranges: readonly LanguageRange[] | undefined,
  available: readonly Language[],
): Language => {
  if (!ranges) return DEFAULT_LANGUAGE;
  const byLowerCase = new Map(available.map((tag) => [tag.toLowerCase(), tag]));
  const refused = ranges.filter((r) => r.q === 0 && r.range !== '*').map((r) => r.range);
  const acceptable = (tag: string) => !refused.some((r) => tag === r || tag.startsWith(`${r}-`));
  const wanted = ranges
    .map((r, order) => ({ ...r, order }))
    .filter((r) => r.q > 0 && r.range !== '*')
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { range } of wanted) {
    for (const candidate of fallbacksOf(range)) {
      const tag = byLowerCase.get(candidate);
      if (tag !== undefined && acceptable(candidate)) return tag;
    }
  }
  return DEFAULT_LANGUAGE;
};

/**
 * A request's language and the languages its texts were actually served in, for
 * `Content-Language`: each text is shown in the negotiated language, else its fallbacks, else
 * English.
 */
export class Translation {
  /** The languages served, by the answer's field they were served in. */
  readonly #served = new Map<Language, Set<string>>();

  constructor(readonly language: Language) {}

  /** The text of the answer's `field` as this request shows it; its language is recorded. */
  of(text: Translated, field: string): string {
    const found = translation(text, this.language);
    this.served(found.language, field);
    return found.text;
  }

  /** Records a language served from elsewhere (a listing's labels, from the text index). */
  served(language: Language, field: string): void {
    const fields = this.#served.get(language) ?? new Set();
    this.#served.set(language, fields.add(field));
  }

  /**
   * The languages of the fields the answer keeps (all of them without `fields`), the negotiated
   * one first; the negotiated one alone when no text is kept.
   */
  contentLanguages(kept?: ReadonlySet<string>): Language[] {
    const served = [...this.#served]
      .filter(([, fields]) => kept === undefined || [...fields].some((field) => kept.has(field)))
      .map(([language]) => language);
    if (served.length === 0) return [this.language];
    return served.sort((a, b) => Number(b === this.language) - Number(a === this.language));
  }
}
