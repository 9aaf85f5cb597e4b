import { fieldNames } from '#commons/field-names';
import type { Translation } from '#commons/language-negotiation';
import type { Translated } from '#commons/languages';
import type { ExchangeRates } from '#commons/money';

export interface Country {
  /** ISO 3166-1 alpha-2 code, upper case. */
  readonly id: string;
  readonly label: Translated;
  /** ISO 4217 code of the currency prices are shown in there. */
  readonly currency: string;
}

export interface BusinessUnit {
  readonly id: string;
  readonly label: Translated;
}

/** The small, slowly changing lists that scope and price listings. */
export interface ReferenceData {
  readonly countries: readonly Country[];
  readonly businessUnits: readonly BusinessUnit[];
  readonly rates: ExchangeRates;
}

export interface StockLevel {
  readonly productId: number;
  readonly locationId: string;
  readonly quantity: number;
  readonly updatedAt: string;
}

export const stockView = (s: StockLevel) => ({
  product_id: s.productId,
  location_id: s.locationId,
  quantity: s.quantity,
  updated_at: s.updatedAt,
});

export const countryView = (c: Country, translation: Translation) => ({
  id: c.id,
  label: translation.of(c.label, 'label'),
  currency: c.currency,
});

export const businessUnitView = (u: BusinessUnit, translation: Translation) => ({
  id: u.id,
  label: translation.of(u.label, 'label'),
});

export const STOCK_FIELDS = fieldNames<ReturnType<typeof stockView>>()([
  'product_id',
  'location_id',
  'quantity',
  'updated_at',
]);
export const COUNTRY_FIELDS = fieldNames<ReturnType<typeof countryView>>()(['id', 'label', 'currency']);
export const BUSINESS_UNIT_FIELDS = fieldNames<ReturnType<typeof businessUnitView>>()(['id', 'label']);
