import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCartLine,
  amountCents,
  cartLine,
  cartNeedsShipping,
  cartSubtotalCents,
  clearCart,
  decrementCartLine,
  hasDigitalLine,
  incrementCartLine,
  lineCents,
  parseStoredCart,
  removeCartLine,
  setCartLineQuantity,
  type CartProduct,
} from './cart.js';
import { applyGift } from './gift.js';
import { toCents } from './money.js';
import { cartOrderTotals } from './order-total.js';
import { cartLineSchema, cartSchema, type CartLine } from './schemas/cart.js';

const escova: CartProduct = {
  id: 1,
  nome: 'Escova',
  pathImg: '/api/arquivos/produtos/escova-1.webp',
  preco: 1290,
  digital: false,
};
const curso: CartProduct = { id: 9, nome: 'Curso de harmonização', pathImg: null, preco: 49990, digital: true };

describe('cart line', () => {
  it('has exactly the fields of a stored cart item, with the amount as a two-decimal string', () => {
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
    // Older lines without pathImg, and a negative amount (ignored in sums), still read.
    const { pathImg: _omit, ...legacy } = ok;
    expect(cartLineSchema.safeParse(legacy).success).toBe(true);
    expect(cartLineSchema.safeParse({ ...ok, amount: '-1.00' }).success).toBe(true);
  });
});

describe('addCartLine (docs/behaviour/bag-and-checkout.md#bag-rules)', () => {
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

const gift = (over: Partial<CartLine> = {}): CartLine => ({
  id: 77,
  nome: 'Kit brinde',
  pathImg: null,
  quantity: 1,
  unitaryValue: 0,
  amount: '0.00',
  brinde: true,
  digital: false,
  ...over,
});

describe('addCartLine: invariants', () => {
  it('appends a digital product with one unit, whatever the stepper said', () => {
    const { items, outcome } = addCartLine([], cartLine(curso, 3));
    expect(outcome).toBe('added');
    expect(items).toEqual([cartLine(curso, 1)]);
  });

  it('refuses a second gift and treats a gift and a bought line of the same id as different lines', () => {
    expect(addCartLine([gift()], gift({ id: 78 })).outcome).toBe('unchanged');
    const sold = cartLine({ ...escova, id: 77 }, 1);
    const { items, outcome } = addCartLine([gift()], sold);
    expect(outcome).toBe('added');
    expect(items).toEqual([gift(), sold]);
    expect(addCartLine(items, sold).items[1]!.quantity).toBe(2);
  });

  it('refuses a quantity whose amount would not fit numeric(12,2)', () => {
    const caro = cartLine({ ...escova, preco: 100_000_000_000 }, 9);
    expect(addCartLine([caro], cartLine({ ...escova, preco: 100_000_000_000 }, 1)).outcome).toBe('unchanged');
  });
});

describe('remove, set quantity, plus, minus, clear (docs/behaviour/bag-and-checkout.md#bag-rules)', () => {
  const base = [cartLine(escova, 2), cartLine(curso, 1), gift()];

  it('removes by id without changing the given array', () => {
    expect(removeCartLine(base, 1)).toEqual([cartLine(curso, 1), gift()]);
    expect(removeCartLine(base, 404)).toEqual(base);
    expect(base).toHaveLength(3);
  });

  it('sets the quantity and recomputes the amount', () => {
    const items = setCartLineQuantity(base, 1, 7);
    expect(items[0]).toEqual(cartLine(escova, 7));
    expect(items[0]!.amount).toBe('90.30');
    expect(base[0]!.quantity).toBe(2);
  });

  it('refuses quantity 0, negative, fractional or NaN quantities', () => {
    for (const q of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(setCartLineQuantity(base, 1, q)).toEqual(base);
    }
  });

  it('never grows a digital or gift line', () => {
    expect(setCartLineQuantity(base, 9, 3)).toEqual(base);
    expect(setCartLineQuantity(base, 77, 3)).toEqual(base);
    expect(incrementCartLine(base, 9)).toEqual(base);
    expect(incrementCartLine(base, 77)).toEqual(base);
  });

  it('plus adds one; minus stops at 1', () => {
    expect(incrementCartLine(base, 1)[0]).toEqual(cartLine(escova, 3));
    const one = decrementCartLine(base, 1);
    expect(one[0]).toEqual(cartLine(escova, 1));
    expect(decrementCartLine(one, 1)).toEqual(one);
    expect(decrementCartLine(base, 404)).toEqual(base);
  });

  it('clears', () => {
    expect(clearCart()).toEqual([]);
  });

  it('tells whether shipping is needed', () => {
    expect(cartNeedsShipping(base)).toBe(true);
    expect(cartNeedsShipping([cartLine(curso, 1), gift()])).toBe(false);
    expect(cartNeedsShipping([])).toBe(false);
  });
});

describe('sums', () => {
  it('adds the non-gift amounts and ignores negative amounts', () => {
    const items = [cartLine(escova, 2), { ...cartLine(curso, 1), amount: '-499.90' }, gift({ amount: '5.00' })];
    expect(amountCents({ amount: '-1.00' })).toBe(0);
    expect(cartSubtotalCents(items)).toBe(2580);
    expect(cartSubtotalCents([])).toBe(0);
  });

  it('has no float drift: 0.10 × 3 + 0.20 is 0.50', () => {
    const items = [cartLine({ ...escova, preco: 10 }, 3), cartLine({ ...escova, id: 2, preco: 20 }, 1)];
    expect(cartSubtotalCents(items)).toBe(50);
  });
});

describe('parseStoredCart (corrupt entries are ignored)', () => {
  const ok = cartLine(escova, 2);

  it('gives an empty cart for anything that is not an array', () => {
    for (const v of ['oops', '"oops"', '', 'null', null, undefined, 42, {}, { 0: ok }, '{"a":1}', true]) {
      expect(parseStoredCart(v)).toEqual([]);
    }
  });

  it('reads the stored text or the parsed value', () => {
    expect(parseStoredCart(JSON.stringify([ok]))).toEqual([ok]);
    expect(parseStoredCart([ok])).toEqual([ok]);
  });

  it('drops corrupt or ill-typed lines and keeps the others', () => {
    const stored = [
      {},
      null,
      'x',
      [],
      { ...ok, id: 2, amount: 25.8 },
      { ...ok, id: 3, quantity: 0 },
      { ...ok, id: 4, quantity: '2' },
      { ...ok, id: 5, unitaryValue: '12.90' },
      { ...ok, id: 6, brinde: undefined },
      { ...ok, id: 7, unitaryValue: -1 },
      { ...ok, id: 8, nome: undefined },
      ok,
    ];
    expect(parseStoredCart(stored)).toEqual([ok]);
    expect(parseStoredCart([{}])).toEqual([]);
  });

  it('normalizes: amounts recomputed, pathImg present, extra fields dropped, digital and gift lines at one unit and the gift free', () => {
    const { pathImg: _omit, ...legacy } = ok;
    const stored = [
      { ...legacy, amount: '-3.00', extra: 'x' },
      { ...cartLine(curso, 1), quantity: 4, amount: '1999.60' },
      gift({ quantity: 3, unitaryValue: 10, amount: '30.00' }),
    ];
    expect(parseStoredCart(stored)).toEqual([{ ...ok, pathImg: null }, cartLine(curso, 1), gift()]);
  });

  it('keeps the first of duplicated products and of several gifts', () => {
    const stored = [cartLine(curso, 1), cartLine(curso, 1), ok, cartLine(escova, 5), gift(), gift({ id: 78 })];
    expect(parseStoredCart(stored)).toEqual([cartLine(curso, 1), ok, gift()]);
  });

  it('drops a line whose amount does not fit numeric(12,2)', () => {
    expect(parseStoredCart([{ ...ok, quantity: Number.MAX_SAFE_INTEGER }])).toEqual([]);
  });
});

// ---- properties ------------------------------------------------------------

const productArb = fc.record({
  id: fc.integer({ min: 1, max: 8 }),
  nome: fc.constantFrom('Escova', 'Fio dental', 'Curso'),
  pathImg: fc.constantFrom(null, '/img.webp'),
  preco: fc.integer({ min: 0, max: 5_000_000 }),
  digital: fc.boolean(),
});
const giftProductArb = fc.record({
  id: fc.integer({ min: 1, max: 12 }),
  nome: fc.constant('Brinde'),
  pathImgDestaque: fc.constantFrom(null, '/brinde.webp'),
  digital: fc.boolean(),
});
const thresholdArb = fc.option(fc.integer({ min: 0, max: 20_000_000 }), { nil: null });

type Op = (items: CartLine[]) => CartLine[];
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.tuple(productArb, fc.integer({ min: -1, max: 6 })).map(
    ([p, q]) =>
      (items: CartLine[]) =>
        addCartLine(items, { ...cartLine(p, 1), quantity: q }).items,
  ),
  fc.integer({ min: 1, max: 12 }).map((id) => (items: CartLine[]) => removeCartLine(items, id)),
  fc.tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: -2, max: 1000 })).map(
    ([id, q]) =>
      (items: CartLine[]) =>
        setCartLineQuantity(items, id, q),
  ),
  fc.integer({ min: 1, max: 8 }).map((id) => (items: CartLine[]) => incrementCartLine(items, id)),
  fc.integer({ min: 1, max: 8 }).map((id) => (items: CartLine[]) => decrementCartLine(items, id)),
  fc
    .tuple(thresholdArb, fc.option(giftProductArb, { nil: null }))
    .map(([t, g]) => (items: CartLine[]) => [...applyGift(items, t, g)]),
);

/** Every invariant of cart.ts's header comment. */
function expectInvariants(items: readonly CartLine[]): void {
  expect(cartSchema.safeParse(items).success).toBe(true);
  const ids = items.filter((l) => !l.brinde).map((l) => l.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(items.filter((l) => l.brinde).length).toBeLessThanOrEqual(1);
  for (const line of items) {
    expect(line.amount).toMatch(/^\d+\.\d{2}$/);
    expect(toCents(line.amount)).toBe(lineCents(line));
    expect(Number(line.amount)).toBe(lineCents(line) / 100);
    expect(line.amount).toBe((lineCents(line) / 100).toFixed(2));
    if (line.digital || line.brinde) expect(line.quantity).toBe(1);
    if (line.brinde) expect(line.amount).toBe('0.00');
  }
}

describe('cart properties', () => {
  it('any sequence of operations keeps the invariants, and storage round-trips', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 25 }), (ops) => {
        let items: CartLine[] = clearCart();
        for (const op of ops) {
          items = op(items);
          expectInvariants(items);
        }
        expect(parseStoredCart(JSON.stringify(items))).toEqual(items);
        expect(cartSubtotalCents(items)).toBe(cartOrderTotals(items, 0).itemsCents);
      }),
      { numRuns: 300 },
    );
  });

  it('reading any stored value never throws and gives a cart that keeps the invariants', () => {
    // Valid lines (any quantity, any amount, gifts and digital lines duplicated freely), some with one field spoiled.
    const validish = fc
      .record({
        product: productArb,
        quantity: fc.integer({ min: 1, max: 50 }),
        amount: fc.oneof(fc.constant(null), fc.stringMatching(/^-?\d{1,6}\.\d{2}$/)),
        brinde: fc.boolean(),
      })
      .map(({ product, quantity, amount, brinde }) => {
        const line = { ...cartLine({ ...product, brinde }, 1), quantity };
        return { ...line, amount: amount ?? line.amount };
      });
    const spoiled = fc
      .tuple(
        validish,
        fc.constantFrom('id', 'nome', 'quantity', 'unitaryValue', 'amount', 'brinde', 'digital', 'pathImg'),
        fc.oneof(fc.anything(), fc.double(), fc.constant(undefined)),
      )
      .map(([line, key, junk]) => ({ ...line, [key]: junk }));
    const stored = fc.oneof(
      fc.array(fc.oneof({ weight: 3, arbitrary: validish }, spoiled, fc.anything()), { maxLength: 12 }),
      fc.anything(),
      fc.string(),
    );
    let nonEmpty = 0;
    fc.assert(
      fc.property(stored, (value) => {
        const items = parseStoredCart(value);
        if (items.length > 0) nonEmpty += 1;
        expectInvariants(items);
        expect(parseStoredCart(JSON.stringify(items))).toEqual(items);
        expect(parseStoredCart(items)).toEqual(items);
      }),
      { numRuns: 500 },
    );
    expect(nonEmpty).toBeGreaterThan(100); // the generator does reach valid lines
  });
});
