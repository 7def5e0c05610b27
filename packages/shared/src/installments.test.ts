import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bestInstallmentOffer,
  formatInstallmentLabel,
  formatInstallmentOffer,
  installmentOption,
  installmentOptions,
  MAX_PARCELAS,
  priceInstallments,
  saneInstallmentRule,
  yearlyRate,
  type InstallmentRule,
} from './installments.js';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const rule = (over: Partial<InstallmentRule> = {}): InstallmentRule => ({
  maxParcelas: 12,
  parcelasSemJuros: 3,
  jurosMensal: 1.99,
  parcelaMinima: 500,
  ...over,
});

describe('priceInstallments (Tabela Price, ADR 024)', () => {
  it('R$ 1.000,00 in 6x at 1,99 % a.m.: PMT 178,4656 → 5 × R$ 178,47 and R$ 178,44, total R$ 1.070,79', () => {
    // PMT = 1000 · 0.0199 / (1 − 1.0199^−6) = 178.46556…; total = 6 · PMT = 1070.7934… → 1070.79.
    expect(priceInstallments(100000, 1.99, 6)).toEqual([17847, 17847, 17847, 17847, 17847, 17844]);
  });

  it('other known figures', () => {
    // 1000 · 0.0199 / (1 − 1.0199^−12) = 94.5015…; × 12 = 1134.0184… → 1134.02.
    expect(priceInstallments(100000, 1.99, 12)).toEqual([...Array<number>(11).fill(9450), 9452]);
    // 499 · 0.0249 / (1 − 1.0249^−10) = 56.9857…; × 10 = 569.857 → 569.86.
    expect(priceInstallments(49900, 2.49, 10)).toEqual([...Array<number>(9).fill(5699), 5695]);
    // 1000 · 0.0199 / (1 − 1.0199^−2) = 514.974…; × 2 = 1029.948 → 1029.95.
    expect(priceInstallments(100000, 1.99, 2)).toEqual([51497, 51498]);
    expect(priceInstallments(100000, 1.99, 1)).toEqual([101990]);
  });

  it('the yearly rate is the effective one, 2 decimals', () => {
    expect([yearlyRate(1.99), yearlyRate(1), yearlyRate(0)]).toEqual([26.68, 12.68, 0]);
  });

  it('with no interest splits the amount, the cents left over in the last installment', () => {
    expect(priceInstallments(100000, 0, 3)).toEqual([33333, 33333, 33334]);
    expect(priceInstallments(49900, 0, 10)).toEqual(Array<number>(10).fill(4990));
    expect(priceInstallments(5, 0, 3)).toEqual([1, 1, 3]);
  });

  it('refuses amounts and counts it cannot split; clamps the rate', () => {
    expect(priceInstallments(0, 1.99, 3)).toEqual([]);
    expect(priceInstallments(-100, 1.99, 3)).toEqual([]);
    expect(priceInstallments(Number.NaN, 1.99, 3)).toEqual([]);
    expect(priceInstallments(1000, 1.99, 0)).toEqual([]);
    expect(priceInstallments(1000, 1.99, 2.5)).toEqual([]);
    expect(priceInstallments(1000, 1.99, MAX_PARCELAS + 1)).toEqual([]);
    expect(priceInstallments(1000, -3, 2)).toEqual([500, 500]);
    expect(priceInstallments(1000, Number.NaN, 2)).toEqual([500, 500]);
    expect(priceInstallments(100.6, 0, 1)).toEqual([101]);
    // 1.994 % counts as 1.99 %.
    expect(priceInstallments(100000, 1.994, 6)).toEqual(priceInstallments(100000, 1.99, 6));
  });

  const amounts = fc.integer({ min: 1, max: 100_000_000 });
  const rates = fc.integer({ min: 0, max: 1000 }).map((h) => h / 100);
  const counts = fc.integer({ min: 1, max: MAX_PARCELAS });

  it('property: n installments adding up to a total ≥ the amount (= the amount with no interest)', () => {
    fc.assert(
      fc.property(amounts, rates, counts, (amount, rate, n) => {
        const parcelas = priceInstallments(amount, rate, n);
        expect(parcelas).toHaveLength(n);
        const total = sum(parcelas);
        expect(total).toBeGreaterThanOrEqual(amount);
        if (rate === 0) expect(total).toBe(amount);
        // 1x with interest: PV · (1 + i), rounded half up (on integers: the rate in hundredths of a percent).
        if (n === 1) expect(total).toBe(Math.floor((amount * (10_000 + Math.round(rate * 100)) + 5_000) / 10_000));
        for (const p of parcelas) expect(Number.isInteger(p)).toBe(true);
        // Every installment but the last is the same rounded PMT.
        expect(new Set(parcelas.slice(0, -1)).size).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('property: agrees with the formula worked out in floats, within rounding', () => {
    fc.assert(
      fc.property(
        amounts,
        rates.filter((r) => r > 0),
        counts,
        (amount, rate, n) => {
          const i = rate / 100;
          const pmt = (amount * i) / (1 - (1 + i) ** -n);
          const parcelas = priceInstallments(amount, rate, n);
          expect(Math.abs(parcelas[0]! - pmt)).toBeLessThanOrEqual(0.5 + 1e-6 * pmt);
          expect(Math.abs(sum(parcelas) - n * pmt)).toBeLessThanOrEqual(0.5 + 1e-6 * n * pmt);
        },
      ),
    );
  });

  it('property: with interest, more installments never cost less in total', () => {
    fc.assert(
      fc.property(amounts, rates, counts, (amount, rate, n) => {
        fc.pre(n < MAX_PARCELAS);
        expect(sum(priceInstallments(amount, rate, n + 1))).toBeGreaterThanOrEqual(
          sum(priceInstallments(amount, rate, n)),
        );
      }),
    );
  });
});

describe('installmentOptions', () => {
  it('offers 1x cash, interest-free counts, then counts with interest, while the minimum installment holds', () => {
    const options = installmentOptions(100000, rule({ maxParcelas: 6 }));
    // 4x: PMT 262,560024 → total 1050,24; 5x: PMT 212,096822 → total 1060,48.
    expect(options.map((o) => [o.parcelas, o.semJuros, o.total, o.valorParcela])).toEqual([
      [1, true, 100000, 100000],
      [2, true, 100000, 50000],
      [3, true, 100000, 33333],
      [4, false, 105024, 26256],
      [5, false, 106048, 21210],
      [6, false, 107079, 17847],
    ]);
    expect(options[2]).toMatchObject({ parcelasCents: [33333, 33333, 33334], jurosMensal: 0, jurosAnual: 0 });
    expect(options[5]).toEqual({
      parcelas: 6,
      valorParcela: 17847,
      parcelasCents: [17847, 17847, 17847, 17847, 17847, 17844],
      total: 107079,
      jurosMensal: 1.99,
      jurosAnual: 26.68,
      semJuros: false,
      custoJuros: 7079,
    });
  });

  it('stops at the first count whose smallest installment is below the minimum', () => {
    // R$ 100,00 with a R$ 30,00 minimum: 3x of 33,33 passes, 4x of 25,00 does not.
    expect(installmentOptions(10000, rule({ parcelaMinima: 3000 })).map((o) => o.parcelas)).toEqual([1, 2, 3]);
    expect(installmentOptions(2000, rule({ parcelaMinima: 3000 })).map((o) => o.parcelas)).toEqual([1]); // only cash
    // No minimum still means at least one cent per installment.
    expect(installmentOptions(3, rule({ parcelaMinima: 0, jurosMensal: 0 })).map((o) => o.parcelas)).toEqual([1, 2, 3]);
  });

  it('is interest-free throughout when the rate is 0; empty for no amount', () => {
    const options = installmentOptions(100000, rule({ jurosMensal: 0 }));
    expect(options).toHaveLength(12);
    expect(options.every((o) => o.semJuros && o.total === 100000 && o.jurosAnual === 0)).toBe(true);
    expect(installmentOptions(0, rule())).toEqual([]);
    expect(installmentOptions(-5, rule())).toEqual([]);
  });

  it('clamps invalid rules (saneInstallmentRule)', () => {
    expect(
      saneInstallmentRule({ maxParcelas: Number.NaN, parcelasSemJuros: -2, jurosMensal: -1, parcelaMinima: -9 }),
    ).toEqual({ maxParcelas: 1, parcelasSemJuros: 1, jurosMensal: 0, parcelaMinima: 0 });
    expect(
      saneInstallmentRule({ maxParcelas: 99.7, parcelasSemJuros: 50, jurosMensal: 250, parcelaMinima: 10.4 }),
    ).toEqual({ maxParcelas: 24, parcelasSemJuros: 24, jurosMensal: 100, parcelaMinima: 10 });
    expect(saneInstallmentRule(rule({ parcelasSemJuros: 4.9, jurosMensal: 2.499 }))).toMatchObject({
      parcelasSemJuros: 4,
      jurosMensal: 2.5,
    });
    expect(installmentOptions(100000, rule({ maxParcelas: 0 })).map((o) => o.parcelas)).toEqual([1]);
  });

  const amounts = fc.integer({ min: 1, max: 100_000_000 });
  const rules = fc.record({
    maxParcelas: fc.integer({ min: 1, max: MAX_PARCELAS }),
    parcelasSemJuros: fc.integer({ min: 1, max: MAX_PARCELAS }),
    jurosMensal: fc.integer({ min: 0, max: 1000 }).map((h) => h / 100),
    parcelaMinima: fc.integer({ min: 0, max: 100_000 }),
  });

  it('property: the options keep the rule', () => {
    fc.assert(
      fc.property(amounts, rules, (amount, r) => {
        const options = installmentOptions(amount, r);
        expect(options.map((o) => o.parcelas)).toEqual(options.map((_, k) => k + 1));
        expect(options.length).toBeLessThanOrEqual(r.maxParcelas);
        expect(options[0]).toMatchObject({ parcelas: 1, total: amount, semJuros: true, custoJuros: 0 });
        let previous = 0;
        for (const o of options) {
          expect(sum(o.parcelasCents)).toBe(o.total);
          expect(o.parcelasCents).toHaveLength(o.parcelas);
          expect(o.custoJuros).toBe(o.total - amount);
          expect(o.total).toBeGreaterThanOrEqual(amount);
          expect(o.semJuros).toBe(o.parcelas <= r.parcelasSemJuros || r.jurosMensal === 0 || o.parcelas === 1);
          if (o.semJuros) expect(o).toMatchObject({ total: amount, jurosMensal: 0, jurosAnual: 0 });
          else expect(o).toMatchObject({ jurosMensal: r.jurosMensal, jurosAnual: yearlyRate(r.jurosMensal) });
          if (o.parcelas > 1) expect(Math.min(...o.parcelasCents)).toBeGreaterThanOrEqual(Math.max(1, r.parcelaMinima));
          expect(o.total).toBeGreaterThanOrEqual(previous);
          previous = o.total;
          expect(installmentOption(amount, r, o.parcelas)).toEqual(o);
        }
        // The count after the last offered one (within the rule) has an installment below the minimum.
        const next = options.length + 1;
        if (next <= r.maxParcelas) {
          const rate = next <= r.parcelasSemJuros ? 0 : r.jurosMensal;
          expect(Math.min(...priceInstallments(amount, rate, next))).toBeLessThan(Math.max(1, r.parcelaMinima));
        }
      }),
    );
  });
});

describe('installmentOption', () => {
  it('is null for a count the rule does not offer (a tampered choice)', () => {
    expect(installmentOption(100000, rule(), 6)?.total).toBe(107079);
    for (const n of [0, -1, 2.5, 13, 25, Number.NaN]) expect(installmentOption(100000, rule(), n)).toBeNull();
    expect(installmentOption(10000, rule({ parcelaMinima: 3000 }), 4)).toBeNull();
    expect(installmentOption(0, rule(), 1)).toBeNull();
  });
});

describe('bestInstallmentOffer', () => {
  it('is the interest-free option with the most installments, above 1x', () => {
    expect(bestInstallmentOffer(100000, rule())?.parcelas).toBe(3);
    expect(bestInstallmentOffer(49900, rule({ parcelasSemJuros: 10 }))?.valorParcela).toBe(4990);
    expect(bestInstallmentOffer(100000, rule({ jurosMensal: 0 }))?.parcelas).toBe(12);
    // Capped by the minimum installment: R$ 100,00 with R$ 30,00 minimum → 3x.
    expect(bestInstallmentOffer(10000, rule({ parcelasSemJuros: 10, parcelaMinima: 3000 }))?.parcelas).toBe(3);
  });

  it('is null when only cash or installments with interest are offered', () => {
    expect(bestInstallmentOffer(100000, rule({ parcelasSemJuros: 1 }))).toBeNull();
    expect(bestInstallmentOffer(100000, rule({ maxParcelas: 1 }))).toBeNull();
    expect(bestInstallmentOffer(900, rule({ parcelaMinima: 500 }))).toBeNull();
    expect(bestInstallmentOffer(0, rule())).toBeNull();
  });
});

describe('pt-BR texts', () => {
  it('the product card offer', () => {
    const offer = bestInstallmentOffer(49900, rule({ maxParcelas: 10, parcelasSemJuros: 10 }))!;
    expect(formatInstallmentOffer(offer)).toBe('em até 10x de R$ 49,90 sem juros');
  });

  it('the labels of the checkout select', () => {
    const options = installmentOptions(100000, rule());
    expect(formatInstallmentLabel(options[0]!)).toBe('À vista: R$ 1.000,00');
    expect(formatInstallmentLabel(options[2]!)).toBe('3x de R$ 333,33 sem juros — total R$ 1.000,00');
    expect(formatInstallmentLabel(options[5]!)).toBe('6x de R$ 178,47 com juros (1,99% a.m.) — total R$ 1.070,79');
    const dois = installmentOptions(100000, rule({ jurosMensal: 2, parcelasSemJuros: 1 }))[1]!;
    expect(formatInstallmentLabel(dois)).toMatch(/^2x de R\$ [\d.,]+ com juros \(2,00% a\.m\.\) — total R\$ /);
  });
});
