import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ajustarLinha,
  disponiveis,
  efeito,
  estadoDepois,
  ESTADOS_ESTOQUE,
  mensagemDeEstoque,
  vendavel,
  type EstadoEstoque,
  type MovimentoEstoque,
} from './stock.js';

const estoqueValido = fc
  .integer({ min: 0, max: 10_000 })
  .chain((estoque) => fc.record({ estoque: fc.constant(estoque), reservado: fc.integer({ min: 0, max: estoque }) }));
const movimentos: MovimentoEstoque[] = ['reservar', 'vender', 'liberar', 'devolver'];

describe('disponiveis and vendavel (ADR 032)', () => {
  it('is on hand minus reserved, never negative; unlimited for a digital product', () => {
    expect(disponiveis({ estoque: 5, reservado: 2 })).toBe(3);
    expect(disponiveis({ estoque: 2, reservado: 5 })).toBe(0);
    expect(disponiveis({ estoque: null, reservado: 0 })).toBe(Number.POSITIVE_INFINITY);
    fc.assert(
      fc.property(estoqueValido, (e) => {
        const d = disponiveis(e);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(e.estoque);
      }),
    );
  });

  it('sells while the switch is on and a unit is left (or the product is digital)', () => {
    expect(vendavel({ disponivel: true, digital: false, estoque: 1, reservado: 0 })).toBe(true);
    expect(vendavel({ disponivel: true, digital: false, estoque: 3, reservado: 3 })).toBe(false);
    expect(vendavel({ disponivel: false, digital: false, estoque: 9, reservado: 0 })).toBe(false);
    expect(vendavel({ disponivel: true, digital: true, estoque: null, reservado: 0 })).toBe(true);
    expect(vendavel({ disponivel: false, digital: true, estoque: null, reservado: 0 })).toBe(false);
  });
});

describe('ajustarLinha (docs/behaviour/bag-and-checkout.md#stock)', () => {
  it('says how many are left, or that it sold out', () => {
    expect(ajustarLinha('Escova dental ultramacia', 5, 2)).toEqual({
      quantidade: 2,
      mensagem: 'Restam apenas 2 unidades de Escova dental ultramacia.',
    });
    expect(ajustarLinha('Escova dental ultramacia', 3, 0)).toEqual({
      quantidade: 0,
      mensagem: 'Escova dental ultramacia esgotou.',
    });
    expect(mensagemDeEstoque('Fio dental', 1)).toBe('Resta apenas 1 unidade de Fio dental.');
    expect(ajustarLinha('Curso', 1, null)).toEqual({ quantidade: 1, mensagem: null });
  });

  it('never holds more than is left, keeps what fits, and speaks only when it lowers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 0, max: 1000 }), (pedido, restam) => {
        const r = ajustarLinha('X', pedido, restam);
        expect(r.quantidade).toBe(Math.min(pedido, restam));
        expect(r.mensagem === null).toBe(pedido <= restam);
        // Adjusting again changes nothing (idempotent).
        expect(ajustarLinha('X', r.quantidade, restam).quantidade).toBe(r.quantidade);
      }),
    );
  });
});

describe("an order's stock state machine (ADR 032)", () => {
  it('moves reservado → vendido, reservado → liberado, vendido → liberado, liberado → reservado, nothing else', () => {
    expect(estadoDepois('reservado', 'vender')).toBe('vendido');
    expect(estadoDepois('reservado', 'liberar')).toBe('liberado');
    expect(estadoDepois('vendido', 'liberar')).toBe('liberado');
    expect(estadoDepois('liberado', 'reservar')).toBe('reservado');
    expect(estadoDepois('vendido', 'vender')).toBeNull();
    expect(estadoDepois('liberado', 'liberar')).toBeNull();
    expect(estadoDepois('liberado', 'vender')).toBeNull();
    expect(estadoDepois(null, 'vender')).toBeNull();
  });

  it('never applies the same move twice in a row, and keeps 0 ≤ reservado ≤ estoque for any sequence of moves', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 100 }),
        fc.array(fc.constantFrom(...movimentos), { maxLength: 30 }),
        (q, sobra, sequencia) => {
          // The order reserved q units of a product that had q + sobra on hand.
          let estado: EstadoEstoque = 'reservado';
          let produto = { estoque: q + sobra, reservado: q };
          let vendidos = 0;
          for (const m of sequencia) {
            const depois = estadoDepois(estado, m);
            const d = efeito(estado, m, q);
            expect(d === null).toBe(depois === null);
            if (!depois || !d) continue;
            // The same move again from the new state does nothing (a duplicate notice).
            expect(estadoDepois(depois, m)).toBeNull();
            produto = { estoque: produto.estoque + d.estoque, reservado: produto.reservado + d.reservado };
            if (m === 'vender') vendidos += q;
            if ((m === 'liberar' || m === 'devolver') && estado === 'vendido') vendidos -= q;
            estado = depois;
            expect(produto.reservado).toBeGreaterThanOrEqual(0);
            expect(produto.reservado).toBeLessThanOrEqual(produto.estoque);
          }
          // Units are never lost nor made up: on hand is what there was minus what stays sold.
          expect(produto.estoque).toBe(q + sobra - vendidos);
          expect(produto.reservado).toBe(estado === 'reservado' ? q : 0);
        },
      ),
    );
    expect(ESTADOS_ESTOQUE).toEqual(['reservado', 'vendido', 'liberado', 'devolvido']);
  });
});
