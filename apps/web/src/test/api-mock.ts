/**
 * The web tests' fake API: a `fetch` that answers only the calls a test
 * declared, with answers typed by the shared endpoint contract (ADR 005).
 *
 * - A call no handler matches is rejected (the app sees a network failure)
 *   and recorded; `setup.ts` fails the test in an `afterEach` naming every
 *   unexpected `METHOD /path`, so an app that swallows the error still fails
 *   the test. A test that wants a 404 declares it: `'GET /api/x/1': fail(404, '…')`.
 * - Every key must name an endpoint of the contract (`METHOD /api/path`,
 *   without the query string); a key outside it throws when the mock is made.
 * - `okFor(endpoint, content)` types `content` by the endpoint's response
 *   schema as sent on the wire (`z.input`), so a fixture that drifts from the
 *   contract fails `tsc`; the mock also checks that its key calls that endpoint.
 */
import { endpointPath, type AnyEndpoint, type EndpointCallParams } from '@clinica/shared/endpoint';
import type { z } from 'zod';
import { vi } from 'vitest';
import { contractEntryFor, endpointKeyPattern } from './contract';

export type MockReply = {
  status?: number;
  body?: unknown;
  /** The endpoint a typed reply (`okFor`) answers; the mock checks the key against it. */
  endpoint?: AnyEndpoint;
};
export type MockHandler = (init: RequestInit & { url: string }) => MockReply | Promise<MockReply>;
type MockCall = { method: string; url: string; body: unknown; headers: Record<string, string> };

/** The `content` of an endpoint's success envelope as the API sends it (before the web's parse). */
export type WireContent<E extends AnyEndpoint> = z.input<E['response']>;

/** Problems of the mocks of the running test (unexpected calls, replies under the wrong key). */
const problems: string[] = [];
const live = new Set<{ active: boolean }>();
/**
 * Answers the running test declared outside `mockApi`: `storeSession` declares
 * the check of the stored session the app makes at start (GET /api/usuario/{id}).
 * A handler given to `mockApi` for the same key wins.
 */
const declared = new Map<string, MockReply>();

/** Declares an answer for the rest of the running test, whichever `mockApi` is installed. */
export function declareApiReply(key: string, reply: MockReply) {
  const problem = checkReplyKey(key, reply);
  if (problem) throw new Error(problem);
  declared.set(key, reply);
}

/**
 * Returns and clears the problems recorded since the last call, and retires
 * the mocks made so far (a late call to one is still rejected, but belongs to
 * no test). `setup.ts` calls it after each test.
 */
export function takeApiMockProblems(): string[] {
  for (const mock of live) mock.active = false;
  live.clear();
  declared.clear();
  return problems.splice(0);
}

const KEY = /^(GET|POST|PUT|DELETE|PATCH) (\/api\/[^?\s]*)$/;

function checkReplyKey(key: string, reply: MockReply): string | null {
  if (!reply.endpoint) return null;
  const { method, path } = reply.endpoint;
  return endpointKeyPattern(reply.endpoint).test(key)
    ? null
    : `mockApi: a resposta de ${method} ${path} está sob a chave '${key}', que não chama esse endpoint`;
}

export interface MockApiOptions {
  /** Accept keys that are not endpoints of the contract (only for tests of the bare HTTP client). */
  outsideContract?: boolean;
}

/**
 * A fake `fetch` answering `METHOD /api/path` keys (the path without the query
 * string) and the answers declared with `declareApiReply`; any other call fails the test.
 */
export function mockApi(handlers: Record<string, MockHandler | MockReply>, options: MockApiOptions = {}) {
  for (const [key, handler] of Object.entries(handlers)) {
    if (!KEY.test(key)) throw new Error(`mockApi: chave inválida '${key}' (esperado 'MÉTODO /api/caminho', sem query)`);
    if (!options.outsideContract && !contractEntryFor(key)) {
      throw new Error(`mockApi: '${key}' não é um endpoint do contrato (packages/shared/src/schemas)`);
    }
    if (typeof handler !== 'function') {
      const problem = checkReplyKey(key, handler);
      if (problem) throw new Error(problem);
    }
  }

  const state = { active: true };
  live.add(state);
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, url, body, headers });
    const key = `${method} ${url.split('?')[0]}`;
    const handler = handlers[key] ?? (state.active ? declared.get(key) : undefined);
    if (!handler) {
      const problem = `mockApi: chamada inesperada ${method} ${url} (nenhum handler para '${key}')`;
      if (state.active) problems.push(problem);
      throw new TypeError(problem);
    }
    const reply = typeof handler === 'function' ? await handler({ ...init, url }) : handler;
    const problem = checkReplyKey(key, reply);
    if (problem) {
      if (state.active) problems.push(problem);
      throw new TypeError(problem);
    }
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/**
 * A success envelope with any content, untyped: only for the tests of the bare
 * HTTP client (keys outside the contract) and for a reply that breaks the
 * contract on purpose. Every other reply is `okFor`, which the contract types.
 */
export const ok = <T>(content: T, statusCode = 200): MockReply => ({
  status: statusCode,
  body: { statusCode, message: 'Sucesso.', content },
});

/**
 * The success envelope of `endpoint` (its status: 200, or 201 when it creates),
 * with `content` typed by the endpoint's response schema as sent on the wire.
 */
export function okFor<E extends AnyEndpoint>(
  endpoint: E,
  content: WireContent<E>,
  options: { status?: number; message?: string } = {},
): MockReply {
  const status = options.status ?? endpoint.status ?? 200;
  return {
    status,
    body: { statusCode: status, message: options.message ?? 'Sucesso.', content },
    endpoint,
  };
}

/** An error envelope (`content: null`). */
export const fail = (status: number, message: string): MockReply => ({
  status,
  body: { statusCode: status, message, content: null },
});

/** The mock key of a call to `endpoint`: `keyFor(produtoApi.detalhe, { id: 12 })` → `'GET /api/produto/12'`. */
export function keyFor<E extends AnyEndpoint>(
  endpoint: E,
  ...params: undefined extends EndpointCallParams<E> ? [] : [EndpointCallParams<E>]
): string {
  const values = params[0] as Record<string, string | number> | undefined;
  return `${endpoint.method} /api${endpointPath(endpoint.path, values)}`;
}
