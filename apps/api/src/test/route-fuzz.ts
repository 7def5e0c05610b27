/**
 * The route fuzzer of docs/quality.md R2, shared by the contract fuzz test and its own
 * self-test: sends fast-check cases to one route as the caller its access rule
 * admits and checks every answer — never a 5xx, never a stack trace, always
 * the envelope with the HTTP status — and, when every case was refused, that
 * nothing was written (row counts of every table).
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { AnyEndpoint } from '@clinica/shared/endpoint';
import { DEMO_ACCOUNTS } from '../db/seed/demo-data.js';
import type { RouteAccess } from '../lib/access.js';
import type { TokenSubject } from '../lib/jwt.js';
import { bodyArbitrary, chaos, pathValueArbitrary, queryArbitrary } from './arbitraries.js';
import type { TestApp } from './harness.js';

export const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/** Tables whose rows a refused request may legitimately add: rate-limit counters and replayable idempotent answers. */
const MAY_CHANGE_ON_REFUSAL = new Set(['limites_requisicao', 'chaves_idempotencia', '__drizzle_migrations']);

/** What an answer must never show. */
/**
 * Routes that answer a person's browser with a page, errors included (the unsubscribe link of marketing e-mails,
 * ADR 034): no JSON envelope, but still never a 5xx nor a stack trace.
 */
const PAGINAS_HTML = new Set(['GET /api/email/descadastrar', 'POST /api/email/descadastrar']);

const STACK_TRACE = /\n\s+at |node_modules|\.ts:\d+:\d+|\.js:\d+:\d+|TypeError|ReferenceError|SyntaxError: Unexpected/;

type Caller = 'anonimo' | 'cliente' | 'usuario' | 'admin';

/** The caller the access rule admits (the most privileged), and the owner parameter to fill with the caller's id. */
function callerFor(access: RouteAccess | undefined): {
  caller: Caller;
  owner?: { param: string; claim: 'sub' | 'idCliente' };
} {
  if (access === undefined || access === 'public') return { caller: 'anonimo' };
  if (access === 'authenticated') return { caller: 'cliente' };
  if (Array.isArray(access)) {
    const roles = access as readonly string[];
    return { caller: roles.includes('ADMIN') ? 'admin' : roles.includes('USUARIO') ? 'usuario' : 'cliente' };
  }
  const rule = access as { owner: string; claim?: 'sub' | 'idCliente' };
  return { caller: 'cliente', owner: { param: rule.owner, claim: rule.claim ?? 'sub' } };
}

interface CaseInput {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  bodyKind: 'json' | 'none' | 'text';
}

export interface RouteFuzzer {
  /** Fuzzes one route with `runs` cases (contract `e`, or chaos when the route has none). */
  fuzzRoute(
    method: string,
    url: string,
    e: AnyEndpoint | undefined,
    opts: { runs: number; seed?: number },
  ): Promise<void>;
}

/** A fuzzer over a seeded test app (the demo accounts are the callers). */
export async function createRouteFuzzer(t: TestApp): Promise<RouteFuzzer> {
  const ids = async (email: string) => {
    const [row] = await t.database.raw<{ id: number; cliente: number | null }>(
      'SELECT u.id, c.id AS cliente FROM usuarios u LEFT JOIN clientes c ON c.usuario_id = u.id WHERE u.email = $1',
      [email],
    );
    if (!row) throw new Error(`conta de demonstração ausente: ${email}`);
    return { id: Number(row.id), idCliente: row.cliente === null ? null : Number(row.cliente) };
  };
  const subjects: Record<Exclude<Caller, 'anonimo'>, TokenSubject> = {
    cliente: { ...(await ids(DEMO_ACCOUNTS.cliente.email)), permissao: 'CLIENTE' },
    usuario: { ...(await ids(DEMO_ACCOUNTS.equipe.email)), permissao: 'USUARIO' },
    admin: { ...(await ids(DEMO_ACCOUNTS.admin.email)), permissao: 'ADMIN' },
  };
  const PERMISSAO_ID = { ADMIN: 1, CLIENTE: 2, USUARIO: 3 } as const;
  /**
   * The ADMIN's cases may deactivate, demote or re-password the other callers (that is what those routes do):
   * after each route they are active again with their role, and their tokens carry their current credentials version.
   */
  async function restoreCallers(): Promise<void> {
    for (const subject of Object.values(subjects)) {
      const [row] = await t.database.raw<{ sessao_versao: number }>(
        'UPDATE usuarios SET ativo = true, permissao_id = $2 WHERE id = $1 RETURNING sessao_versao',
        [subject.id, PERMISSAO_ID[subject.permissao]],
      );
      subject.sessaoVersao = Number(row?.sessao_versao ?? 0);
    }
  }
  await restoreCallers();
  const tables = await t.database.raw<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const countSql = `SELECT ${tables
    .map((r) => r.table_name)
    .filter((n) => !MAY_CHANGE_ON_REFUSAL.has(n))
    .map((n) => `(SELECT count(*) FROM "${n}")::int AS "${n}"`)
    .join(', ')}`;
  const counts = async (): Promise<Record<string, number>> => {
    const [row] = await t.database.raw<Record<string, string | number>>(countSql);
    return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]));
  };

  async function send(method: string, url: string, access: RouteAccess | undefined, input: CaseInput): Promise<number> {
    const { caller, owner } = callerFor(access);
    const headers: Record<string, string> = {};
    let params = input.params;
    if (caller !== 'anonimo') {
      const subject = subjects[caller];
      // A token of its own per case: a logout or a password change in one case does not touch the next.
      headers.authorization = `Bearer ${await t.issueToken(subject)}`;
      if (owner && params[owner.param] === '__own__') {
        params = { ...params, [owner.param]: String(owner.claim === 'idCliente' ? subject.idCliente : subject.id) };
      }
    }
    const target = url.replace(/:([A-Za-z0-9_]+)\??/g, (_, name: string) =>
      encodeURIComponent(params[name] === '__own__' ? '1' : (params[name] ?? '1')),
    );
    if (method === 'POST') headers['idempotency-key'] = `fuzz-${Math.random().toString(36).slice(2)}`;
    const res = await t.app.inject({
      method: method as 'GET',
      url: target,
      query: input.query,
      headers: {
        ...headers,
        ...(input.bodyKind === 'json' ? { 'content-type': 'application/json' } : {}),
        ...(input.bodyKind === 'text' ? { 'content-type': 'text/plain' } : {}),
      },
      ...(input.bodyKind === 'none' ? {} : { payload: JSON.stringify(input.body) ?? 'null' }),
    });
    const where = `${method} ${target}`;
    expect(res.statusCode, `${where} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
    expect(res.body, `${where}: rastro de pilha na resposta`).not.toMatch(STACK_TRACE);
    const type = String(res.headers['content-type'] ?? '');
    if (PAGINAS_HTML.has(`${method} ${url}`)) {
      // A page a person opens from an e-mail: its refusals are pt-BR pages, not JSON envelopes.
      expect(type, `${where}: página sem HTML`).toContain('text/html');
      expect(res.body, `${where}: página vazia`).toMatch(/<html/i);
      return res.statusCode;
    }
    if (res.statusCode >= 400 || type.includes('application/json')) {
      expect(type, `${where}: resposta sem JSON`).toContain('application/json');
      const env = JSON.parse(res.body) as { statusCode?: unknown; message?: unknown };
      expect(env.statusCode, `${where}: envelope`).toBe(res.statusCode);
      expect(typeof env.message, `${where}: envelope sem mensagem`).toBe('string');
      expect(env, `${where}: envelope sem content`).toHaveProperty('content');
    }
    return res.statusCode;
  }

  function inputArbitrary(e: AnyEndpoint | undefined, url: string, access: RouteAccess | undefined) {
    const names = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
    const { owner } = callerFor(access);
    const params = fc.record(
      Object.fromEntries(
        names.map((n) => [
          n,
          owner?.param === n
            ? fc.oneof(
                { arbitrary: fc.constant('__own__'), weight: 4 },
                { arbitrary: pathValueArbitrary([]), weight: 1 },
              )
            : pathValueArbitrary([]),
        ]),
      ),
    ) as fc.Arbitrary<Record<string, string>>;
    const bodyKind: fc.Arbitrary<CaseInput['bodyKind']> = WRITE_METHODS.has(e?.method ?? 'POST')
      ? fc.oneof(
          { arbitrary: fc.constant('json' as const), weight: 8 },
          fc.constant('none' as const),
          fc.constant('text' as const),
        )
      : fc.constant('none' as const);
    return fc.record({
      params,
      query: e ? queryArbitrary(e.query) : fc.constant({}),
      body: e ? bodyArbitrary(e.body) : chaos,
      bodyKind,
    });
  }

  return {
    async fuzzRoute(method, url, e, { runs, seed }) {
      const access = t.app.routeAccess().find((r) => r.method === method && r.url === url)?.access;
      const before = await counts();
      let accepted = 0;
      await fc.assert(
        fc.asyncProperty(inputArbitrary(e, url, access), async (input) => {
          if ((await send(method, url, access, input)) < 300) accepted++;
        }),
        { numRuns: runs, ...(seed === undefined ? {} : { seed }), endOnFailure: true },
      );
      if (accepted === 0) {
        // Every case was refused: nothing may have been written.
        expect(await counts(), `${method} ${url}: escrita parcial numa recusa`).toEqual(before);
      }
      await restoreCallers();
    },
  };
}
