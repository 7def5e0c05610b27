import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatBRL, sumCents } from '../money.js';
import { moneySchema } from './money.js';

describe('dinheiro no JSON: reais com duas casas no fio, centavos no código', () => {
  it('decodifica reais em centavos e codifica de volta', () => {
    expect(moneySchema.parse(12.9)).toBe(1290);
    expect(moneySchema.parse(0)).toBe(0);
    expect(moneySchema.parse(1234.56)).toBe(123456);
    expect(z.encode(moneySchema, 1290)).toBe(12.9);
    expect(z.encode(moneySchema, 123456)).toBe(1234.56);
  });

  it('recusa negativos, mais de duas casas e o que não é número', () => {
    for (const bad of [-0.01, 0.001, 1.005, Number.NaN, Infinity, '12.90', null]) {
      expect(moneySchema.safeParse(bad).success, String(bad)).toBe(false);
    }
    // 0.1 + 0.2 in floating point is 0.30000000000000004: not an amount.
    expect(moneySchema.safeParse(0.1 + 0.2).success).toBe(false);
  });

  it('somas em centavos nunca produzem 0,30000000000000004', () => {
    const total = sumCents([moneySchema.parse(0.1), moneySchema.parse(0.2)]);
    expect(total).toBe(30);
    expect(z.encode(moneySchema, total)).toBe(0.3);
    expect(formatBRL(total)).toBe('R$ 0,30');
  });

  it('propriedade: qualquer lista de preços soma exatamente, e ida e volta pelo JSON é exata', () => {
    const cents = fc.integer({ min: 0, max: 99_999_999 });
    fc.assert(
      fc.property(fc.array(cents, { maxLength: 40 }), (values) => {
        const wire = JSON.parse(JSON.stringify(values.map((v) => z.encode(moneySchema, v)))) as number[];
        const back = wire.map((w) => moneySchema.parse(w));
        expect(back).toEqual(values);
        const total = sumCents(back);
        expect(total).toBe(values.reduce((a, b) => a + b, 0));
        expect(Number.isInteger(total)).toBe(true);
        const shown = formatBRL(total);
        expect(shown).toMatch(/^R\$ \d{1,3}(\.\d{3})*,\d{2}$/);
      }),
      { numRuns: 500 },
    );
  });
});
