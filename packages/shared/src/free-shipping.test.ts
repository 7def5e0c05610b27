import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freeShippingApplies, freeShippingRemaining, REGIOES, type FreeShippingRule } from './free-shipping.js';

const rule = (over: Partial<FreeShippingRule> = {}): FreeShippingRule => ({
  ativo: true,
  valorMinimo: 29900,
  ufs: [...REGIOES.Sudeste, ...REGIOES.Sul],
  servicos: [1],
  ...over,
});

describe('REGIOES', () => {
  it('holds the 27 states once each, by IBGE region', () => {
    const all = Object.values(REGIOES).flat();
    expect(all).toHaveLength(27);
    expect(new Set(all).size).toBe(27);
    expect(REGIOES.Norte).toHaveLength(7);
    expect(REGIOES.Nordeste).toHaveLength(9);
    expect(REGIOES['Centro-Oeste']).toEqual(['MS', 'MT', 'GO', 'DF']);
    expect(REGIOES.Sudeste).toEqual(['MG', 'ES', 'RJ', 'SP']);
    expect(REGIOES.Sul).toEqual(['PR', 'SC', 'RS']);
  });
});

describe('freeShippingApplies (ADR 024)', () => {
  it('applies from the minimum, in the states and services of the rule', () => {
    expect(freeShippingApplies(rule(), { subtotal: 29900, uf: 'SP', servico: 1 })).toBe(true);
    expect(freeShippingApplies(rule(), { subtotal: 29899, uf: 'SP', servico: 1 })).toBe(false);
    expect(freeShippingApplies(rule(), { subtotal: 50000, uf: 'BA', servico: 1 })).toBe(false);
    expect(freeShippingApplies(rule(), { subtotal: 50000, uf: 'SP', servico: 2 })).toBe(false);
    expect(freeShippingApplies(rule(), { subtotal: 50000, uf: ' rs', servico: 1 })).toBe(true);
  });

  it('empty lists mean every state and every service', () => {
    const open = rule({ ufs: [], servicos: [] });
    expect(freeShippingApplies(open, { subtotal: 29900, uf: 'AM', servico: 2 })).toBe(true);
    expect(freeShippingApplies(open, { subtotal: 29900, uf: null, servico: 17 })).toBe(true);
  });

  it('never applies when off or for an unknown state of a rule limited to some states', () => {
    expect(freeShippingApplies(rule({ ativo: false }), { subtotal: 99999, uf: 'SP', servico: 1 })).toBe(false);
    expect(freeShippingApplies(rule(), { subtotal: 99999, uf: null, servico: 1 })).toBe(false);
  });

  it('a minimum of 0 or below (or not a number) is reached by any spend', () => {
    for (const valorMinimo of [0, -100, Number.NaN])
      expect(freeShippingApplies(rule({ valorMinimo }), { subtotal: 0, uf: 'SP', servico: 1 })).toBe(true);
  });
});

describe('freeShippingRemaining', () => {
  it('is what is missing, 0 once reached', () => {
    expect(freeShippingRemaining(rule(), { subtotal: 20000, uf: 'SP' })).toBe(9900);
    expect(freeShippingRemaining(rule(), { subtotal: 29900, uf: 'SP' })).toBe(0);
    expect(freeShippingRemaining(rule(), { subtotal: 40000, uf: 'MG' })).toBe(0);
    expect(freeShippingRemaining(rule(), { subtotal: -50, uf: 'MG' })).toBe(29900);
  });

  it('counts an unknown state as inside; null when off or outside the states', () => {
    expect(freeShippingRemaining(rule(), { subtotal: 20000, uf: null })).toBe(9900);
    expect(freeShippingRemaining(rule({ ativo: false }), { subtotal: 20000, uf: 'SP' })).toBeNull();
    expect(freeShippingRemaining(rule(), { subtotal: 20000, uf: 'PE' })).toBeNull();
  });

  const ufs = fc.constantFrom(...Object.values(REGIOES).flat());
  const rules = fc.record({
    ativo: fc.boolean(),
    valorMinimo: fc.integer({ min: 0, max: 10_000_000 }),
    ufs: fc.uniqueArray(ufs, { maxLength: 27 }),
    servicos: fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 5 }),
  });

  it('property: remaining 0 ⇔ applies on some service; remaining is the gap to the minimum', () => {
    fc.assert(
      fc.property(rules, fc.integer({ min: 0, max: 20_000_000 }), fc.option(ufs), (r, subtotal, uf) => {
        const remaining = freeShippingRemaining(r, { subtotal, uf });
        const service = r.servicos[0] ?? 1;
        const applies = freeShippingApplies(r, { subtotal, uf, servico: service });
        if (remaining === null) expect(applies).toBe(false);
        else {
          expect(remaining).toBe(Math.max(0, r.valorMinimo - subtotal));
          if (uf !== null) expect(applies).toBe(remaining === 0);
          // Spending what is missing reaches it.
          if (uf !== null)
            expect(freeShippingApplies(r, { subtotal: subtotal + remaining, uf, servico: service })).toBe(true);
        }
        // A service outside a limited list is never free.
        if (r.servicos.length > 0) expect(freeShippingApplies(r, { subtotal, uf, servico: 99 })).toBe(false);
      }),
    );
  });

  it('property: spending more never loses free shipping', () => {
    fc.assert(
      fc.property(rules, fc.nat(10_000_000), fc.nat(10_000_000), ufs, (r, subtotal, more, uf) => {
        const servico = r.servicos[0] ?? 1;
        if (freeShippingApplies(r, { subtotal, uf, servico }))
          expect(freeShippingApplies(r, { subtotal: subtotal + more, uf, servico })).toBe(true);
      }),
    );
  });
});
