import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToDecimalString,
  formatBRL,
  formatDecimalBR,
  fromCents,
  maskCents,
  multiplyCents,
  parseMoney,
  sumCents,
  toCents,
} from './money.js';

describe('money', () => {
  it('converts reais to integer cents without float drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005)).toBe(101);
    expect(toCents('19.9')).toBe(1990);
    expect(toCents(-2.5)).toBe(-250);
    expect(toCents(Number.NaN)).toBe(0);
    expect(fromCents(123456)).toBe(1234.56);
  });
  it("reads the database's numeric(12,2) text exactly, whatever the amount", () => {
    expect(toCents('1234.50')).toBe(123450);
    expect(toCents('0.05')).toBe(5);
    expect(toCents('-0.10')).toBe(-10);
    expect(Object.is(toCents('-0.00'), 0)).toBe(true);
    expect(toCents('9999999999.99')).toBe(999999999999);
    // Not the database's form: the general rounding path.
    expect(toCents('1.005')).toBe(101);
    expect(toCents('1e2')).toBe(10000);
    expect(toCents('abc')).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: -999999999999, max: 999999999999 }), (cents) => {
        expect(toCents(centsToDecimalString(cents))).toBe(cents);
      }),
    );
  });
  it('formats R$ the Brazilian way', () => {
    expect(formatBRL(123456)).toBe('R$ 1.234,56');
    expect(formatBRL(5)).toBe('R$ 0,05');
    expect(formatBRL(0)).toBe('R$ 0,00');
    expect(formatBRL(100000000)).toBe('R$ 1.000.000,00');
    expect(formatBRL(-100)).toBe('-R$ 1,00');
    expect(formatDecimalBR(99990)).toBe('999,90');
    expect(centsToDecimalString(1990)).toBe('19.90');
    expect(centsToDecimalString(-5)).toBe('-0.05');
  });
  it('parses a comma as the decimal separator and drops extra dots', () => {
    expect(parseMoney('1.234,56')).toBe(123456);
    expect(parseMoney('R$ 1.234,56')).toBe(123456);
    expect(parseMoney('19,9')).toBe(1990);
    expect(parseMoney('1.234.56')).toBe(123456);
    expect(parseMoney('10.5')).toBe(1050);
    expect(parseMoney('10')).toBe(1000);
    expect(parseMoney('0,125')).toBe(13);
    expect(parseMoney('-3,50')).toBe(-350);
    expect(parseMoney('abc')).toBeNull();
    expect(parseMoney('')).toBeNull();
  });
  it('multiplies and sums on integers', () => {
    expect(multiplyCents(1999, 3)).toBe(5997);
    expect(sumCents([10, 20, 30])).toBe(60);
    expect(sumCents([])).toBe(0);
  });
  it('reads pt-BR thousands as thousands: 1.500 is never R$ 1,50', () => {
    expect(parseMoney('1.500')).toBe(150000);
    expect(parseMoney('1.500,00')).toBe(150000);
    expect(parseMoney('R$ 1.500,00')).toBe(150000);
    expect(parseMoney('12.345.678')).toBe(1234567800);
    expect(parseMoney('100.000')).toBe(10000000);
    // A dot before one or two digits, or after a comma, is the decimal point.
    expect(parseMoney('1500.5')).toBe(150050);
    expect(parseMoney('1500.50')).toBe(150050);
    expect(parseMoney('1,500.00')).toBe(150000);
    // Not thousands grouping: a leading zero, a first group of four digits.
    expect(parseMoney('0.500')).toBe(50);
    expect(parseMoney('1500.500')).toBe(150050);
  });
  it('round-trips format and parse', () => {
    for (const c of [0, 1, 99, 100, 123456, 98765432]) expect(parseMoney(formatBRL(c))).toBe(c);
  });
  it('property: every amount, formatted (with or without R$) and parsed, gives its cents back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (cents) => {
        expect(parseMoney(formatDecimalBR(cents))).toBe(cents);
        expect(parseMoney(formatBRL(cents))).toBe(cents);
        // Whole reais as a price list writes them ('1.500'), and with a decimal dot ('1500.00').
        const reais = Math.floor(cents / 100);
        expect(parseMoney(formatDecimalBR(reais * 100).slice(0, -3))).toBe(reais * 100);
        expect(parseMoney(centsToDecimalString(cents))).toBe(cents);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('cents mask (back-office money fields)', () => {
  it('fills the digits from the right: 8, 4, 9, 0 is R$ 84,90', () => {
    const typed = ['8', '4', '9', '0'].reduce<string[]>(
      (shown, d) => [...shown, maskCents(`${shown.at(-1) ?? ''}${d}`)],
      [],
    );
    expect(typed).toEqual(['0,08', '0,84', '8,49', '84,90']);
    expect(maskCents('')).toBe('');
    expect(maskCents('R$ abc')).toBe('');
    expect(maskCents('0')).toBe('0,00');
    expect(maskCents('0,005')).toBe('0,05');
    expect(maskCents('1.234,567')).toBe('12.345,67');
    // Past twelve digits (MAX_CENTS) a typed digit is dropped.
    expect(maskCents('9.999.999.999,999')).toBe('9.999.999.999,99');
  });
  it('property: typing the digits of any amount shows it formatted, and what is shown parses back to it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (cents) => {
        let shown = '';
        for (const digit of String(cents)) shown = maskCents(shown + digit);
        expect(shown).toBe(formatDecimalBR(cents));
        expect(parseMoney(shown)).toBe(cents);
        // The mask of a formatted amount is the amount itself.
        expect(maskCents(formatBRL(cents))).toBe(formatDecimalBR(cents));
      }),
      { numRuns: 2000 },
    );
  });
});
