import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCartLine, cartLine, cartSubtotalCents, removeCartLine, type CartProduct } from './cart.js';
import {
  applyGift,
  cartEarnsGift,
  giftEarned,
  giftLine,
  giftProgress,
  giftThreshold,
  type GiftProduct,
} from './gift.js';
import type { CartLine } from './schemas/cart.js';

const escova: CartProduct = { id: 1, nome: 'Escova', pathImg: null, preco: 5000, digital: false };
const curso: CartProduct = { id: 9, nome: 'Curso', pathImg: null, preco: 15000, digital: true };
const kit: GiftProduct = { id: 77, nome: 'Kit brinde', pathImgDestaque: '/api/arquivos/kit.webp', digital: false };
const kitLine = giftLine(kit);

describe('giftLine', () => {
  it('is the gift with one unit at no cost (docs/behaviour/bag-and-checkout.md#gift)', () => {
    expect(kitLine).toEqual({
      id: 77,
      nome: 'Kit brinde',
      pathImg: '/api/arquivos/kit.webp',
      quantity: 1,
      unitaryValue: 0,
      amount: '0.00',
      brinde: true,
      digital: false,
    });
  });
});

describe('applyGift (docs/behaviour/bag-and-checkout.md#gift)', () => {
  it('adds the gift when the non-gift subtotal reaches the threshold', () => {
    const items = [cartLine(escova, 4)]; // R$ 200,00
    expect(applyGift(items, 20000, kit)).toEqual([...items, kitLine]);
    expect(applyGift(items, 19999, kit)).toEqual([...items, kitLine]);
  });

  it('does not add it below the threshold, and removes a gift present', () => {
    const items = [cartLine(escova, 3)]; // R$ 150,00
    expect(applyGift(items, 20000, kit)).toBe(items);
    expect(applyGift([...items, kitLine], 20000, kit)).toEqual(items);
  });

  it('keeps a gift already there and returns the same array when nothing changes', () => {
    const items = [cartLine(escova, 4), kitLine];
    expect(applyGift(items, 20000, kit)).toBe(items);
    expect(applyGift(items, 20000, null)).toBe(items);
  });

  it('does not count the gift line towards the threshold', () => {
    const pricedGift = { ...kitLine, unitaryValue: 100, amount: '100.00' };
    expect(cartEarnsGift([cartLine(escova, 3), pricedGift], 20000)).toBe(false);
  });

  it('ignores negative amounts in the subtotal', () => {
    const items = [cartLine(escova, 4), { ...cartLine(curso, 1), amount: '-150.00' }];
    expect(cartSubtotalCents(items)).toBe(20000);
    expect(cartEarnsGift(items, 20000)).toBe(true);
  });

  it('replaces a stale gift (another product, or a price) by the current one', () => {
    const stale = giftLine({ ...kit, id: 76, nome: 'Antigo' });
    expect(applyGift([stale, cartLine(escova, 4)], 20000, kit)).toEqual([kitLine, cartLine(escova, 4)]);
    const priced = { ...kitLine, unitaryValue: 10, amount: '10.00' };
    expect(applyGift([cartLine(escova, 4), priced], 20000, null)).toEqual([cartLine(escova, 4), kitLine]);
  });

  it('leaves one gift when several are present', () => {
    const items = [kitLine, cartLine(escova, 4), giftLine({ ...kit, id: 76 })];
    expect(applyGift(items, 20000, kit)).toEqual([kitLine, cartLine(escova, 4)]);
  });

  it('without a gift product adds nothing', () => {
    const items = [cartLine(escova, 4)];
    expect(applyGift(items, 20000, null)).toBe(items);
  });

  it('without an active condition (null threshold) there is no gift', () => {
    const items = [cartLine(escova, 4), kitLine];
    expect(applyGift(items, null, kit)).toEqual([cartLine(escova, 4)]);
    expect(applyGift([cartLine(escova, 4)], undefined, kit)).toEqual([cartLine(escova, 4)]);
    expect(applyGift([cartLine(escova, 4)], -1, kit)).toEqual([cartLine(escova, 4)]);
    expect(applyGift([cartLine(escova, 4)], Number.NaN, kit)).toEqual([cartLine(escova, 4)]);
  });

  it('with threshold 0 every purchase earns it, but an empty bag or a bag holding only the gift does not', () => {
    expect(applyGift([cartLine({ ...escova, preco: 0 }, 1)], 0, kit)).toHaveLength(2);
    expect(applyGift([], 0, kit)).toEqual([]);
    expect(applyGift([kitLine], 0, kit)).toEqual([]);
  });

  it('the gift product may also be a bought line (told apart by brinde)', () => {
    const bought = cartLine({ ...escova, id: 77, preco: 30000 }, 1);
    expect(applyGift([bought], 20000, kit)).toEqual([bought, kitLine]);
    expect(applyGift(removeCartLine([bought, kitLine], 77), 20000, kit)).toEqual([]);
  });
});

describe('giftEarned (for the API)', () => {
  it('needs a threshold, a purchase and the subtotal', () => {
    expect(giftEarned(20000, 20000, true)).toBe(true);
    expect(giftEarned(19999, 20000, true)).toBe(false);
    expect(giftEarned(0, 0, false)).toBe(false);
    expect(giftEarned(0, 0, true)).toBe(true);
    expect(giftEarned(1_000_000, null, true)).toBe(false);
    expect(giftThreshold(12.4)).toBe(12);
  });
});

describe('giftProgress (docs/behaviour/bag-and-checkout.md#gift)', () => {
  it('says what is missing, formatted R$ 1.234,56', () => {
    expect(giftProgress(15000, 20000)).toEqual({
      reached: false,
      thresholdCents: 20000,
      missingCents: 5000,
      percent: 75,
      text: 'Faltam R$ 50,00 de R$ 200,00 para o brinde!',
    });
    expect(giftProgress(0, 123456)?.text).toBe('Faltam R$ 1.234,56 de R$ 1.234,56 para o brinde!');
    expect(giftProgress(1, 3)?.text).toBe('Faltam R$ 0,02 de R$ 0,03 para o brinde!');
  });

  it('says the gift was reached and fills the bar at 100 (never more)', () => {
    const reached = { reached: true, thresholdCents: 20000, missingCents: 0, percent: 100 };
    const text = 'Você atingiu o valor para ganhar o brinde! 🎉';
    expect(giftProgress(20000, 20000)).toEqual({ ...reached, text });
    expect(giftProgress(90000, 20000)).toEqual({ ...reached, text });
  });

  it('threshold 0 is a full bar; no active condition is no bar', () => {
    expect(giftProgress(0, 0)).toMatchObject({ reached: true, percent: 100, missingCents: 0 });
    expect(giftProgress(5000, null)).toBeNull();
    expect(giftProgress(5000, undefined)).toBeNull();
  });

  it('fill is min(100, current / threshold × 100), between 0 and 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000_000 }), (s, t) => {
        const p = giftProgress(s, t)!;
        expect(p.percent).toBeGreaterThanOrEqual(0);
        expect(p.percent).toBeLessThanOrEqual(100);
        expect(p.percent).toBeCloseTo(Math.min(100, (s / t) * 100), 9);
        expect(p.reached).toBe(s >= t);
        expect(p.missingCents).toBe(Math.max(0, t - s));
      }),
    );
  });
});

describe('gift properties', () => {
  const productArb = fc.record({
    id: fc.integer({ min: 1, max: 8 }),
    nome: fc.constant('Produto'),
    pathImg: fc.constant(null),
    preco: fc.integer({ min: 0, max: 100_000 }),
    digital: fc.boolean(),
  });
  const cartArb = fc
    .array(fc.tuple(productArb, fc.integer({ min: 1, max: 5 })), { maxLength: 8 })
    .map((adds) => adds.reduce<CartLine[]>((items, [p, q]) => addCartLine(items, cartLine(p, q)).items, []));
  const giftArb = fc.record({
    id: fc.integer({ min: 1, max: 12 }),
    nome: fc.constant('Brinde'),
    pathImgDestaque: fc.constant(null),
    digital: fc.boolean(),
  });

  it('after applyGift the gift is present exactly when the threshold is reached, once at most', () => {
    fc.assert(
      fc.property(
        cartArb,
        fc.boolean(),
        fc.option(fc.integer({ min: 0, max: 600_000 }), { nil: null }),
        giftArb,
        (items, withGift, threshold, product) => {
          const start = withGift ? [...items, giftLine(product)] : items;
          const after = applyGift(start, threshold, product);
          const gifts = after.filter((l) => l.brinde);
          const reached = threshold !== null && after.some((l) => !l.brinde) && cartSubtotalCents(after) >= threshold;
          expect(gifts.length).toBe(reached ? 1 : 0);
          expect(after.filter((l) => !l.brinde)).toEqual(items);
          if (reached) expect(gifts[0]).toEqual(giftLine(product));
          // Idempotent.
          expect(applyGift(after, threshold, product)).toBe(after);
        },
      ),
      { numRuns: 300 },
    );
  });
});
