import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../lib/session';
import { resetSession } from '../test/reset-session';
import { fakeJwt } from '../test/test-utils';
import { useLazySessionKeeper } from './providers';

const keeper = vi.hoisted(() => ({ start: vi.fn(() => () => {}) }));
vi.mock('../lib/token-renewal', () => ({ startSessionKeeper: keeper.start }));

function Keeper() {
  useLazySessionKeeper();
  return null;
}

const token = () => fakeJwt({ sub: '7', permissao: 'CLIENTE', exp: Math.floor(Date.now() / 1000) + 3600 });

describe('session keeper loaded only with a session (P6, docs/quality.md)', () => {
  beforeEach(() => {
    resetSession();
    keeper.start.mockClear();
  });
  afterEach(() => {
    cleanup();
    resetSession();
  });

  it('is not loaded for a visitor, and starts at the first login without re-checking the new session', async () => {
    render(<Keeper />);
    await new Promise((r) => setTimeout(r, 20));
    expect(keeper.start).not.toHaveBeenCalled();

    act(() => session.signIn({ idUser: 7, permissao: 'CLIENTE', idClient: 3 }, token()));
    await vi.waitFor(() => expect(keeper.start).toHaveBeenCalledTimes(1));
    expect(keeper.start).toHaveBeenCalledWith({ verifyAtStart: false });
  });

  it('starts at once for a stored session and checks it against the server', async () => {
    session.signIn({ idUser: 7, permissao: 'CLIENTE', idClient: 3 }, token());
    render(<Keeper />);
    await vi.waitFor(() => expect(keeper.start).toHaveBeenCalledWith({ verifyAtStart: true }));
  });

  it('follows a login made in another tab while no keeper runs', async () => {
    render(<Keeper />);
    localStorage.setItem('@authUser', JSON.stringify({ idUser: 7, permissao: 'CLIENTE', idClient: 3 }));
    localStorage.setItem('@Token', JSON.stringify(token()));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: '@Token' }));
    });
    expect(session.getSnapshot().user?.idUser).toBe(7);
    await vi.waitFor(() => expect(keeper.start).toHaveBeenCalledWith({ verifyAtStart: false }));
  });
});
