import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartLine, cartSubtotalCents, type CartProduct } from './cart.js';
import { giftLine } from './gift.js';
import { cartOrderTotals, cartPricedLines, orderItemsFromCart, orderTotals, pricedLineCents } from './order-total.js';

const escova: CartProduct = { id: 1, nome: 'Escova', pathImg: null, preco: 1290, digital: false };
const curso: CartProduct = { id: 9, nome: 'Curso', pathImg: null, preco: 49990, digital: true };
const kit = giftLine({ id: 77, nome: 'Kit', pathImgDestaque: null, digital: false });

describe('orderTotals (non-gift items + freight, two decimals)', () => {
  it('adds the items and the freight in cents', () => {
    const totals = orderTotals({
      items: [
        { unitCents: 1290, quantity: 2, digital: false, brinde: false },
        { unitCents: 49990, quantity: 1, digital: true, brinde: false },
        { unitCents: 0, quantity: 1, digital: false, brinde: true },
      ],
      freightCents: 2345,
    });
    expect(totals).toEqual({
      lineCents: [2580, 49990, 0],
      itemsCents: 52570,
      freightCents: 2345,
      totalCents: 54915,
      needsShipping: true,
    });
  });

  it('does not charge a gift, even when the server prices it', () => {
    expect(orderTotals({ items: [{ unitCents: 9900, quantity: 1, brinde: true }] }).totalCents).toBe(0);
  });

  it('ignores freight when nothing needs shipping (digital and gift only)', () => {
    const totals = orderTotals({
      items: [
        { unitCents: 49990, quantity: 1, digital: true },
        { unitCents: 0, quantity: 1, brinde: true },
      ],
      freightCents: 2000,
    });
    expect(totals).toMatchObject({ freightCents: 0, totalCents: 49990, needsShipping: false });
  });

  it('counts a line without `digital` as physical', () => {
    expect(orderTotals({ items: [{ unitCents: 100, quantity: 1 }], freightCents: 50 }).totalCents).toBe(150);
  });

  it('never goes below 0: negative prices, quantity 0 or negative, bad freight', () => {
    expect(pricedLineCents({ unitCents: -500, quantity: 2 })).toBe(0);
    expect(pricedLineCents({ unitCents: 500, quantity: 0 })).toBe(0);
    expect(pricedLineCents({ unitCents: 500, quantity: -3 })).toBe(0);
    expect(pricedLineCents({ unitCents: 500, quantity: Number.NaN })).toBe(0);
    expect(pricedLineCents({ unitCents: Number.NaN, quantity: 1 })).toBe(0);
    expect(pricedLineCents({ unitCents: 500, quantity: 2.7 })).toBe(1000);
    expect(orderTotals({ items: [{ unitCents: 100, quantity: 1 }], freightCents: -50 }).totalCents).toBe(100);
    expect(orderTotals({ items: [{ unitCents: 100, quantity: 1 }], freightCents: null }).totalCents).toBe(100);
    expect(orderTotals({ items: [] })).toEqual({
      lineCents: [],
      itemsCents: 0,
      freightCents: 0,
      totalCents: 0,
      needsShipping: false,
    });
  });

  it('has no float drift (R$ 0,10 × 3 + R$ 0,20 of freight is R$ 0,50)', () => {
    expect(orderTotals({ items: [{ unitCents: 10, quantity: 3 }], freightCents: 20 }).totalCents).toBe(50);
  });

  it('property: never negative, an integer, the sum of the line cents plus the freight that counts', () => {
    const lineArb = fc.record({
      unitCents: fc.integer({ min: -10_000, max: 10_000_000 }),
      quantity: fc.integer({ min: -3, max: 1000 }),
      digital: fc.option(fc.boolean(), { nil: undefined }),
      brinde: fc.option(fc.boolean(), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), fc.integer({ min: -10_000, max: 1_000_000 }), (items, f) => {
        const t = orderTotals({ items, freightCents: f });
        const expectedItems = items.reduce(
          (sum, l) => sum + (l.brinde || l.quantity < 1 || l.unitCents < 0 ? 0 : l.unitCents * l.quantity),
          0,
        );
        const ships = items.some((l) => !l.digital && !l.brinde);
        expect(t.itemsCents).toBe(expectedItems);
        expect(t.freightCents).toBe(ships ? Math.max(0, f) : 0);
        expect(t.totalCents).toBe(expectedItems + t.freightCents);
        expect(t.totalCents).toBeGreaterThanOrEqual(0);
        expect(Number.isSafeInteger(t.totalCents)).toBe(true);
        expect(t.lineCents.every((c) => c >= 0)).toBe(true);
      }),
    );
  });
});

describe('the cart side', () => {
  const items = [cartLine(escova, 2), cartLine(curso, 1), kit];

  it('prices the cart at its unit values and agrees with the drawer subtotal', () => {
    expect(cartPricedLines(items)).toEqual([
      { unitCents: 1290, quantity: 2, digital: false, brinde: false },
      { unitCents: 49990, quantity: 1, digital: true, brinde: false },
      { unitCents: 0, quantity: 1, digital: false, brinde: true },
    ]);
    const totals = cartOrderTotals(items, 1990);
    expect(totals.itemsCents).toBe(cartSubtotalCents(items));
    expect(totals.totalCents).toBe(2580 + 49990 + 1990);
  });

  it('builds the payload items of the order creation, gift included at 0', () => {
    expect(orderItemsFromCart(items)).toEqual([
      { produto: { id: 1 }, quantidade: 2, valor: 1290, valorTotal: 2580 },
      { produto: { id: 9 }, quantidade: 1, valor: 49990, valorTotal: 49990 },
      { produto: { id: 77 }, quantidade: 1, valor: 0, valorTotal: 0 },
    ]);
    const sum = orderItemsFromCart(items).reduce((s, i) => s + i.valorTotal, 0);
    expect(sum).toBe(cartOrderTotals(items).itemsCents);
  });

  it('the server reprices the payload items with its own prices through the same function', () => {
    const serverPrices = new Map([
      [1, { preco: 1500, digital: false }],
      [9, { preco: 49990, digital: true }],
      [77, { preco: 9900, digital: false }],
    ]);
    const repriced = orderTotals({
      items: orderItemsFromCart(items).map((i) => ({
        unitCents: serverPrices.get(i.produto.id)!.preco,
        quantity: i.quantidade,
        digital: serverPrices.get(i.produto.id)!.digital,
        brinde: i.produto.id === 77,
      })),
      freightCents: 1990,
    });
    expect(repriced.totalCents).toBe(3000 + 49990 + 1990);
  });
});
