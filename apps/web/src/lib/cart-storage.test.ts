import { cartLine } from '@clinica/shared/cart';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetSession } from '../test/reset-session';
import {
  addToCart,
  CART_CHANGED_EVENT,
  cartActions,
  cartQuantity,
  readCartItems,
  updateCart,
  useCart,
  writeCartItems,
  type StoredCartItem,
} from './cart-storage';

const escova = { id: 1, nome: 'Escova', pathImg: null, preco: 1290, digital: false };
const curso = { id: 9, nome: 'Curso', pathImg: '/api/arquivos/produtos/curso.webp', preco: 49990, digital: true };

describe('addToCart', () => {
  beforeEach(resetSession);

  it('stores the line under @shoppingCartItems and tells this tab', () => {
    let events = 0;
    const count = () => events++;
    window.addEventListener(CART_CHANGED_EVENT, count);
    expect(addToCart(cartLine(escova, 2))).toBe('added');
    expect(JSON.parse(localStorage.getItem('@shoppingCartItems')!)).toEqual([
      {
        id: 1,
        nome: 'Escova',
        pathImg: null,
        quantity: 2,
        unitaryValue: 12.9,
        amount: '25.80',
        brinde: false,
        digital: false,
      },
    ]);
    expect(addToCart(cartLine(escova, 1))).toBe('increased');
    expect(readCartItems()[0]).toMatchObject({ quantity: 3, amount: '38.70' });
    expect(events).toBe(2);
    window.removeEventListener(CART_CHANGED_EVENT, count);
  });

  it('keeps a digital product at quantity 1 and does not write again', () => {
    expect(addToCart(cartLine(curso, 1))).toBe('added');
    const before = localStorage.getItem('@shoppingCartItems');
    expect(addToCart(cartLine(curso, 1))).toBe('unchanged');
    expect(localStorage.getItem('@shoppingCartItems')).toBe(before);
    expect(readCartItems()).toHaveLength(1);
  });

  it('starts from an empty cart when the stored one is corrupt', () => {
    localStorage.setItem('@shoppingCartItems', JSON.stringify([{ id: 1, quantity: 1, amount: 'x' }]));
    expect(addToCart(cartLine(escova, 1))).toBe('added');
    expect(readCartItems()).toHaveLength(1);
  });
});

const line = (id: number, quantity: number, patch: Partial<StoredCartItem> = {}): StoredCartItem => ({
  id,
  nome: `Item ${id}`,
  pathImg: null,
  quantity,
  unitaryValue: 10,
  amount: (10 * quantity).toFixed(2),
  brinde: false,
  digital: false,
  ...patch,
});

describe('the cart store', () => {
  beforeEach(resetSession);
  afterEach(() => {
    cleanup();
    resetSession();
  });

  it('re-reads the cart when another tab changes it (storage event)', () => {
    const { result } = renderHook(() => useCart());
    expect(result.current.items).toEqual([]);
    act(() => {
      localStorage.setItem('@shoppingCartItems', JSON.stringify([line(1, 2), line(2, 1)]));
      window.dispatchEvent(new StorageEvent('storage', { key: '@shoppingCartItems' }));
    });
    expect(result.current.items.map((i) => i.id)).toEqual([1, 2]);
    expect(result.current.quantity).toBe(3);
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(result.current.items).toEqual([]);
  });

  it('ignores storage events of other keys', () => {
    const { result } = renderHook(() => useCart());
    const before = result.current.items;
    act(() => {
      localStorage.setItem('@authUser', '{}');
      window.dispatchEvent(new StorageEvent('storage', { key: '@authUser' }));
    });
    expect(result.current.items).toBe(before);
  });

  it('drops corrupt or ill-typed lines and never shows them; a non-array entry is removed', () => {
    localStorage.setItem(
      '@shoppingCartItems',
      JSON.stringify([
        line(1, 2),
        { id: 2, nome: 'Sem valor', quantity: 1, amount: 'x', brinde: false, digital: false },
        { ...line(3, 1), quantity: 0 },
        { ...line(4, 1), amount: 10 },
        'lixo',
        null,
      ]),
    );
    const { result } = renderHook(() => useCart());
    expect(result.current.items.map((i) => i.id)).toEqual([1]);
    expect(result.current.quantity).toBe(2);

    act(() => {
      localStorage.setItem('@shoppingCartItems', '{"não é": "lista"}');
      window.dispatchEvent(new StorageEvent('storage', { key: '@shoppingCartItems' }));
    });
    expect(result.current.items).toEqual([]);
    expect(localStorage.getItem('@shoppingCartItems')).toBeNull();

    act(() => {
      localStorage.setItem('@shoppingCartItems', '[{"id":1,');
      window.dispatchEvent(new StorageEvent('storage', { key: '@shoppingCartItems' }));
    });
    expect(result.current.items).toEqual([]);
  });

  it('counts the total quantity for the badge, the gift and digital lines included', () => {
    writeCartItems([
      line(1, 3),
      line(2, 1, { digital: true }),
      line(3, 1, { brinde: true, unitaryValue: 0, amount: '0.00' }),
    ]);
    const { result } = renderHook(() => useCart());
    expect(result.current.quantity).toBe(5);
    expect(cartQuantity(result.current.items)).toBe(5);
    // The subtotal leaves the gift out.
    expect(result.current.subtotalCents).toBe(4000);
  });

  it('changes the cart only through the shared rules, and the readers follow at once', () => {
    writeCartItems([line(1, 1), line(2, 1, { digital: true })]);
    const { result } = renderHook(() => useCart());
    act(() => result.current.increment(1));
    expect(result.current.items[0]).toMatchObject({ quantity: 2, amount: '20.00' });
    act(() => result.current.decrement(1));
    act(() => result.current.decrement(1));
    expect(result.current.items[0]).toMatchObject({ quantity: 1, amount: '10.00' }); // stops at 1
    act(() => result.current.increment(2));
    expect(result.current.items[1]).toMatchObject({ quantity: 1 }); // digital stays at 1
    act(() => result.current.setQuantity(1, 5));
    expect(result.current.items[0]).toMatchObject({ quantity: 5, amount: '50.00' });
    act(() => result.current.remove(1));
    expect(result.current.items.map((i) => i.id)).toEqual([2]);
    act(() => {
      addToCart(cartLine(escova, 2));
    });
    expect(result.current.quantity).toBe(3);
    act(() => result.current.clear());
    expect(result.current.items).toEqual([]);
    expect(JSON.parse(localStorage.getItem('@shoppingCartItems')!)).toEqual([]);
  });

  it('does not write nor tell anyone when a rule changes nothing', () => {
    writeCartItems([line(1, 1)]);
    let events = 0;
    const count = () => events++;
    window.addEventListener(CART_CHANGED_EVENT, count);
    updateCart((items) => items);
    cartActions.decrement(1); // already 1
    cartActions.increment(99); // not in the cart
    expect(events).toBe(0);
    cartActions.increment(1);
    expect(events).toBe(1);
    window.removeEventListener(CART_CHANGED_EVENT, count);
  });
});
