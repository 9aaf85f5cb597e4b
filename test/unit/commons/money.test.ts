import { convert, isKnownCurrency } from '#commons/money';

const rates = { base: 'EUR', rates: { USD: 1.1, GBP: 0.85 } };

describe('money', () => {
  it('converts through the base currency and rounds to the cent', () => {
    expect(convert({ value: 10, currency: 'EUR' }, 'USD', rates)).toEqual({ value: 11, currency: 'USD' });
    expect(convert({ value: 8.5, currency: 'GBP' }, 'USD', rates)).toEqual({ value: 11, currency: 'USD' });
    expect(convert({ value: 19.99, currency: 'USD' }, 'GBP', rates)).toEqual({
      value: 15.45,
      currency: 'GBP',
    });
  });

  it('leaves a price alone when it is already in the target currency', () => {
    const price = { value: 9.99, currency: 'GBP' };
    expect(convert(price, 'GBP', rates)).toBe(price);
  });

  it('knows the base currency and the listed ones only', () => {
    expect(isKnownCurrency(rates, 'EUR')).toBe(true);
    expect(isKnownCurrency(rates, 'USD')).toBe(true);
    expect(isKnownCurrency(rates, 'JPY')).toBe(false);
    expect(() => convert({ value: 1, currency: 'EUR' }, 'JPY', rates)).toThrow();
  });
});
