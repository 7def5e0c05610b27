import type { FastifyPluginAsync } from 'fastify';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { categoriaApi } from '@clinica/shared/schemas/categoria';
import { ok } from '../../lib/envelope.js';
import { authUser, route } from '../../lib/route.js';
import type { CategoriaService } from './categoria.service.js';

/**
 * The back-office: USUARIO and ADMIN (docs/behaviour/README.md#roles). The store reads categories
 * through GET /produto/categoria, so none of these is public. Writes name
 * the signed-in user, who is recorded in the audit log.
 */
const EQUIPE = ['USUARIO', 'ADMIN'] as const;

/** Categories (docs/behaviour/back-office.md#categories). */
export const categoriaRoutes: FastifyPluginAsync<{ service: CategoriaService }> = async (app, { service }) => {
  route(app, categoriaApi.todas, { access: EQUIPE }, async () => ok(await service.todas()));

  route(app, categoriaApi.digitais, { access: EQUIPE }, async () => ok(await service.todas(true)));

  route(app, categoriaApi.fisicas, { access: EQUIPE }, async () => ok(await service.todas(false)));

  route(app, categoriaApi.listagem, { access: EQUIPE }, async (request) => ok(await service.listagem(request.query)));

  route(app, categoriaApi.buscar, { access: EQUIPE }, async (request) => ok(await service.buscar(request.params.id)));

  route(app, categoriaApi.criar, { access: EQUIPE }, async (request) =>
    ok(await service.criar(request.body, authUser(request)), MSG_BO.categoriaCadastrada),
  );

  route(app, categoriaApi.editar, { access: EQUIPE }, async (request) =>
    ok(await service.editar(request.params.id, request.body, authUser(request)), MSG_BO.categoriaEditada),
  );

  route(app, categoriaApi.excluir, { access: EQUIPE }, async (request) =>
    ok(await service.excluir(request.params.id, authUser(request)), MSG_BO.categoriaDeletada),
  );
};
