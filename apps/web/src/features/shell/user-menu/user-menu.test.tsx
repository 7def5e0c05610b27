import { usuarioApi } from '@clinica/shared/schemas/auth';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { logout } from '../../../lib/auth-api';
import { session, type SessionUser } from '../../../lib/session';
import { resetSession } from '../../../test/reset-session';
import { fail, mockApi, okFor, renderWithRouter, storeSession } from '../../../test/test-utils';
import UserMenu from './user-menu';

async function openMenu() {
  const trigger = screen.getByRole('button', { name: 'Abrir menu do usuário' });
  fireEvent.keyDown(trigger, { key: 'Enter' });
  return screen.findByRole('menu');
}

const itemNames = () => screen.getAllByRole('menuitem').map((i) => i.textContent);

describe('UserMenu', () => {
  beforeEach(resetSession);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSession();
  });

  it('shows the initials and, for CLIENTE, the name, library, own orders, favourites and logout', async () => {
    const user: SessionUser = { idUser: 7, permissao: 'CLIENTE', idClient: 3, nome: 'Maria Clara Souza' };
    renderWithRouter(<UserMenu user={user} name={user.nome} />);
    expect(screen.getByRole('button', { name: 'Abrir menu do usuário' }).textContent).toBe('MC');
    await openMenu();
    expect(itemNames()).toEqual([
      'MCMaria Clara SouzaCliente',
      'Minha bibliotecaAcesso ao conteúdo digital',
      'Lista de pedidos',
      'FavoritosProdutos que você guardou',
      'Sair da conta',
    ]);
    expect(screen.getByTestId('user-menu-profile').getAttribute('href')).toBe('/user/7');
    expect(screen.getByRole('menuitem', { name: /^Favoritos/ }).getAttribute('href')).toBe('/favoritos');
    expect(screen.getByRole('menuitem', { name: 'Lista de pedidos' }).getAttribute('href')).toBe('/orders/7');
  });

  it('for ADMIN: "Gerente" to /controlAccess and every back-office entry', async () => {
    const user: SessionUser = { idUser: 1, permissao: 'ADMIN', idClient: null, nome: 'Administrador' };
    renderWithRouter(<UserMenu user={user} name={user.nome} />);
    await openMenu();
    expect(screen.getByTestId('user-menu-profile').getAttribute('href')).toBe('/controlAccess');
    expect(screen.getByTestId('user-menu-profile').textContent).toContain('Gerente');
    expect(screen.getByRole('menuitem', { name: 'Lista clientes' }).getAttribute('href')).toBe('/Clients');
    expect(screen.getByRole('menuitem', { name: /^Acesso/ }).getAttribute('href')).toBe('/controlAccess');
    expect(screen.getByRole('menuitem', { name: /^Painel de vendas/ }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('menuitem', { name: /^Tarefas/ }).getAttribute('href')).toBe('/tarefas');
    expect(screen.getByRole('menuitem', { name: /Minha biblioteca/ })).toBeTruthy();
  });

  it('for USUARIO: the name as a plain label, no library and no Acesso', async () => {
    const user: SessionUser = { idUser: 2, permissao: 'USUARIO', idClient: null, nome: 'Equipe' };
    renderWithRouter(<UserMenu user={user} name={user.nome} />);
    await openMenu();
    expect(screen.getByTestId('user-menu-profile').tagName).not.toBe('A');
    expect(itemNames()).toEqual([
      'Lista de pedidos',
      'Produtos',
      'Estoque baixoProdutos no estoque mínimo',
      'UnitáriosCadastro de unitários',
      'Lista clientes',
      'CuponsCupons de desconto',
      'Sair da conta',
    ]);
  });

  it('"Sair da conta" calls logout, clears the session even when the call fails, and goes to /signIn', async () => {
    storeSession({ idUser: 7, permissao: 'CLIENTE', idClient: 3, nome: 'Maria' });
    session.reload();
    const { calls } = mockApi({ 'POST /api/usuario/logout/7': fail(500, 'Erro') });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = session.getSnapshot().user!;
    const { router } = renderWithRouter(<UserMenu user={user} name="Maria" />);
    await openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sair da conta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signIn'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/usuario/logout/7']);
    expect(localStorage.getItem('@authUser')).toBeNull();
    expect(localStorage.getItem('@Token')).toBeNull();
    expect(session.getSnapshot().expired).toBe(false);
    expect(warn).toHaveBeenCalled(); // a logout failure is only logged
    warn.mockRestore();
  });

  it('a request of the session answered 401 while the logout is on its way is not an expired session', async () => {
    storeSession({ idUser: 7, permissao: 'CLIENTE', idClient: 3, nome: 'Maria' });
    session.reload();
    const token = session.getSnapshot().token!;
    let answerRefetch = () => {};
    let answerLogout = () => {};
    const { calls } = mockApi({
      // The server has revoked the token: a refetch sent before the logout comes back 401.
      'GET /api/usuario/7': () =>
        new Promise((resolve) => (answerRefetch = () => resolve(fail(401, 'Token revogado')))),
      'POST /api/usuario/logout/7': () =>
        new Promise((resolve) => (answerLogout = () => resolve(okFor(usuarioApi.logout, null)))),
    });
    const refetch = apiRequest('/usuario/7').catch((e: unknown) => e);
    const leaving = logout();
    answerRefetch();
    expect(await refetch).toBeInstanceOf(ApiError);
    answerLogout();
    await leaving;
    expect(session.getSnapshot()).toMatchObject({ user: null, token: null, expired: false });
    // The server still gets the session's token to revoke.
    const logoutCall = calls.find((c) => c.method === 'POST')!;
    expect(logoutCall.headers.Authorization).toBe(`Bearer ${token}`);
  });

  it('logout success also clears the session', async () => {
    storeSession({ idUser: 1, permissao: 'ADMIN', nome: 'Admin' });
    session.reload();
    mockApi({ 'POST /api/usuario/logout/1': okFor(usuarioApi.logout, null) });
    const { router } = renderWithRouter(<UserMenu user={session.getSnapshot().user!} name="Admin" />);
    await openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sair da conta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signIn'));
    expect(session.isSignedIn()).toBe(false);
  });
});
