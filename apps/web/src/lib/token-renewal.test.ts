import { usuarioApi } from '@clinica/shared/schemas/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSession } from '../test/reset-session';
import { fail, fakeJwt, mockApi, okFor, usuarioFixture, type MockReply } from '../test/test-utils';
import { session } from './session';
import { RENEW_BEFORE_MS, startSessionKeeper } from './token-renewal';

/** The check of the session at start, unless a test answers it otherwise. */
const SCREEN_CALLS: Record<string, MockReply> = {
  'GET /api/usuario/7': okFor(usuarioApi.get, usuarioFixture({ id: 7 })),
};

const tokenExpiringIn = (seconds: number) =>
  fakeJwt({ sub: '7', permissao: 'CLIENTE', exp: Math.floor(Date.now() / 1000) + seconds });

describe('token renewal', () => {
  let stop: () => void = () => {};
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-02T12:00:00Z') });
    resetSession();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    resetSession();
  });

  it('renews through atualizatoken shortly before exp, so a working user stays signed in', async () => {
    const renewed = tokenExpiringIn(3600);
    const { calls } = mockApi({
      ...SCREEN_CALLS,
      'GET /api/usuario/auth/atualizatoken/7': okFor(usuarioApi.atualizaToken, { acess_token: renewed }),
    });
    session.signIn({ idUser: 7, permissao: 'CLIENTE', idClient: 3 }, tokenExpiringIn(300));
    stop = startSessionKeeper();

    const renewals = () => calls.filter((c) => c.url.includes('atualizatoken'));
    await vi.advanceTimersByTimeAsync(300_000 - RENEW_BEFORE_MS - 1000);
    expect(renewals()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(renewals().map((c) => c.url)).toEqual(['/api/usuario/auth/atualizatoken/7']);
    expect(session.getSnapshot().token).toBe(renewed);
    expect(JSON.parse(localStorage.getItem('@Token')!)).toBe(renewed);
    expect(session.getSnapshot().expired).toBe(false);
  });

  it('signs out with the session-expired flag when the server refuses the renewal', async () => {
    mockApi({ ...SCREEN_CALLS, 'GET /api/usuario/auth/atualizatoken/7': fail(401, 'Token revogado.') });
    session.signIn({ idUser: 7, permissao: 'CLIENTE', idClient: 3 }, tokenExpiringIn(90));
    stop = startSessionKeeper();
    await vi.advanceTimersByTimeAsync(31_000);
    expect(session.getSnapshot()).toMatchObject({ user: null, token: null, expired: true });
  });

  it('checks a stored session at start: a revoked token signs out with the flag', async () => {
    mockApi({ ...SCREEN_CALLS, 'GET /api/usuario/7': fail(401, 'Token revogado.') });
    session.signIn({ idUser: 7, permissao: 'CLIENTE', idClient: 3 }, tokenExpiringIn(3600));
    stop = startSessionKeeper();
    await vi.advanceTimersByTimeAsync(0);
    expect(session.getSnapshot()).toMatchObject({ user: null, expired: true });
  });

  it('checks a stored session at start: a valid one gets its name', async () => {
    mockApi({
      ...SCREEN_CALLS,
      'GET /api/usuario/7': okFor(usuarioApi.get, usuarioFixture({ id: 7, nome: 'Maria Souza', email: 'maria@x.com' })),
    });
    session.signIn({ idUser: 7, permissao: 'CLIENTE', idClient: 3 }, tokenExpiringIn(3600));
    stop = startSessionKeeper();
    await vi.advanceTimersByTimeAsync(0);
    expect(session.getSnapshot().user).toMatchObject({ nome: 'Maria Souza', email: 'maria@x.com' });
  });

  it('follows a logout made in another tab', async () => {
    mockApi({ ...SCREEN_CALLS });
    session.signIn({ idUser: 7, permissao: 'CLIENTE', idClient: 3 }, tokenExpiringIn(3600));
    stop = startSessionKeeper();
    localStorage.removeItem('@authUser');
    localStorage.removeItem('@Token');
    window.dispatchEvent(new StorageEvent('storage', { key: '@Token' }));
    expect(session.isSignedIn()).toBe(false);
  });
});
