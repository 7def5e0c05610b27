import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { empresaResponseSchema } from '@clinica/shared/schemas/empresa';
import { ok } from '../../lib/envelope.js';
import type { EmpresaService } from './empresa.service.js';

/** SPEC §7 "Company". */
export const empresaRoutes: FastifyPluginAsyncZod<{ service: EmpresaService }> = async (app, { service }) => {
  app.get(
    '/empresa/',
    {
      config: { access: 'public' },
      schema: { summary: 'Dados da empresa (rodapé e página da empresa)', response: { 200: empresaResponseSchema } },
    },
    async () => ok(await service.get()),
  );
};
