import { favoritoApi } from '@clinica/shared/schemas/favorito';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { placeOf } from '../../lib/sign-in-place';
import { resetSession } from '../../test/reset-session';
import { mockApi, okFor, renderRoutes, storeSession } from '../../test/test-utils';
import { FavoriteHeart } from './favorite-heart';

function renderHeart(path = '/details/14?x=1') {
  return renderRoutes(
    [
      { path: '/details/:id', element: <FavoriteHeart produtoId={14} nome="Escova" /> },
      { path: '/signIn', element: <p>Entrar</p> },
    ],
    path,
  );
}
const heart = () => screen.getByRole('button', { name: 'Favoritar Escova' });

describe('FavoriteHeart (ADR 045)', () => {
  beforeEach(() => resetSession());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSession();
  });

  it('a visitor is sent to sign in, with the way back and the product to favourite; no request is made', async () => {
    const { calls } = mockApi({});
    const { router } = renderHeart();
    expect(heart().getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart());
    await waitFor(() => expect(router.state.location.pathname).toBe('/signIn'));
    expect(placeOf(router.state.location.state)).toEqual({ voltarPara: '/details/14?x=1', favoritar: 14 });
    expect(calls).toEqual([]);
  });

  it('filled for a favourite of the signed-in customer; pressed again it is removed', async () => {
    storeSession({ idUser: 7, permissao: 'CLIENTE', idClient: 3 });
    session.reload();
    const { calls } = mockApi({
      'GET /api/favoritos/ids': okFor(favoritoApi.ids, [14, 2]),
      'DELETE /api/favoritos/14': okFor(favoritoApi.remover, [2]),
    });
    renderHeart();
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(heart());
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('false'));
    const favoritos = calls.filter((c) => c.url.includes('/favoritos'));
    expect(favoritos.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/favoritos/ids',
      'DELETE /api/favoritos/14',
    ]);
  });

  it('pressed while the ids are still on their way: the late answer does not undo it', async () => {
    storeSession({ idUser: 7, permissao: 'CLIENTE', idClient: 3 });
    session.reload();
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    let read: AbortSignal | null | undefined;
    mockApi({
      'GET /api/favoritos/ids': async ({ signal }) => {
        read = signal;
        await held;
        return okFor(favoritoApi.ids, []);
      },
      'PUT /api/favoritos/14': okFor(favoritoApi.adicionar, [14]),
    });
    renderHeart();
    await waitFor(() => expect(read).toBeDefined());
    fireEvent.click(heart());
    await waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));
    // The read that was on its way is dropped, so its answer (without the product) can never land.
    expect(read?.aborted).toBe(true);
    release();
    await held;
    await new Promise((r) => setTimeout(r, 0));
    expect(heart().getAttribute('aria-pressed')).toBe('true');
  });

  it('the staff, who have no favourites, see no heart and ask for nothing', () => {
    storeSession({ idUser: 1, permissao: 'ADMIN' });
    session.reload();
    const { calls } = mockApi({});
    renderHeart();
    expect(screen.queryByRole('button')).toBeNull();
    expect(calls.filter((c) => c.url.includes('favoritos'))).toEqual([]);
  });
});
