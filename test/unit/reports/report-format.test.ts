import { ContentWriter } from '#functions/reports/domain/content-writer';
import {
  formatCount,
  formatMinor,
  formatUtc,
  fractionDigits,
  totalsByCurrency,
} from '#functions/reports/domain/report-format';
import { exactWinAnsi } from '#functions/reports/domain/win-ansi';

describe('report formatting', () => {
  it('groups thousands and keeps the minor unit of each currency', () => {
    expect([0, 7, 999, 1000, 12345, 1234567, -4200].map(formatCount)).toEqual([
      '0',
      '7',
      '999',
      '1,000',
      '12,345',
      '1,234,567',
      '-4,200',
    ]);
    expect(formatMinor(5, 2)).toBe('0.05');
    expect(formatMinor(123456789, 2)).toBe('1,234,567.89');
    expect(formatMinor(-1999, 2)).toBe('-19.99');
    expect(formatMinor(4800, 0)).toBe('4,800');
    expect(formatMinor(1234, 3)).toBe('1.234');
    expect([
      fractionDigits('EUR'),
      fractionDigits('JPY'),
      fractionDigits('KWD'),
      fractionDigits('ZZZ'),
    ]).toEqual([2, 0, 3, 2]);
    expect(formatUtc(new Date('2026-01-05T08:09:10.999Z'))).toBe('2026-01-05 08:09:10 UTC');
  });

  it('sums per currency in minor units, so many small amounts add up exactly', () => {
    const orders = Array.from({ length: 1000 }, (_, i) => ({
      id: i,
      userId: 2,
      createdAt: '2025-01-01 00:00:00',
      status: 'paid' as const,
      total: { value: 0.1, currency: i % 2 ? 'USD' : 'EUR' },
      sentOn: null,
    }));
    expect(totalsByCurrency(orders)).toEqual([
      { currency: 'EUR', minor: 5000, digits: 2, count: 500 },
      { currency: 'USD', minor: 5000, digits: 2, count: 500 },
    ]);
  });

  it('encodes for the WinAnsi fonts only a text they print exactly: Latin-1 and the Windows-1252 extras', () => {
    expect(exactWinAnsi('plain (ascii)')).toBe('plain (ascii)');
    expect(exactWinAnsi('Zoë — 5 €')).toBe('Zo\xeb \x97 5 \x80');
    // Anything else goes to the embedded fonts whole, unchanged: no letter loses its stroke or
    // accent, and no sequence is normalised into another.
    expect(exactWinAnsi('Łódź')).toBeUndefined();
    expect(exactWinAnsi('日本')).toBeUndefined();
    expect(exactWinAnsi('e\u0301')).toBeUndefined();
    expect(exactWinAnsi('a\tb')).toBeUndefined();
  });

  it('writes operators, numbers with at most two decimals and escaped literal strings as bytes', () => {
    const out = new ContentWriter();
    out.raw('BT ').num(50).num(-3.5).num(12.345).num(0.004).literal('a(b)c\\d\xe9').raw(' Tj');
    expect(out.bytes().toString('latin1')).toBe('BT 50 -3.5 12.35 0 (a\\(b\\)c\\\\d\xe9) Tj');
    out.reset();
    for (let i = 0; i < 10_000; i++) out.raw('0123456789');
    expect(out.bytes().length).toBe(100_000);
  });
});
