import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

const healthContentSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  latenciaMs: z.number(),
});

export const healthApi = {
  get: defineEndpoint({
    method: 'GET',
    path: '/health',
    summary: 'Saúde do serviço e do banco de dados',
    response: healthContentSchema,
  }),
};

/** What the readiness answer checks (ADR 040): the database, the file storage, the migrations applied. */
export const VERIFICACOES_PRONTIDAO = ['banco', 'arquivos', 'migracoes'] as const;
export type VerificacaoProntidao = (typeof VERIFICACOES_PRONTIDAO)[number];

const readyChecksSchema = z.object({
  banco: z.enum(['ok', 'falhou']),
  arquivos: z.enum(['ok', 'falhou']),
  migracoes: z.enum(['ok', 'falhou']),
});

/**
 * Readiness for a load balancer (ADR 040): 200 with every check 'ok'; otherwise 503 whose envelope's content is
 * `{ status: 'indisponivel', falhou: [...], verificacoes }` (only the names of the checks, never an address or error).
 */
const readyContentSchema = z.object({
  status: z.literal('pronto'),
  verificacoes: readyChecksSchema,
});

export const readyApi = {
  get: defineEndpoint({
    method: 'GET',
    path: '/ready',
    summary: 'Prontidão para receber tráfego: banco, arquivos e migrações',
    response: readyContentSchema,
  }),
};
