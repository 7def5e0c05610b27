import { cartLine } from '@clinica/shared/cart';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetSession } from '../test/reset-session';
import { addToCart, CART_CHANGED_EVENT, readCartItems } from './cart-storage';

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
