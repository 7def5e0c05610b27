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
