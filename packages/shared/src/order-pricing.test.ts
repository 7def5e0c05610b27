import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freeShippingApplies, type FreeShippingRule } from './free-shipping.js';
import { installmentOptions } from './installments.js';
import { priceOrder, type MetodoPagamento, type OrderPricingInput } from './order-pricing.js';

const base: OrderPricingInput = {
  itens: 49900,
  cupom: 0,
  cupomAcumulaPix: false,
  metodo: 'credit',
  pixPercent: 5,
  frete: 2590,
  freteGratis: false,
};

describe('priceOrder (the order of discounts, ADR 024)', () => {
  it('by card: products + freight, no PIX discount', () => {
    expect(priceOrder(base)).toEqual({
      itens: 49900,
      descontoCupom: 0,
      descontoPix: 0,
      frete: 2590,
      total: 52490,
      subtotalParaFreteGratis: 49900,
    });
    expect(priceOrder({ ...base, metodo: 'boleto' }).total).toBe(52490);
  });

  it('by PIX: the discount on the products only, never on the freight', () => {
    // 5 % of R$ 499,00 = R$ 24,95; the freight keeps its R$ 25,90.
    expect(priceOrder({ ...base, metodo: 'pix' })).toMatchObject({ descontoPix: 2495, frete: 2590, total: 49995 });
  });

  it('coupon then PIX, on what is left, when the coupon adds up with PIX', () => {
    const coupon = { ...base, cupom: 4990, metodo: 'pix' as const };
    // (49900 − 4990) × 5 % = 2245,5 → 2246.
    expect(priceOrder({ ...coupon, cupomAcumulaPix: true })).toMatchObject({
      descontoCupom: 4990,
      descontoPix: 2246,
      subtotalParaFreteGratis: 44910,
      total: 44910 - 2246 + 2590,
    });
    // A coupon that does not add up with PIX takes its place.
    expect(priceOrder({ ...coupon, cupomAcumulaPix: false })).toMatchObject({ descontoPix: 0, total: 44910 + 2590 });
  });

  it('free shipping is judged before the PIX discount: switching to PIX never loses it', () => {
    const rule: FreeShippingRule = { ativo: true, valorMinimo: 49900, ufs: [], servicos: [] };
    const card = priceOrder(base);
    const freteGratis = freeShippingApplies(rule, { subtotal: card.subtotalParaFreteGratis, uf: 'SP', servico: 1 });
    expect(freteGratis).toBe(true);
    const pix = priceOrder({ ...base, metodo: 'pix', freteGratis });
    expect(pix.subtotalParaFreteGratis).toBe(card.subtotalParaFreteGratis);
    expect(pix).toMatchObject({ frete: 0, total: 47405 });
  });

  it('clamps what it is given', () => {
    expect(priceOrder({ ...base, cupom: 99999 })).toMatchObject({ descontoCupom: 49900, total: 2590 });
    expect(priceOrder({ ...base, cupom: -100, frete: -5 })).toMatchObject({ descontoCupom: 0, frete: 0, total: 49900 });
    expect(priceOrder({ ...base, itens: Number.NaN, cupom: 10 })).toMatchObject({
      itens: 0,
      descontoCupom: 0,
      total: 2590,
    });
    expect(priceOrder({ ...base, itens: 100.4, frete: 0.6 })).toMatchObject({ itens: 100, frete: 1, total: 101 });
    expect(priceOrder({ ...base, metodo: 'pix', pixPercent: 150 })).toMatchObject({ descontoPix: 49900, total: 2590 });
  });

  it('installments come afterwards, on the total', () => {
    const { total } = priceOrder(base);
    const rule = { maxParcelas: 3, parcelasSemJuros: 3, jurosMensal: 1.99, parcelaMinima: 0 };
    expect(installmentOptions(total, rule).map((o) => o.total)).toEqual([52490, 52490, 52490]);
  });

  const inputs = fc.record({
    itens: fc.integer({ min: -1000, max: 100_000_000 }),
    cupom: fc.integer({ min: -1000, max: 100_000_000 }),
    cupomAcumulaPix: fc.boolean(),
    metodo: fc.constantFrom<MetodoPagamento>('credit', 'pix', 'boleto'),
    pixPercent: fc.integer({ min: -500, max: 10_000 }).map((h) => h / 100),
    frete: fc.integer({ min: -1000, max: 1_000_000 }),
    freteGratis: fc.boolean(),
  });

  it('property: never negative, the total is the sum of its parts, discounts within bounds', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const p = priceOrder(input);
        for (const value of Object.values(p)) {
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        expect(p.total).toBe(p.itens - p.descontoCupom - p.descontoPix + p.frete);
        expect(p.subtotalParaFreteGratis).toBe(p.itens - p.descontoCupom);
        expect(p.descontoCupom).toBeLessThanOrEqual(p.itens);
        expect(p.descontoPix).toBeLessThanOrEqual(p.subtotalParaFreteGratis);
        expect(p.total).toBeGreaterThanOrEqual(p.frete);
        if (input.freteGratis) expect(p.frete).toBe(0);
        if (input.metodo !== 'pix') expect(p.descontoPix).toBe(0);
        if (p.descontoCupom > 0 && !input.cupomAcumulaPix) expect(p.descontoPix).toBe(0);
      }),
    );
  });

  it('property: PIX never costs more than card or boleto, keeps the free-shipping subtotal and freight', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const card = priceOrder({ ...input, metodo: 'credit' });
        const boleto = priceOrder({ ...input, metodo: 'boleto' });
        const pix = priceOrder({ ...input, metodo: 'pix' });
        expect(boleto).toEqual(card);
        expect(pix.total).toBeLessThanOrEqual(card.total);
        expect(pix.subtotalParaFreteGratis).toBe(card.subtotalParaFreteGratis);
        expect(pix.frete).toBe(card.frete);
        expect(card.total - pix.total).toBe(pix.descontoPix);
      }),
    );
  });
});
