/**
 * What a product listing over HTTP must answer, computed from the sandbox's seed (the same
 * catalogue the sandbox serves): the listing tests compare the API with these.
 */
import Big from 'big.js';
import { minorUnitOf } from '#commons/currencies';
import type { Money } from '#commons/money';
import type { ProductRecord } from '#functions/catalogue/domain/product';
import { api } from './api';
import { seed } from './seed';

export interface ListingElement {
  id: string;
  label: string;
  type: string;
  brand: string;
  price?: Money;
}

export interface Filter {
  country?: string;
  businessUnit?: string;
  currency?: string;
  productTypes?: readonly string[];
  brands?: readonly string[];
}

export const { rates } = seed.reference;
export const rateOf = (currency: string): number => {
  const rate = currency === rates.base ? 1 : rates.rates[currency];
  if (rate === undefined) throw new Error(`No seeded rate for ${currency}`);
  return rate;
};

/**
 * Prices are converted through the base currency at the exact rates and rounded once to the
 * target's minor unit, half away from zero (docs/decisions/money.md D104): big.js here, an
 * arithmetic of its own, so the API is compared with a reference rather than with itself.
 */
export const convert = (price: Money, target: string): Money => {
  if (price.currency === target) return price;
  Big.DP = 40;
  const exact = new Big(price.value).times(rateOf(target)).div(rateOf(price.currency));
  return { value: Number(exact.round(minorUnitOf(target)!.decimals, Big.roundHalfUp)), currency: target };
};

export const byId = (a: ProductRecord, b: ProductRecord) => a.id - b.id;

/** The seed's products a filter selects, in id order. */
export const matching = (filter: Filter): ProductRecord[] =>
  seed.products
    .filter(
      (p) =>
        (!filter.country || p.prices[filter.country] !== undefined) &&
        (!filter.businessUnit || p.businessUnit === filter.businessUnit) &&
        (!filter.productTypes?.length || filter.productTypes.includes(p.type)) &&
        (!filter.brands?.length || filter.brands.includes(p.brand)),
    )
    .sort(byId);

/** The page of the listing a client should receive, in English. */
export const expectedPage = (filter: Filter, page = 1, limit = 20): ListingElement[] => {
  const priced = Boolean(filter.country || filter.businessUnit || filter.currency);
  return matching(filter)
    .slice((page - 1) * limit, page * limit)
    .map((p) => {
      const local = filter.country ? p.prices[filter.country]! : p.basePrice;
      return {
        id: String(p.id),
        label: p.label.en,
        type: p.type,
        brand: p.brand,
        ...(priced ? { price: filter.currency ? convert(local, filter.currency) : local } : {}),
      };
    });
};

export const list = async (path: string, init?: RequestInit): Promise<ListingElement[]> => {
  const response = await api(path, init);
  expect({ path, status: response.status }).toEqual({ path, status: 200 });
  expect(Array.isArray(response.body)).toBe(true);
  return response.body as ListingElement[];
};

export const ids = (elements: readonly { id: string }[]) => elements.map((e) => e.id);
export const q = encodeURIComponent;

export const brandsOf = (type: ProductRecord['type']) => [
  ...new Set(seed.products.filter((p) => p.type === type).map((p) => p.brand)),
];
export const pipeBrand = seed.products.map((p) => p.brand).find((b) => b.includes('|'))!;
export const seededCountry = seed.reference.countries.find((c) => c.currency !== rates.base)!;
export const euroCountry = seed.reference.countries.find((c) => c.currency === rates.base)!;
export const foreignCurrency = Object.keys(rates.rates).find(
  (c) => !seed.reference.countries.some((country) => country.currency === c),
)!;
