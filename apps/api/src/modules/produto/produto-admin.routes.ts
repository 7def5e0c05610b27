import type { FastifyPluginAsync } from 'fastify';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { produtoAdminApi } from '@clinica/shared/schemas/produto-admin';
import { created, ok } from '../../lib/envelope.js';
import { authUser, route } from '../../lib/route.js';
import type { ProdutoAdminService } from './produto-admin.service.js';

/**
 * The back-office: USUARIO and ADMIN (docs/behaviour/README.md#roles); writes name the signed-in user, recorded in the
 * audit log.
 */
const EQUIPE = ['USUARIO', 'ADMIN'] as const;

/** The staff endpoints of products (the store's reads are in produto.routes.ts). */
export const produtoAdminRoutes: FastifyPluginAsync<{ service: ProdutoAdminService }> = async (app, { service }) => {
  route(app, produtoAdminApi.listagem, { access: EQUIPE }, async (request) =>
    ok(await service.listagem(request.query)),
  );

  route(app, produtoAdminApi.buscar, { access: EQUIPE }, async (request) =>
    ok(await service.buscar(request.params.id)),
  );

  route(app, produtoAdminApi.criar, { access: EQUIPE }, async (request, reply) =>
    created(reply, await service.criar(request.body, authUser(request)), MSG_BO.produtoCriado),
  );

  route(app, produtoAdminApi.editar, { access: EQUIPE }, async (request) =>
    ok(await service.editar(request.params.id, request.body, authUser(request)), MSG_BO.produtoAtualizado),
  );
};
