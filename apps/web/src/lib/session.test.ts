import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeJwt } from '../test/test-utils';
import { resetSession } from '../test/reset-session';
import { readCartItems } from './cart-storage';
import { loadStoredSession, session } from './session';

const future = () => Math.floor(Date.now() / 1000) + 3600;
const user = { idUser: 7, permissao: 'CLIENTE', idClient: 3, nome: 'Maria Souza' };

describe('stored session', () => {
  beforeEach(resetSession);
  afterEach(resetSession);

  it('loads a valid user and token', () => {
    const token = fakeJwt({ sub: '7', permissao: 'CLIENTE', exp: future() });
    localStorage.setItem('@authUser', JSON.stringify(user));
    localStorage.setItem('@Token', JSON.stringify(token));
    expect(loadStoredSession()).toEqual({ user, token });
  });

  it('accepts a bare (not JSON-encoded) token', () => {
    const token = fakeJwt({ sub: '7', permissao: 'CLIENTE', exp: future() });
    localStorage.setItem('@authUser', JSON.stringify(user));
    localStorage.setItem('@Token', token);
    expect(loadStoredSession().token).toBe(token);
  });

  it.each([
    ['invalid JSON user', '{idUser:', JSON.stringify(fakeJwt({ exp: future() }))],
    [
      'user of the wrong shape',
      JSON.stringify({ idUser: 'x', permissao: 'ROOT' }),
      JSON.stringify(fakeJwt({ exp: future() })),
    ],
    ['token that is not a JWT', JSON.stringify(user), JSON.stringify('not-a-token')],
    ['corrupt token JSON', JSON.stringify(user), '"abc'],
  ])('ignores and removes a %s', (_label, storedUser, storedToken) => {
    localStorage.setItem('@authUser', storedUser);
    localStorage.setItem('@Token', storedToken);
    expect(loadStoredSession()).toEqual({ user: null, token: null });
    expect(localStorage.getItem('@authUser')).toBeNull();
    expect(localStorage.getItem('@Token')).toBeNull();
  });

  it('drops an expired token with its user', () => {
    localStorage.setItem('@authUser', JSON.stringify(user));
    localStorage.setItem('@Token', JSON.stringify(fakeJwt({ exp: Math.floor(Date.now() / 1000) - 10 })));
    expect(loadStoredSession()).toEqual({ user: null, token: null });
    expect(localStorage.getItem('@authUser')).toBeNull();
  });

  it('signIn stores @authUser and @Token; signOut clears both', () => {
    const token = fakeJwt({ exp: future() });
    session.signIn({ idUser: 1, permissao: 'ADMIN', idClient: null }, token);
    expect(JSON.parse(localStorage.getItem('@authUser')!)).toEqual({ idUser: 1, permissao: 'ADMIN', idClient: null });
    expect(JSON.parse(localStorage.getItem('@Token')!)).toBe(token);
    session.signOut();
    expect(localStorage.getItem('@authUser')).toBeNull();
    expect(localStorage.getItem('@Token')).toBeNull();
    expect(session.getSnapshot().user).toBeNull();
  });
});

describe('stored cart', () => {
  beforeEach(resetSession);

  it('falls back to an empty cart and removes a corrupt entry', () => {
    localStorage.setItem('@shoppingCartItems', '[{"id":1,');
    expect(readCartItems()).toEqual([]);
    expect(localStorage.getItem('@shoppingCartItems')).toBeNull();

    localStorage.setItem('@shoppingCartItems', JSON.stringify({ id: 1 }));
    expect(readCartItems()).toEqual([]);
    expect(localStorage.getItem('@shoppingCartItems')).toBeNull();
  });

  it('reads a valid cart', () => {
    const items = [
      { id: 1, nome: 'Escova', quantity: 2, unitaryValue: 10, amount: '20.00', brinde: false, digital: false },
    ];
    localStorage.setItem('@shoppingCartItems', JSON.stringify(items));
    // parseStoredCart writes every line with `pathImg` (null when it was missing).
    expect(readCartItems()).toEqual([{ ...items[0], pathImg: null }]);
  });
});
