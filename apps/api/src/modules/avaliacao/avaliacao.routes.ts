import type { FastifyPluginAsync } from 'fastify';
import { MSG } from '@clinica/shared/messages';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { ok } from '../../lib/envelope.js';
import { authUser, route } from '../../lib/route.js';
import type { AvaliacaoService } from './avaliacao.service.js';

/** POST /produto/avaliacao: customers only; the body's clienteId must be the caller's. */
export const avaliacaoRoutes: FastifyPluginAsync<{ service: AvaliacaoService }> = async (app, { service }) => {
  route(app, produtoApi.avaliar, { access: ['CLIENTE'] }, async (request) =>
    ok(await service.avaliar(authUser(request), request.body), MSG.avaliacaoSucesso),
  );
};
