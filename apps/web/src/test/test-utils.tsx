import { usuarioApi, type UsuarioContent } from '@clinica/shared/schemas/auth';
/**
 * Helpers for component tests (jsdom). Vitest runs without globals here, so
 * each test file calls `afterEach(cleanup)` itself.
 */
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';

// Radix measures elements with ResizeObserver, which jsdom lacks.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
// jsdom does not implement scrolling (ScrollRestoration calls it).
window.scrollTo = (() => {}) as typeof window.scrollTo;

import { declareApiReply, keyFor, okFor } from './api-mock';

export { fail, keyFor, mockApi, ok, okFor, type MockHandler, type MockReply, type WireContent } from './api-mock';

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders routes in a memory router inside the app providers. */
export function renderRoutes(routes: RouteObject[], initialPath = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const utils = render(
    <AppProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...utils };
}

/** Renders one element at `/` (with a `/signIn` route for redirects). */
export function renderWithRouter(ui: ReactNode, initialPath = '/') {
  return renderRoutes(
    [
      { path: '/', element: ui },
      { path: '/signIn', element: <p>Página de login</p> },
      { path: '*', element: ui },
    ],
    initialPath,
  );
}

const PERMISSAO_ID = { ADMIN: 1, CLIENTE: 2, USUARIO: 3 } as const;

/**
 * Stores a signed-in session the way the app does, and declares to the API mock
 * the check the app makes of a stored session at start (GET /api/usuario/{id},
 * answered with this user), so a signed-in render needs no handler for it.
 */
export function storeSession(
  user: { idUser: number; permissao: 'ADMIN' | 'USUARIO' | 'CLIENTE'; idClient?: number | null; nome?: string },
  token = fakeJwt({ sub: String(user.idUser), permissao: user.permissao, exp: Math.floor(Date.now() / 1000) + 3600 }),
) {
  localStorage.setItem('@authUser', JSON.stringify({ idClient: null, ...user }));
  localStorage.setItem('@Token', JSON.stringify(token));
  declareApiReply(
    keyFor(usuarioApi.get, { id: user.idUser }),
    okFor(
      usuarioApi.get,
      usuarioFixture({
        id: user.idUser,
        ...(user.nome ? { nome: user.nome } : {}),
        permissao: { id: PERMISSAO_ID[user.permissao], nome: user.permissao },
      }),
    ),
  );
  return token;
}

/** An unsigned JWT with the given payload (the web only decodes it). */
export function fakeJwt(payload: Record<string, unknown>): string {
  const b64 = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.c2lnbmF0dXJl`;
}

/** A user as GET /api/usuario/{id} returns it (the contract's full shape). */
export function usuarioFixture(patch: Partial<UsuarioContent> & { id: number }): UsuarioContent {
  return {
    nome: 'Pessoa Teste',
    email: 'pessoa@teste.com.br',
    permissao: { id: 2, nome: 'CLIENTE' },
    ativo: true,
    confirmado: true,
    ...patch,
  };
}
