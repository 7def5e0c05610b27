import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CURSO_DETALHE } from '../test/catalog-fixtures';
import { resetSession } from '../test/reset-session';
import { mockApi, ok, renderRoutes, storeSession } from '../test/test-utils';
import { session } from '../lib/session';
import { routes } from './routes';

const EMPRESA = {
  id: 1,
  nome: 'Sorriso Pleno Odontologia Ltda',
  nomeFantasia: 'Sorriso Pleno',
  cnpj: '11222333000181',
  email: 'contato@sorrisopleno.com.br',
  whatsapp: '11987654321',
  facebook: null,
  instagram: null,
  youtube: null,
  descricaoHorarioFuncionamento: 'Seg a Sex 08h-18h',
  endereco: null,
};

function signInAs(permissao: 'ADMIN' | 'USUARIO' | 'CLIENTE', idUser = 7) {
  storeSession({ idUser, permissao, idClient: permissao === 'CLIENTE' ? 3 : null, nome: 'Pessoa Teste' });
  session.reload();
}

describe('routes and guards', () => {
  beforeEach(() => {
    resetSession();
    mockApi({
      'GET /api/empresa/': ok(EMPRESA),
      'GET /api/produto/fisicodigital': ok({ listProdutoDigital: [], listProdutoFisico: [] }),
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSession();
  });

  it('renders a later screen as a titled page frame', async () => {
    renderRoutes(routes, '/sandbox/pix');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagar PIX (sandbox)' })).toBeTruthy();
  });

  it('shows "Página não encontrada!" for unknown paths', async () => {
    renderRoutes(routes, '/nao-existe/123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada!' })).toBeTruthy();
  });

  it('redirects a visitor from a customer page to /signIn', async () => {
    const { router } = renderRoutes(routes, '/library');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signIn'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeTruthy();
  });

  it('redirects a visitor from /checkout to /loja', async () => {
    const { router } = renderRoutes(routes, '/checkout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/loja'));
  });

  it('serves both /clients and /Clients to staff', async () => {
    signInAs('USUARIO');
    const first = renderRoutes(routes, '/Clients');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lista de clientes' })).toBeTruthy();
    first.unmount();
    renderRoutes(routes, '/clients');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lista de clientes' })).toBeTruthy();
  });

  it('refuses a back-office page to a customer with the not-found page', async () => {
    signInAs('CLIENTE');
    renderRoutes(routes, '/products');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada!' })).toBeTruthy();
  });

  it('refuses ADMIN-only pages to USUARIO and opens them for ADMIN', async () => {
    signInAs('USUARIO');
    const first = renderRoutes(routes, '/controlAccess');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada!' })).toBeTruthy();
    first.unmount();
    signInAs('ADMIN', 1);
    renderRoutes(routes, '/controlAccess');
    expect(await screen.findByRole('heading', { level: 1, name: 'Configuração de acesso' })).toBeTruthy();
  });

  it('serves the sales dashboard to ADMIN only (USUARIO gets the not-found page)', async () => {
    signInAs('USUARIO');
    const first = renderRoutes(routes, '/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada!' })).toBeTruthy();
    first.unmount();
    signInAs('ADMIN', 1);
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Painel de vendas' })).toBeTruthy();
  });

  it('lets ADMIN open the library', async () => {
    signInAs('ADMIN', 1);
    renderRoutes(routes, '/library');
    expect(await screen.findByRole('heading', { level: 1, name: 'Minha biblioteca' })).toBeTruthy();
  });

  it("moves a customer from another customer's orders to their own", async () => {
    signInAs('CLIENTE', 7);
    const { router } = renderRoutes(routes, '/orders/99');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/7'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lista de pedidos' })).toBeTruthy();
  });

  it('serves the account screens: /signUp, /forgot and the customer profile', async () => {
    const first = renderRoutes(routes, '/signUp');
    expect(await screen.findByRole('heading', { level: 1, name: 'Criar conta' })).toBeTruthy();
    first.unmount();
    const second = renderRoutes(routes, '/forgot');
    expect(await screen.findByRole('heading', { level: 1, name: 'Recuperar senha' })).toBeTruthy();
    second.unmount();
    signInAs('CLIENTE', 7);
    renderRoutes(routes, '/user/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Meu perfil' })).toBeTruthy();
  });

  it('opens product details with and without the sheet flag', async () => {
    mockApi({
      'GET /api/empresa/': ok(EMPRESA),
      'GET /api/produto/fisicodigital': ok({ listProdutoDigital: [], listProdutoFisico: [] }),
      'GET /api/produto/12': ok({ ...CURSO_DETALHE, id: 12 }),
    });
    const first = renderRoutes(routes, '/details/12');
    expect(await screen.findByRole('heading', { level: 1, name: CURSO_DETALHE.nome })).toBeTruthy();
    first.unmount();
    renderRoutes(routes, '/details/12/true');
    expect(await screen.findByRole('heading', { level: 1, name: CURSO_DETALHE.nome })).toBeTruthy();
  });
});
