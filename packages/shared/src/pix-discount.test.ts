import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPixPrice, pixDiscount, pixPrice } from './pix-discount.js';

describe('pixDiscount and pixPrice (ADR 024)', () => {
  it('R$ 499,00 at 5 % → R$ 24,95 off, R$ 474,05', () => {
    expect(pixDiscount(49900, 5)).toBe(2495);
    expect(pixPrice(49900, 5)).toBe(47405);
    expect(formatPixPrice(pixPrice(49900, 5))).toBe('R$ 474,05 no PIX');
  });

  it('rounds half up to the cent', () => {
    expect(pixDiscount(10, 5)).toBe(1); // 0,5 cent → 1
    expect(pixDiscount(9, 5)).toBe(0); // 0,45 cent → 0
    expect(pixDiscount(12345, 7.5)).toBe(926); // 925,875 → 926
    expect(pixDiscount(1001, 2.35)).toBe(24); // 23,5235 → 24
    expect(pixDiscount(100, 0.5)).toBe(1); // 0,5 → 1
    // 1.1 % in floats is 1.1000000000000001: the hundredths are read as 110.
    expect(pixDiscount(1000, 1.1)).toBe(11);
    // The largest amount numeric(12,2) holds stays exact: 999.999.999.999 × 99,99 % = 999.899.999.999,0001.
    expect(pixDiscount(999_999_999_999, 99.99)).toBe(999_899_999_999);
  });

  it('gives nothing for no percent or no amount, never more than the amount', () => {
    expect(pixDiscount(49900, 0)).toBe(0);
    expect(pixDiscount(49900, -5)).toBe(0);
    expect(pixDiscount(49900, Number.NaN)).toBe(0);
    expect(pixDiscount(0, 5)).toBe(0);
    expect(pixDiscount(-100, 5)).toBe(0);
    expect(pixDiscount(49900, 100)).toBe(49900);
    expect(pixDiscount(49900, 250)).toBe(49900);
    expect(pixPrice(49900, 100)).toBe(0);
    expect(pixPrice(-100, 5)).toBe(0);
  });

  it('property: 0 ≤ discount ≤ amount, price + discount = amount, within half a cent of the exact discount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: -500, max: 12_000 }).map((h) => h / 100),
        (amount, percent) => {
          const discount = pixDiscount(amount, percent);
          expect(Number.isInteger(discount)).toBe(true);
          expect(discount).toBeGreaterThanOrEqual(0);
          expect(discount).toBeLessThanOrEqual(amount);
          expect(pixPrice(amount, percent) + discount).toBe(amount);
          if (percent <= 0) expect(discount).toBe(0);
          else if (percent < 100) expect(Math.abs(discount - (amount * percent) / 100)).toBeLessThanOrEqual(0.5 + 1e-6);
        },
      ),
    );
  });

  it('property: a larger percent or amount never gives a smaller discount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (amount, a, b, more) => {
          const [low, high] = a <= b ? [a / 100, b / 100] : [b / 100, a / 100];
          expect(pixDiscount(amount, high)).toBeGreaterThanOrEqual(pixDiscount(amount, low));
          expect(pixDiscount(amount + more, high)).toBeGreaterThanOrEqual(pixDiscount(amount, high));
        },
      ),
    );
  });
});
