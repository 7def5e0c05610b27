import type { UsuarioContent } from '@clinica/shared/schemas/auth';
/**
 * Helpers for component tests (jsdom). Vitest runs without globals here, so
 * each test file calls `afterEach(cleanup)` itself.
 */
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
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

export type MockReply = { status?: number; body?: unknown };
export type MockHandler = (init: RequestInit & { url: string }) => MockReply | Promise<MockReply>;

/** A fake `fetch` answering `METHOD /api/path` keys (the path without the query string); others get 404. */
export function mockApi(handlers: Record<string, MockHandler | MockReply>) {
  const calls: { method: string; url: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, url, body, headers });
    const key = `${method} ${url.split('?')[0]}`;
    const handler = handlers[key];
    const reply: MockReply = handler
      ? typeof handler === 'function'
        ? await handler({ ...init, url })
        : handler
      : { status: 404, body: { statusCode: 404, message: 'Rota não encontrada.', content: null } };
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

export const ok = <T,>(content: T, statusCode = 200): MockReply => ({
  status: statusCode,
  body: { statusCode, message: 'Sucesso.', content },
});

export const fail = (status: number, message: string): MockReply => ({
  status,
  body: { statusCode: status, message, content: null },
});

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

/** Stores a signed-in session the way the app does. */
export function storeSession(
  user: { idUser: number; permissao: 'ADMIN' | 'USUARIO' | 'CLIENTE'; idClient?: number | null; nome?: string },
  token = fakeJwt({ sub: String(user.idUser), permissao: user.permissao, exp: Math.floor(Date.now() / 1000) + 3600 }),
) {
  localStorage.setItem('@authUser', JSON.stringify({ idClient: null, ...user }));
  localStorage.setItem('@Token', JSON.stringify(token));
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
