import { notificacaoApi } from '@clinica/shared/schemas/notificacao';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { produtoRelacionadosApi } from '@clinica/shared/schemas/produto-relacionados';
import { empresaApi } from '@clinica/shared/schemas/empresa';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { isValidElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CURSO_DETALHE } from '../test/catalog-fixtures';
import { EMPRESA_FIXTURE } from '../test/empresa-fixture';
import { resetSession } from '../test/reset-session';
import { fail, mockApi, okFor, renderRoutes, storeSession, type MockReply } from '../test/test-utils';
import { DEMO_ATTRIBUTE } from '../lib/demo-mode';
import { session } from '../lib/session';
import { RequireAccess } from './guards/require-access';
import type { RouteAccess } from './guards/route-access';
import { routes } from './routes';

const EMPRESA = { ...EMPRESA_FIXTURE, whatsapp: '11987654321', endereco: null };

/**
 * The data the screens opened here ask for is not these tests' subject: each
 * call is declared and answered 404, so the screens show their empty or error state.
 */
const notFound = fail(404, 'Não encontrado.');
const SCREEN_DATA: Record<string, MockReply> = {
  'GET /api/cliente/buscar': notFound,
  'GET /api/cliente/produtosacesso/1': notFound,
  'GET /api/dashboard/vendas': notFound,
  'GET /api/pagamento/configuracao': notFound,
  'GET /api/pedido/listagem/cliente/3': notFound,
  'GET /api/produto/categoria': notFound,
  'GET /api/produto/site/': notFound,
  'GET /api/profile/7': notFound,
  'GET /api/tarefa/resumo': notFound,
  'GET /api/produto/estoque/baixo': notFound,
  'GET /api/uf/': notFound,
  'GET /api/usuario/buscar': notFound,
};

/** What every page's header and footer ask for, with the screens' data. */
const SHELL_AND_SCREEN_DATA: Record<string, MockReply> = {
  ...SCREEN_DATA,
  'GET /api/empresa/': okFor(empresaApi.get, EMPRESA),
  'GET /api/produto/fisicodigital': okFor(produtoApi.fisicoDigital, { listProdutoDigital: [], listProdutoFisico: [] }),
  // A signed-in customer's bell reads the kept notifications (ADR 046).
  'GET /api/notificacao': okFor(notificacaoApi.listar, { naoLidas: 0, itens: [] }),
};

function signInAs(permissao: 'ADMIN' | 'USUARIO' | 'CLIENTE', idUser = 7) {
  storeSession({ idUser, permissao, idClient: permissao === 'CLIENTE' ? 3 : null, nome: 'Pessoa Teste' });
  session.reload();
}

// These render the real, lazily loaded screens: on two busy cores a screen can take more than 5 s.
describe('routes and guards', { timeout: 20_000 }, () => {
  beforeEach(() => {
    resetSession();
    mockApi(SHELL_AND_SCREEN_DATA);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSession();
  });

  it('renders a later screen as a titled page frame', async () => {
    // The sandbox's page exists in a demo store only (ADR 022): the server marks its pages so.
    document.documentElement.setAttribute(DEMO_ATTRIBUTE, '');
    try {
      renderRoutes(routes, '/sandbox/pix');
      expect(await screen.findByRole('heading', { level: 1, name: 'Pagar PIX (sandbox)' })).toBeTruthy();
    } finally {
      document.documentElement.removeAttribute(DEMO_ATTRIBUTE);
    }
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

  it.each([
    ['/controlAccess', 'Configuração de acesso'],
    ['/dashboard', 'Painel de vendas'],
  ])('refuses the ADMIN-only %s to USUARIO with the not-found page and opens it for ADMIN', async (path, title) => {
    signInAs('USUARIO');
    const first = renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada!' })).toBeTruthy();
    first.unmount();
    signInAs('ADMIN', 1);
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
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
      ...SHELL_AND_SCREEN_DATA,
      'GET /api/produto/12': okFor(produtoApi.detalhe, { ...CURSO_DETALHE, id: 12 }),
      'GET /api/produto/12/comprados-juntos': okFor(produtoRelacionadosApi.compradosJuntos, []),
    });
    const first = renderRoutes(routes, '/details/12');
    expect(await screen.findByRole('heading', { level: 1, name: CURSO_DETALHE.nome })).toBeTruthy();
    first.unmount();
    renderRoutes(routes, '/details/12/true');
    expect(await screen.findByRole('heading', { level: 1, name: CURSO_DETALHE.nome })).toBeTruthy();
  });
});

/*
 * Route access (docs/behaviour/README.md#route-access, ADR 002), route by route, checked against
 * the real route table (`routes`, the one `router.tsx` builds the app from):
 * the table's guards are kept, its screens replaced by a marker naming the
 * matched route, so every route × persona renders the real RequireAccess.
 */
type Persona = 'visitante' | 'CLIENTE' | 'USUARIO' | 'ADMIN';
/** screen: the route's page; notFound: 'Página não encontrada!'; or the path a redirect leads to. */
type Outcome = 'screen' | 'notFound' | '/signIn' | '/loja';
type Expected = Record<Persona, Outcome>;

const PUBLIC: Expected = { visitante: 'screen', CLIENTE: 'screen', USUARIO: 'screen', ADMIN: 'screen' };
/** /orders/:id and /user/:id: the customer's own pages. */
const CLIENTE_OWN: Expected = { visitante: '/signIn', CLIENTE: 'screen', USUARIO: 'notFound', ADMIN: 'notFound' };
/** /library and /classRoom/:id: CLIENTE and ADMIN (ADR 002). */
const LIBRARY: Expected = { visitante: '/signIn', CLIENTE: 'screen', USUARIO: 'notFound', ADMIN: 'screen' };
/** Back-office pages of ADMIN and USUARIO. */
const STAFF: Expected = { visitante: '/signIn', CLIENTE: 'notFound', USUARIO: 'screen', ADMIN: 'screen' };
/** USUARIO loses user pages, /controlAccess, /EditListConteudoProduto, /empresa, /condicoes-comerciais (and the dashboard). */
const ADMIN_ONLY: Expected = { visitante: '/signIn', CLIENTE: 'notFound', USUARIO: 'notFound', ADMIN: 'screen' };

/** [route pattern as the table writes it, a concrete path, who gets what]. CLIENTE is user 7. */
const EXPECTED_ROUTES: [pattern: string, sample: string, expected: Expected][] = [
  ['/', '/', PUBLIC],
  ['/loja', '/loja', PUBLIC],
  ['/loja/fisicos', '/loja/fisicos', PUBLIC],
  ['/loja/digitais', '/loja/digitais', PUBLIC],
  ['/loja/categoria/:id/:slug?', '/loja/categoria/3/descartaveis', PUBLIC],
  ['/details/:id/:openSheet?', '/details/12', PUBLIC],
  ['/signIn', '/signIn', PUBLIC],
  ['/signUp', '/signUp', PUBLIC],
  ['/forgot', '/forgot', PUBLIC],
  ['/contato', '/contato', PUBLIC],
  ['/artigos', '/artigos', PUBLIC],
  ['/termos', '/termos', PUBLIC],
  ['/privacidade', '/privacidade', PUBLIC],
  ['/certificado/:codigo', '/certificado/ABCD-EFGH-JKLM-NP', PUBLIC],
  ['/sandbox/pix', '/sandbox/pix', PUBLIC],
  ['/sandbox/boleto', '/sandbox/boleto', PUBLIC],
  // Without a signed-in user /checkout goes to /loja; only customers buy.
  ['/checkout', '/checkout', { visitante: '/loja', CLIENTE: 'screen', USUARIO: 'notFound', ADMIN: 'notFound' }],
  ['/orders/:id', '/orders/7', CLIENTE_OWN],
  ['/user/:id', '/user/7', CLIENTE_OWN],
  ['/favoritos', '/favoritos', { visitante: '/signIn', CLIENTE: 'screen', USUARIO: 'notFound', ADMIN: 'notFound' }],
  ['/library', '/library', LIBRARY],
  ['/classRoom/:id', '/classRoom/40', LIBRARY],
  ['/orders', '/orders', STAFF],
  ['/products', '/products', STAFF],
  ['/newProduct', '/newProduct', STAFF],
  ['/editProduct/:id', '/editProduct/12', STAFF],
  ['/EditListImagemProduto/:id', '/EditListImagemProduto/12', STAFF],
  ['/unitarys', '/unitarys', STAFF],
  ['/newAuthor', '/newAuthor', STAFF],
  ['/editAuthor/:id', '/editAuthor/5', STAFF],
  ['/newCategory', '/newCategory', STAFF],
  ['/editCategory/:id', '/editCategory/3', STAFF],
  ['/newDiscount', '/newDiscount', STAFF],
  ['/editDiscount/:id', '/editDiscount/4', STAFF],
  ['/clients', '/clients', STAFF],
  ['/estoque-baixo', '/estoque-baixo', STAFF],
  ['/cupons', '/cupons', STAFF],
  ['/cupons/:id', '/cupons/7', STAFF],
  ['/cupons/:id/usos', '/cupons/7/usos', STAFF],
  ['/controlAccess', '/controlAccess', ADMIN_ONLY],
  ['/newUser', '/newUser', ADMIN_ONLY],
  ['/editUser/:id', '/editUser/5', ADMIN_ONLY],
  ['/EditListConteudoProduto/:id', '/EditListConteudoProduto/40', ADMIN_ONLY],
  ['/empresa', '/empresa', ADMIN_ONLY],
  ['/condicoes-comerciais', '/condicoes-comerciais', ADMIN_ONLY],
  ['/dashboard', '/dashboard', ADMIN_ONLY],
  ['/tarefas', '/tarefas', ADMIN_ONLY],
  ['/cupons/novo', '/cupons/novo', ADMIN_ONLY],
  // Any other path: 'Página não encontrada!' for everyone.
  ['*', '/nao-existe/123', PUBLIC],
];

const PERSONAS: Persona[] = ['visitante', 'CLIENTE', 'USUARIO', 'ADMIN'];

const joinPath = (parent: string, path: string) =>
  path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`.replace(/^\/?/, '/');

const guardOf = (route: RouteObject) =>
  isValidElement<{ access: RouteAccess }>(route.element) && route.element.type === RequireAccess ? route.element : null;

/** The full pattern of every page of the table (an index route is its parent's path). */
function leafPatterns(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    if (route.path === '*') return ['*'];
    const full = route.path === undefined ? parent : joinPath(parent, route.path);
    if (route.children) return leafPatterns(route.children, full);
    return [route.index ? full || '/' : full];
  });
}

function Screen({ pattern }: { pattern: string }) {
  return <p data-testid="screen">{pattern}</p>;
}

/** The table with its guards and matching as they are, each page replaced by a marker naming its pattern. */
function guardsOnly(tree: RouteObject[], parent = ''): RouteObject[] {
  return tree.map((route): RouteObject => {
    const full = route.path === undefined || route.path === '*' ? parent : joinPath(parent, route.path);
    if (route.children) {
      return {
        path: route.path,
        caseSensitive: route.caseSensitive,
        element: guardOf(route) ?? <Outlet />,
        children: guardsOnly(route.children, full),
      };
    }
    const pattern = route.path === '*' ? '*' : route.index ? full || '/' : full;
    if (route.index) return { index: true, element: <Screen pattern={pattern} /> };
    return { path: route.path, caseSensitive: route.caseSensitive, element: <Screen pattern={pattern} /> };
  });
}

/** Who may open what, as data: path, index, guard and children of every route. */
type Shape = { path?: string; index?: boolean; access?: RouteAccess; children?: Shape[] };
const shape = (tree: RouteObject[]): Shape[] =>
  tree.map((route) => ({
    path: route.path,
    index: route.index,
    access: guardOf(route)?.props.access,
    children: route.children ? shape(route.children) : undefined,
  }));

function signInPersona(persona: Persona) {
  if (persona === 'visitante') return;
  storeSession({
    idUser: persona === 'CLIENTE' ? 7 : 1,
    permissao: persona,
    idClient: persona === 'CLIENTE' ? 3 : null,
    nome: 'Pessoa Teste',
  });
  session.reload();
}

function renderGuards(path: string) {
  const router = createMemoryRouter(guardsOnly(routes), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('route access of the real route table (docs/behaviour/README.md#route-access, ADR 002)', () => {
  beforeEach(() => {
    resetSession();
    // The guard tree has no screens: it calls no endpoint (the strict mock fails the test if it did).
    mockApi({});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSession();
  });

  it('lists every page of the table in the expectations, and nothing else', () => {
    expect([...leafPatterns(routes)].sort()).toEqual(EXPECTED_ROUTES.map(([pattern]) => pattern).sort());
  });

  it('is the table the app router is built from: the public pages first, the private routes once a path needs them', async () => {
    // A public page whose module reads nothing when it loads.
    window.history.replaceState(null, '', '/artigos');
    const { createAppRouter } = await import('./router');
    const router = createAppRouter();
    try {
      expect(leafPatterns(router.routes as RouteObject[])).not.toContain('/products');
      await router.navigate('/nao-existe');
      expect(shape(router.routes as RouteObject[])).toEqual(shape(routes));
      // Added once: a second miss does not add them again.
      await router.navigate('/products');
      expect(shape(router.routes as RouteObject[])).toEqual(shape(routes));
    } finally {
      router.dispose();
      window.history.replaceState(null, '', '/');
    }
  });

  describe.each(PERSONAS)('%s', (persona) => {
    it.each(EXPECTED_ROUTES)('%s', async (pattern, sample, expected) => {
      signInPersona(persona);
      const router = renderGuards(sample);
      const outcome = expected[persona];
      if (outcome === 'screen') {
        expect((await screen.findByTestId('screen')).textContent).toBe(pattern);
        expect(router.state.location.pathname).toBe(sample);
      } else if (outcome === 'notFound') {
        expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada!' })).toBeTruthy();
        expect(screen.queryByTestId('screen')).toBeNull();
      } else {
        await waitFor(() => expect(router.state.location.pathname).toBe(outcome));
        // The page shown is the redirect's target (/signIn and /loja are public routes).
        expect((await screen.findByTestId('screen')).textContent).toBe(outcome);
      }
    });
  });

  it("sends a customer from another customer's /orders/:id and /user/:id to their own", async () => {
    signInPersona('CLIENTE');
    const orders = renderGuards('/orders/99');
    await waitFor(() => expect(orders.state.location.pathname).toBe('/orders/7'));
    expect((await screen.findByTestId('screen')).textContent).toBe('/orders/:id');
    cleanup();
    const user = renderGuards('/user/99');
    await waitFor(() => expect(user.state.location.pathname).toBe('/user/7'));
    expect((await screen.findByTestId('screen')).textContent).toBe('/user/:id');
  });

  it('matches paths case-insensitively: /Clients is /clients for staff, not found for a customer', async () => {
    signInPersona('USUARIO');
    renderGuards('/Clients');
    expect((await screen.findByTestId('screen')).textContent).toBe('/clients');
    cleanup();
    signInPersona('CLIENTE');
    renderGuards('/Clients');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada!' })).toBeTruthy();
  });
});
