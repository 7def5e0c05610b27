/**
 * API test harness: a fresh migrated (optionally seeded) database from
 * db/test-databases.ts and the real app on top of it, driven with `app.inject`.
 *
 *   describe.each(testDatabaseTargets())('… (%s)', (kind) => {
 *     let t: TestApp;
 *     beforeAll(async () => { t = await createTestApp({ kind, seed: true }); });
 *     afterAll(() => t.dispose());
 *   });
 */
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import { responseSchema, type AnyEndpoint, type EndpointContent } from '@clinica/shared/endpoint';
import { PERMISSAO, type Envelope, type Permissao } from '@clinica/shared/schemas/common';
import { buildApp, type App, type BuildAppOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { DbKind } from '../db/client.js';
import { createTestDatabase, type TestDatabase } from '../db/test-databases.js';
import { createTokenService, type TokenSubject } from '../lib/jwt.js';
import { hashPassword } from '../lib/password.js';
import { clientes } from '../modules/cliente/cliente.table.js';
import { permissoes, usuarios } from '../modules/usuario/usuario.table.js';

export { testDatabaseTargets } from '../db/test-databases.js';

/** 64 hex characters, like a generated secret. */
export const TEST_JWT_SECRET = 'a3f1c2e4b5d6978812345678909abcdefa3f1c2e4b5d6978812345678909abcd';

export interface TestAppOptions {
  kind: DbKind;
  /** Geography + demo data (accounts, catalogue, company, media). Default false. */
  seed?: boolean;
  /** Config overrides (defaults: no login delay, rate limits out of the way, silent log, no web build). */
  config?: Partial<Config>;
  logger?: FastifyBaseLogger;
  extraRoutes?: BuildAppOptions['extraRoutes'];
  /** Reuse a database (e.g. to build a second app on it); it is not disposed by this app. */
  database?: TestDatabase;
  /** Grace of a token renewed through atualizatoken (default 30 s). */
  sessionRenewGraceSeconds?: number;
  /** Clock of e-mail code expiry (tests move it forward); default the system clock. */
  clock?: BuildAppOptions['clock'];
  /** Start the job worker (default false: tests run jobs with `t.app.jobWorker.runOnce()`). */
  startJobWorker?: boolean;
  /** Job worker tuning, e.g. `{ backoff: { initialSeconds: 0.05, maxSeconds: 0.05 } }`. */
  jobWorker?: BuildAppOptions['jobWorker'];
  /** Wraps the payment provider (a provider that fails, or acts during a charge). */
  paymentProvider?: BuildAppOptions['paymentProvider'];
  /** Wraps the invoicing provider (one that fails, or refuses). */
  invoiceProvider?: BuildAppOptions['invoiceProvider'];
  /** The job queue's clock (lib/jobs shiftedClock), to simulate hours of retries. */
  jobClock?: BuildAppOptions['jobClock'];
}

export interface TestApp {
  app: App;
  database: TestDatabase;
  config: Config;
  /** POST /api/usuario/cliente/auth by e-mail; returns the token (throws unless 200). */
  login(email: string, password: string): Promise<string>;
  /** A token signed with the app's secret without a login (fast; for matrices). */
  issueToken(subject: TokenSubject): Promise<string>;
  /** Closes the app, then the database it created. */
  dispose(): Promise<void>;
}

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return loadConfig(
    { NODE_ENV: 'test' },
    {
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'silent',
      LOGIN_MIN_DELAY_MS: 0,
      RATE_LIMIT_LOGIN_IP: 100_000,
      RATE_LIMIT_LOGIN_ACCOUNT: 100_000,
      WEB_DIST: path.join(dataDir, 'sem-build-web'),
      ...overrides,
    },
  );
}

export async function createTestApp(opts: TestAppOptions): Promise<TestApp> {
  const ownDatabase = !opts.database;
  const database = opts.database ?? (await createTestDatabase(opts.kind, { seed: opts.seed ?? false }));
  try {
    const config = testConfig(database.dataDir, opts.config);
    const tokens = createTokenService(config.JWT_SECRET ?? TEST_JWT_SECRET, config.JWT_TTL_SECONDS);
    const app = await buildApp({
      config,
      database,
      ...(opts.logger ? { logger: opts.logger } : {}),
      ...(opts.extraRoutes ? { extraRoutes: opts.extraRoutes } : {}),
      ...(opts.sessionRenewGraceSeconds === undefined
        ? {}
        : { sessionRenewGraceSeconds: opts.sessionRenewGraceSeconds }),
      startJobWorker: opts.startJobWorker ?? false,
      ...(opts.clock ? { clock: opts.clock } : {}),
      ...(opts.jobWorker ? { jobWorker: opts.jobWorker } : {}),
      ...(opts.paymentProvider ? { paymentProvider: opts.paymentProvider } : {}),
      ...(opts.invoiceProvider ? { invoiceProvider: opts.invoiceProvider } : {}),
      ...(opts.jobClock ? { jobClock: opts.jobClock } : {}),
    });
    return {
      app,
      database,
      config,
      login: (email, password) => loginToken(app, { email, password }),
      issueToken: async (subject) => (await tokens.sign(subject)).token,
      dispose: async () => {
        try {
          await app.close();
        } finally {
          if (ownDatabase) await database.dispose();
        }
      },
    };
  } catch (err) {
    if (ownDatabase) await database.dispose();
    throw err;
  }
}

/** Logs in with any login payload and returns the token (throws with the body unless 200). */
export async function loginToken(app: FastifyInstance, payload: Record<string, unknown>): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/usuario/cliente/auth', payload });
  if (res.statusCode !== 200) throw new Error(`login falhou (${res.statusCode}): ${res.body}`);
  return (res.json() as Envelope<{ acess_token: string }>).content.acess_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The content of a success response, parsed with the endpoint's contract
 * (throws when the status is not the endpoint's or the body breaks the contract).
 */
export function contentOf<E extends AnyEndpoint>(endpoint: E, res: LightMyRequestResponse): EndpointContent<E> {
  const expected = endpoint.status ?? 200;
  if (res.statusCode !== expected) {
    throw new Error(`${endpoint.method} ${endpoint.path}: esperado ${expected}, veio ${res.statusCode}: ${res.body}`);
  }
  const envelope = responseSchema(endpoint).parse(res.json());
  if (envelope.statusCode !== expected) throw new Error(`statusCode do envelope ${envelope.statusCode}`);
  return envelope.content as EndpointContent<E>;
}

/** The parsed envelope of a response. */
export const body = <T = unknown>(res: LightMyRequestResponse): Envelope<T> => res.json() as Envelope<T>;

export interface NewUser {
  email: string;
  password: string;
  permissao: Permissao;
  nome?: string;
  ativo?: boolean;
  /** CLIENTE only: an individual with this CPF (11 digits) … */
  cpf?: string;
  /** … or a company with this CNPJ (14 characters). */
  cnpj?: string;
}

let phoneSeq = 0;

/** The three fixed roles (an unseeded database has none). */
export async function ensurePermissoes(database: TestDatabase): Promise<void> {
  await database.db
    .insert(permissoes)
    .values((Object.entries(PERMISSAO) as Array<[Permissao, number]>).map(([nome, id]) => ({ id, nome })))
    .onConflictDoNothing();
}

/** Inserts a user (and, for CLIENTE, its client row) directly; returns the ids. */
export async function createUser(
  database: TestDatabase,
  user: NewUser,
): Promise<{ id: number; idCliente: number | null }> {
  await ensurePermissoes(database);
  const [row] = await database.db
    .insert(usuarios)
    .values({
      nome: user.nome ?? `Usuário ${user.email}`,
      email: user.email,
      senhaHash: await hashPassword(user.password),
      permissaoId: PERMISSAO[user.permissao],
      ativo: user.ativo ?? true,
      confirmado: true,
    })
    .returning({ id: usuarios.id });
  if (!row) throw new Error('usuário não criado');
  if (user.permissao !== 'CLIENTE') return { id: row.id, idCliente: null };
  const telefone = `119${String(++phoneSeq + (process.pid % 1000) * 1000).padStart(8, '0')}`.slice(0, 11);
  const [cliente] = await database.db
    .insert(clientes)
    .values(
      user.cnpj
        ? { usuarioId: row.id, juridica: true, razaoSocial: `Empresa ${user.email}`, cnpj: user.cnpj, telefone }
        : {
            usuarioId: row.id,
            juridica: false,
            nome: user.nome ?? `Cliente ${user.email}`,
            cpf: user.cpf ?? null,
            telefone,
          },
    )
    .returning({ id: clientes.id });
  return { id: row.id, idCliente: cliente?.id ?? null };
}

/** Collects the JSON log lines the app writes. */
export function memoryLog() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

/** A clock for code expiry that tests move forward: `clock.advance(901)`. */
export function movableClock(start = Date.now()) {
  let offsetMs = 0;
  const now = () => new Date(start + offsetMs + (Date.now() - start));
  return Object.assign(now, {
    advance(seconds: number) {
      offsetMs += seconds * 1000;
    },
  });
}

/**
 * The newest 6-digit code mailed to `para` (read from the outbox through the
 * sandbox route, as a person would read the mailbox), or undefined.
 */
export async function lastMailedCode(app: FastifyInstance, para: string): Promise<string | undefined> {
  const res = await app.inject({ method: 'GET', url: `/api/sandbox/emails?para=${encodeURIComponent(para)}` });
  const emails = (res.json() as Envelope<Array<{ texto: string }>>).content;
  return emails[0] ? /\b(\d{6})\b/.exec(emails[0].texto)?.[1] : undefined;
}
