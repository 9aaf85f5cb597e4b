import { LANGUAGE_TAG_PATTERN, MAX_TAG_LENGTH } from '#commons/languages';

/**
 * The small JSON Schema pieces the catalogue file's line schemas are made of (draft 2020-12).
 * Every string and number is bounded so that one line can never be arbitrarily large.
 */

/** Ids are positive 32-bit integers: the listing sort keys pad them to ten digits. */
export const MAX_ID = 2_147_483_647;

export const positiveId = { type: 'integer', minimum: 1, maximum: MAX_ID } as const;

/** A non-empty string of at most `maxLength` characters. */
export const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;

/** Lengths of the catalogue's texts: names and measures, titles, long descriptions. */
export const SHORT_TEXT = 200;
export const TITLE_TEXT = 500;
export const LONG_TEXT = 5000;

/** ISO 4217 currency code, e.g. `EUR`. */
export const currencyCode = {
  type: 'string',
  pattern: '^[A-Z]{3}$',
  description: 'ISO 4217 currency code with a minor unit, upper case',
} as const;

/** ISO 3166-1 alpha-2 country code, upper case, e.g. `FR`. */
export const countryCode = {
  type: 'string',
  pattern: '^[A-Z]{2}$',
  description: 'ISO 3166-1 alpha-2 country code, upper case',
} as const;

/** The same rule as the API's `business-unit` and `location_id` parameters, so every id is reachable. */
export const slugId = {
  type: 'string',
  pattern: '^[a-z0-9][a-z0-9-]{0,39}$',
  description: 'lower-case letters, digits and `-`, at most 40 characters',
} as const;

/** How many languages one text may be written in. */
export const MAX_TEXT_LANGUAGES = 50;

/**
 * A text in English and any other languages, each under its BCP 47 tag (docs/decisions/http-requests.md
 * D8); the rules between lines ask for the tag's canonical form.
 */
export const translated = (maxLength: number) =>
  ({
    type: 'object',
    required: ['en'],
    description:
      'language (a BCP 47 tag in its canonical form: en, ja, zh-Hant, pt-BR) → text; en is required',
    propertyNames: { type: 'string', pattern: LANGUAGE_TAG_PATTERN, maxLength: MAX_TAG_LENGTH },
    additionalProperties: text(maxLength),
    maxProperties: MAX_TEXT_LANGUAGES,
  }) as const;

/**
 * A price; the value is in units of the currency (24.99), not in cents, with at most the
 * currency's ISO 4217 decimals: the rules between lines check that (docs/decisions/money.md D103).
 */
export const money = {
  type: 'object',
  required: ['value', 'currency'],
  properties: {
    value: {
      type: 'number',
      minimum: 0,
      maximum: 1_000_000_000,
      description:
        'units of the currency, with at most the decimals of its ISO 4217 minor unit (2 for EUR, 0 for JPY, 3 for KWD)',
    },
    currency: currencyCode,
  },
  additionalProperties: false,
} as const;

/** A stock quantity: whole units, never negative. */
export const quantity = { type: 'integer', minimum: 0, maximum: MAX_ID } as const;
