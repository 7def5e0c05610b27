import type { FastifyPluginAsync } from 'fastify';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import type { ProdutoService } from './produto.service.js';

/** SPEC §7 "Products and catalogue" (the routes of this stage). */
export const produtoRoutes: FastifyPluginAsync<{ service: ProdutoService }> = async (app, { service }) => {
  route(app, produtoApi.fisicoDigital, { access: 'public' }, async () => ok(await service.fisicoDigital()));
};
