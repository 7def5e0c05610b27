import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCartLine, cartLine, hasDigitalLine, lineCents, type CartProduct } from './cart.js';
import { cartLineSchema, cartSchema } from './schemas/cart.js';

const escova: CartProduct = {
  id: 1,
  nome: 'Escova',
  pathImg: '/api/arquivos/produtos/escova-1.webp',
  preco: 1290,
  digital: false,
};
const curso: CartProduct = { id: 9, nome: 'Curso de harmonização', pathImg: null, preco: 49990, digital: true };

describe('cart line', () => {
  it('has exactly the fields of SPEC §3, with the amount as a two-decimal string', () => {
    const line = cartLine(escova, 2);
    expect(line).toEqual({
      id: 1,
      nome: 'Escova',
      pathImg: '/api/arquivos/produtos/escova-1.webp',
      quantity: 2,
      unitaryValue: 12.9,
      amount: '25.80',
      brinde: false,
      digital: false,
    });
    expect(Object.keys(line).sort()).toEqual(
      ['amount', 'brinde', 'digital', 'id', 'nome', 'pathImg', 'quantity', 'unitaryValue'].sort(),
    );
    expect(cartLineSchema.parse(line)).toEqual(line);
  });

  it('computes the amount in cents (no float drift)', () => {
    expect(cartLine({ ...escova, preco: 10 }, 3).amount).toBe('0.30');
    expect(cartLine({ ...escova, preco: 33333 }, 3).amount).toBe('999.99');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 999 }), (preco, qty) => {
        const line = cartLine({ ...escova, preco }, qty);
        expect(cartLineSchema.safeParse(line).success).toBe(true);
        expect(lineCents(line)).toBe(preco * qty);
        expect(line.amount).toBe(((preco * qty) / 100).toFixed(2));
      }),
    );
  });

  it('refuses malformed stored lines', () => {
    const ok = cartLine(escova, 1);
    expect(cartLineSchema.safeParse({ ...ok, amount: '12.9' }).success).toBe(false);
    expect(cartLineSchema.safeParse({ ...ok, amount: 12.9 }).success).toBe(false);
    expect(cartLineSchema.safeParse({ ...ok, unitaryValue: 12.999 }).success).toBe(false);
    expect(cartLineSchema.safeParse({ ...ok, quantity: 0 }).success).toBe(false);
    expect(cartLineSchema.safeParse({ ...ok, quantity: 1.5 }).success).toBe(false);
    expect(cartLineSchema.safeParse({ ...ok, digital: 'sim' }).success).toBe(false);
    expect(cartSchema.safeParse({ id: 1 }).success).toBe(false);
    // Older lines without pathImg, and a negative amount (ignored in sums, SPEC §3), still read.
    const { pathImg: _omit, ...legacy } = ok;
    expect(cartLineSchema.safeParse(legacy).success).toBe(true);
    expect(cartLineSchema.safeParse({ ...ok, amount: '-1.00' }).success).toBe(true);
  });
});

describe('addCartLine (SPEC §4 Cart)', () => {
  it('appends a new product', () => {
    const { items, outcome } = addCartLine([], cartLine(escova, 1));
    expect(outcome).toBe('added');
    expect(items).toHaveLength(1);
  });

  it('raises the quantity of a physical product already in the cart and recomputes the amount', () => {
    const first = addCartLine([], cartLine(escova, 2)).items;
    const { items, outcome } = addCartLine(first, cartLine(escova, 3));
    expect(outcome).toBe('increased');
    expect(items).toEqual([{ ...cartLine(escova, 5) }]);
    expect(items[0]!.amount).toBe('64.50');
    expect(first[0]!.quantity).toBe(2); // the given array is not changed
  });

  it('leaves a digital product or a gift unchanged', () => {
    const withCurso = addCartLine([], cartLine(curso, 1)).items;
    expect(addCartLine(withCurso, cartLine(curso, 1))).toEqual({ items: withCurso, outcome: 'unchanged' });
    const gift = cartLine({ ...escova, id: 50, preco: 0, brinde: true }, 1);
    expect(addCartLine([gift], { ...gift })).toEqual({ items: [gift], outcome: 'unchanged' });
    expect(hasDigitalLine(withCurso, 9)).toBe(true);
    expect(hasDigitalLine(withCurso, 1)).toBe(false);
  });

  it('ignores a line with no units', () => {
    expect(addCartLine([], { ...cartLine(escova, 1), quantity: 0 }).outcome).toBe('unchanged');
  });

  it('keeps the other lines in place', () => {
    const a = cartLine(escova, 1);
    const b = cartLine({ ...escova, id: 2, nome: 'Fio' }, 1);
    const { items } = addCartLine([a, b], cartLine(escova, 1));
    expect(items.map((i) => [i.id, i.quantity])).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });
});
