import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { ApiModule } from '../app-context.js';
import { MSG_API } from '@clinica/shared/messages-api';
import { healthApi, readyApi, VERIFICACOES_PRONTIDAO, type VerificacaoProntidao } from '@clinica/shared/schemas/health';
import { MIGRATIONS_DIR, type Database } from '../db/client.js';
import type { FileStorage } from '../integrations/files/index.js';
import { ok } from '../lib/envelope.js';
import { AppError } from '../lib/errors.js';
import { route } from '../lib/route.js';

/** How long a check may take before it counts as failed (a load balancer's probe must never hang). */
const CHECK_TIMEOUT_MS = 3000;

/** Resolves as `work`, or rejects after `ms` (the work itself is left to end on its own). */
async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sem resposta em ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function selectOne(database: Database): Promise<void> {
  const rows = await database.raw<{ ok: number }>('SELECT 1 AS ok');
  if (Number(rows[0]?.ok) !== 1) throw new Error('resposta inesperada');
}

/**
 * The `when` of the last migration in apps/api/drizzle's journal, read once: the migrations this build brings.
 * Drizzle's migrator applies a migration whose `when` is later than the last `created_at` of its table
 * (`drizzle.__drizzle_migrations`), so every one is applied exactly when that `created_at` reaches this.
 */
function lastMigrationOfBuild(dir: string): number {
  const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

async function migrationsApplied(database: Database, lastOfBuild: number): Promise<void> {
  const rows = await database.raw<{ ultima: string | null }>(
    'SELECT max(created_at)::text AS ultima FROM drizzle.__drizzle_migrations',
  );
  const applied = Number(rows[0]?.ultima ?? 0);
  if (!(applied >= lastOfBuild)) throw new Error('migrações pendentes');
}

interface HealthOptions {
  database: Database;
  storage: FileStorage;
  /** Each check's limit (tests shorten it). */
  timeoutMs: number;
  /** The migrations folder whose journal must be applied (tests point at another). */
  migrationsDir: string;
}

/**
 * GET /api/health: the process answers and the database answers `SELECT 1` (503 when it does not); what the
 * repository's scripts, the journeys and the benchmarks wait for, kept as it was (ADR 040).
 *
 * GET /api/ready, for a load balancer (ADR 040): 200 only when the database answers, the file storage answers
 * (`storage.check()`) and every migration of this build is applied; otherwise 503 naming the checks that failed
 * (their causes go to the log, never to the answer). While the server closes, Fastify answers 503 to it as to any
 * new request, so the balancer stops sending traffic.
 */
const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, options) => {
  const { database, storage, timeoutMs } = options;
  const lastOfBuild = lastMigrationOfBuild(options.migrationsDir);

  route(app, healthApi.get, { access: 'public', cache: 'no-store' }, async (request) => {
    const started = performance.now();
    try {
      await withTimeout(selectOne(database), timeoutMs);
    } catch (err) {
      request.log.error({ err }, 'Banco de dados indisponível');
      throw new AppError(503, MSG_API.servicoIndisponivel, { status: 'indisponivel', database: database.kind });
    }
    const latenciaMs = Math.round((performance.now() - started) * 100) / 100;
    return ok({ status: 'ok' as const, database: database.kind, latenciaMs }, MSG_API.servicoDisponivel);
  });

  const checks: Record<VerificacaoProntidao, () => Promise<void>> = {
    banco: () => selectOne(database),
    arquivos: () => storage.check(),
    migracoes: () => migrationsApplied(database, lastOfBuild),
  };

  route(app, readyApi.get, { access: 'public', cache: 'no-store' }, async (request) => {
    const results = await Promise.all(
      VERIFICACOES_PRONTIDAO.map((name) =>
        withTimeout(checks[name](), timeoutMs).then(
          () => 'ok' as const,
          (err: unknown) => {
            request.log.error({ err, verificacao: name }, 'Prontidão: verificação falhou');
            return 'falhou' as const;
          },
        ),
      ),
    );
    const [banco, arquivos, migracoes] = results;
    const verificacoes = { banco: banco ?? 'falhou', arquivos: arquivos ?? 'falhou', migracoes: migracoes ?? 'falhou' };
    const falhou = VERIFICACOES_PRONTIDAO.filter((name) => verificacoes[name] !== 'ok');
    if (falhou.length > 0) {
      const motivos = falhou.map((name) => MSG_API.prontidaoFalha[name]).join('; ');
      throw new AppError(503, `${MSG_API.servicoNaoPronto}: ${motivos}.`, {
        status: 'indisponivel',
        falhou,
        verificacoes,
      });
    }
    return ok({ status: 'pronto' as const, verificacoes }, MSG_API.servicoPronto);
  });
};

export const healthModule: ApiModule = async (api, { database, storage }) => {
  await api.register(healthRoutes, { database, storage, timeoutMs: CHECK_TIMEOUT_MS, migrationsDir: MIGRATIONS_DIR });
};
