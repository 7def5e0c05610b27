import { installmentOptions } from '@clinica/shared/installments';
import { describe, expect, it } from 'vitest';
import type { InstallmentChoice } from '../../../components/payment/installment-select';
import { paymentConditions } from './contract-summary';

/** The offer for R$ 1.000,00: 3x without interest, up to 6x at 1,99% a month. */
const choice = (parcelas: number): InstallmentChoice => {
  const options = installmentOptions(100_000, {
    maxParcelas: 6,
    parcelasSemJuros: 3,
    jurosMensal: 1.99,
    parcelaMinima: 0,
  });
  const o = options.find((x) => x.parcelas === parcelas)!;
  return {
    amount: 100_000,
    options,
    loading: false,
    failed: false,
    parcelas,
    setParcelas: () => undefined,
    plan: { parcelas, valorParcela: o.valorParcela, total: o.total },
    bin: null,
  };
};
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('paymentConditions (the contract summary, ADR 035)', () => {
  it('PIX and boleto are paid at once', () => {
    expect(paymentConditions('pix', 95_000)).toBe('PIX à vista');
    expect(paymentConditions('boleto', 100_000)).toBe('Boleto bancário à vista');
  });

  it('by card: at once, installments without interest, and with interest its rate, total and cost', () => {
    expect(plain(paymentConditions('credit', 100_000, choice(1)))).toBe('Cartão de crédito à vista (R$ 1.000,00)');
    expect(plain(paymentConditions('credit', 100_000, choice(3)))).toBe(
      'Cartão de crédito em 3x de R$ 333,33 sem juros (total R$ 1.000,00)',
    );
    const c6 = choice(6);
    const o = c6.options.find((x) => x.parcelas === 6)!;
    expect(o.custoJuros).toBeGreaterThan(0);
    expect(plain(paymentConditions('credit', 100_000, c6))).toBe(
      plain(
        `Cartão de crédito em 6x de ${formatted(o.valorParcela)} com juros de 1,99% a.m. (total ${formatted(o.total)}, sendo ${formatted(o.custoJuros)} de juros)`,
      ),
    );
  });

  it('by card while the offer loads: the plan that would be sent (1x of the total)', () => {
    expect(plain(paymentConditions('credit', 12_345))).toBe('Cartão de crédito à vista (R$ 123,45)');
  });
});

function formatted(c: number) {
  return `R$ ${(c / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
