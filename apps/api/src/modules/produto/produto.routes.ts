import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fisicoDigitalResponseSchema } from '@clinica/shared/schemas/produto';
import { ok } from '../../lib/envelope.js';
import type { ProdutoService } from './produto.service.js';

/** SPEC §7 "Products and catalogue" (the routes of this stage). */
export const produtoRoutes: FastifyPluginAsyncZod<{ service: ProdutoService }> = async (app, { service }) => {
  app.get(
    '/produto/fisicodigital',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Produtos digitais e físicos ativos (menus do cabeçalho), por nome',
        response: { 200: fisicoDigitalResponseSchema },
      },
    },
    async () => ok(await service.fisicoDigital()),
  );
};
