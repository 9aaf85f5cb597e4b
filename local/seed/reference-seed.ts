import type { BusinessUnit, Country, ReferenceData } from '#functions/contracts/seed-records';
import type { Translated } from '#functions/contracts/served-languages';

/** Countries where the catalogue is sold, in the order listings show them. */
export const seedCountries: readonly Country[] = [
  {
    id: 'FR',
    currency: 'EUR',
    label: { en: 'France', fr: 'France', de: 'Frankreich', es: 'Francia', it: 'Francia' },
  },
  {
    id: 'DE',
    currency: 'EUR',
    label: { en: 'Germany', fr: 'Allemagne', de: 'Deutschland', es: 'Alemania', it: 'Germania' },
  },
  {
    id: 'ES',
    currency: 'EUR',
    label: { en: 'Spain', fr: 'Espagne', de: 'Spanien', es: 'España', it: 'Spagna' },
  },
  {
    id: 'IT',
    currency: 'EUR',
    label: { en: 'Italy', fr: 'Italie', de: 'Italien', es: 'Italia', it: 'Italia' },
  },
  {
    id: 'GB',
    currency: 'GBP',
    label: {
      en: 'United Kingdom',
      fr: 'Royaume-Uni',
      de: 'Vereinigtes Königreich',
      es: 'Reino Unido',
      it: 'Regno Unito',
    },
  },
  {
    id: 'US',
    currency: 'USD',
    label: {
      en: 'United States',
      fr: 'États-Unis',
      de: 'Vereinigte Staaten',
      es: 'Estados Unidos',
      it: 'Stati Uniti',
    },
  },
];

const unit = (id: string, label: Translated): BusinessUnit => ({ id, label });

/** Five business units; `professional` has no Italian label on purpose (shows the English fallback). */
export const seedBusinessUnits: readonly BusinessUnit[] = [
  unit('books', { en: 'Books', fr: 'Livres', de: 'Bücher', es: 'Libros', it: 'Libri' }),
  unit('education', { en: 'Education', fr: 'Éducation', de: 'Bildung', es: 'Educación', it: 'Istruzione' }),
  unit('computing', {
    en: 'Computing',
    fr: 'Informatique',
    de: 'Computer',
    es: 'Informática',
    it: 'Informatica',
  }),
  unit('gaming', { en: 'Gaming', fr: 'Jeux vidéo', de: 'Gaming', es: 'Videojuegos', it: 'Videogiochi' }),
  unit('professional', { en: 'Professional', fr: 'Professionnel', de: 'Profi', es: 'Profesional' }),
];

/** Fixed rates, units of each currency for 1 EUR (plausible early-2026 values; never updated). */
export const seedRates = {
  base: 'EUR',
  rates: { GBP: 0.85, USD: 1.08, CHF: 0.94, JPY: 162.5, CAD: 1.47, SEK: 11.25, KWD: 0.3305 },
} as const;

export const seedReference: ReferenceData = {
  countries: seedCountries,
  businessUnits: seedBusinessUnits,
  rates: seedRates,
};

/** Stock locations: every product has a stock level at each of them. */
export const seedLocations = [
  'paris-1',
  'berlin-1',
  'madrid-1',
  'milan-1',
  'london-1',
  'new-york-1',
] as const;

/** The one time every seeded stock level was counted (no clock in the seed). */
export const SEED_STOCK_UPDATED_AT = '2026-01-15T08:00:00.000Z';
