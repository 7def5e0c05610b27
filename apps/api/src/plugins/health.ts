import type { FastifyPluginAsync } from 'fastify';
import type { ApiModule } from '../app-context.js';
import { MSG_API } from '@clinica/shared/messages-api';
import { healthApi } from '@clinica/shared/schemas/health';
import type { Database } from '../db/client.js';
import { ok } from '../lib/envelope.js';
import { AppError } from '../lib/errors.js';
import { route } from '../lib/route.js';

const TIMEOUT_MS = 3000;

/** GET /api/health: the database answers `SELECT 1` (503 when it does not). */
const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  route(app, healthApi.get, { access: 'public', cache: 'no-store' }, async (request) => {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS);
      });
      const rows = await Promise.race([database.raw<{ ok: number }>('SELECT 1 AS ok'), timeout]);
      if (Number(rows[0]?.ok) !== 1) throw new Error('resposta inesperada');
    } catch (err) {
      request.log.error({ err }, 'Banco de dados indisponível');
      throw new AppError(503, MSG_API.servicoIndisponivel, { status: 'indisponivel', database: database.kind });
    } finally {
      clearTimeout(timer);
    }
    const latenciaMs = Math.round((performance.now() - started) * 100) / 100;
    return ok({ status: 'ok' as const, database: database.kind, latenciaMs }, MSG_API.servicoDisponivel);
  });
};

export const healthModule: ApiModule = async (api, { database }) => {
  await api.register(healthRoutes, { database });
};
