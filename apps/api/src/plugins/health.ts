import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@clinica/shared/messages';
import { envelopeSchema } from '@clinica/shared/schemas/common';
import type { Database } from '../db/client.js';
import { ok } from '../lib/envelope.js';
import { AppError } from '../lib/errors.js';

export const healthContentSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  latenciaMs: z.number(),
});

const TIMEOUT_MS = 3000;

/** GET /api/health: the database answers `SELECT 1` (503 when it does not). */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Saúde do serviço e do banco de dados',
        response: { 200: envelopeSchema(healthContentSchema) },
      },
    },
    async (request) => {
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
        throw new AppError(503, MSG.servicoIndisponivel, { status: 'indisponivel', database: database.kind });
      } finally {
        clearTimeout(timer);
      }
      const latenciaMs = Math.round((performance.now() - started) * 100) / 100;
      return ok({ status: 'ok' as const, database: database.kind, latenciaMs }, MSG.servicoDisponivel);
    },
  );
};
