import { MSG } from '@clinica/shared/messages';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../lib/session';
import { resetSession } from '../test/reset-session';
import { fail, mockApi, renderRoutes, storeSession, type MockReply } from '../test/test-utils';
import { routes } from './routes';

/** The product list and its category filter (answered 404: not this test's subject). */
const SCREEN_CALLS: Record<string, MockReply> = {
  'GET /api/produto/listagem': fail(404, 'Não encontrado.'),
  'GET /api/categoria/': fail(404, 'Não encontrado.'),
};

describe('session-expired dialog', () => {
  beforeEach(resetSession);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSession();
  });

  it('a 401 signs the user out, shows "Acesso não autorizado" and leads to /signIn', async () => {
    storeSession({ idUser: 1, permissao: 'ADMIN', nome: 'Ana' });
    session.reload();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({
      ...SCREEN_CALLS,
      'GET /api/empresa/': fail(404, 'Empresa não encontrada ou não cadastrada'),
      'GET /api/produto/fisicodigital': fail(401, 'Token expirado.'),
    });
    const { router } = renderRoutes(routes, '/products');
    const dialog = await screen.findByRole('dialog', { name: MSG.acessoNaoAutorizado });
    expect(dialog.textContent).toContain(MSG.sessaoExpirada);
    expect(localStorage.getItem('@authUser')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Fazer login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signIn'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MSG.acessoNaoAutorizado })).toBeNull());
    expect(session.getSnapshot().expired).toBe(false);
  });
});
