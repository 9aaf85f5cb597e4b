import type { Translated } from './languages';
import type { ExchangeRates } from './money';

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
