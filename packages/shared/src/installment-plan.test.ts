import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInstallmentPlan, optionOfOffer } from './installment-plan.js';
import { installmentOptions, MAX_PARCELAS } from './installments.js';
import { MAX_PARCELAS_NO_FIO, parcelamentoSchema } from './schemas/parcelamento.js';

describe('optionOfOffer', () => {
  it('gives back every option of the rule from what the API sends of it (count, installment, total, rates)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 50_000 }),
        (amount, max, semJuros, juros, minima) => {
          const rule = {
            maxParcelas: max,
            parcelasSemJuros: semJuros,
            jurosMensal: juros / 100,
            parcelaMinima: minima,
          };
          for (const o of installmentOptions(amount, rule)) {
            const { parcelasCents: _p, custoJuros: _c, ...offer } = o;
            expect(optionOfOffer(amount, offer)).toEqual(o);
          }
        },
      ),
    );
  });
});

describe('formatInstallmentPlan', () => {
  it('writes the installments of an order as its screens and e-mails show them', () => {
    expect(formatInstallmentPlan({ parcelas: 6, valorParcela: 17798, total: 106788 })).toBe(
      '6x de R$ 177,98 (total R$ 1.067,88)',
    );
    expect(formatInstallmentPlan({ parcelas: 1, valorParcela: 100000, total: 100000 })).toBe('À vista: R$ 1.000,00');
  });
});

describe('parcelamentoSchema', () => {
  it('takes up to the most installments a rule may offer, and no more', () => {
    expect(MAX_PARCELAS_NO_FIO).toBe(MAX_PARCELAS);
    const plano = (parcelas: number) => ({ parcelas, valorParcela: 10, total: 10 * parcelas });
    expect(parcelamentoSchema.safeParse(plano(MAX_PARCELAS)).success).toBe(true);
    expect(parcelamentoSchema.safeParse(plano(MAX_PARCELAS + 1)).success).toBe(false);
    expect(parcelamentoSchema.safeParse(plano(0)).success).toBe(false);
  });
});
