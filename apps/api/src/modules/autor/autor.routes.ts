import type { FastifyPluginAsync } from 'fastify';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { autorApi } from '@clinica/shared/schemas/autor';
import { ok } from '../../lib/envelope.js';
import { authUser, route } from '../../lib/route.js';
import type { AutorService } from './autor.service.js';

/**
 * The back-office: USUARIO and ADMIN (docs/behaviour/README.md#roles); no public screen reads authors through these
 * routes.
 * Writes name the signed-in user, who is recorded in the audit log.
 */
const EQUIPE = ['USUARIO', 'ADMIN'] as const;

/**
 * Authors (docs/behaviour/back-office.md#authors; the photo upload, POST /autor/save/imgautor/{id}, is in
 * autor-imagem.routes.ts).
 */
export const autorRoutes: FastifyPluginAsync<{ service: AutorService }> = async (app, { service }) => {
  route(app, autorApi.todos, { access: EQUIPE }, async () => ok(await service.todos()));

  route(app, autorApi.listagem, { access: EQUIPE }, async (request) => ok(await service.listagem(request.query)));

  route(app, autorApi.buscar, { access: EQUIPE }, async (request) => ok(await service.buscar(request.params.id)));

  route(app, autorApi.criar, { access: EQUIPE }, async (request) =>
    ok(await service.criar(request.body, authUser(request)), MSG_BO.autorCadastrado),
  );

  route(app, autorApi.editar, { access: EQUIPE }, async (request) =>
    ok(await service.editar(request.params.id, request.body, authUser(request)), MSG_BO.autorEditado),
  );

  route(app, autorApi.excluir, { access: EQUIPE }, async (request) =>
    ok(await service.excluir(request.params.id, authUser(request)), MSG_BO.autorDeletado),
  );
};
