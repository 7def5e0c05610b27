import type { FastifyPluginAsync } from 'fastify';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { descontoApi } from '@clinica/shared/schemas/desconto';
import { ok } from '../../lib/envelope.js';
import { authUser, route } from '../../lib/route.js';
import type { DescontoService } from './desconto.service.js';

/**
 * The back-office: USUARIO and ADMIN (docs/behaviour/README.md#roles); writes name the signed-in user, recorded in the
 * audit log.
 */
const EQUIPE = ['USUARIO', 'ADMIN'] as const;

/**
 * Discount conditions (docs/behaviour/back-office.md#discount-conditions): the public read of the active condition (the
 * bag's gift) and the back-office.
 */
export const descontoRoutes: FastifyPluginAsync<{ service: DescontoService }> = async (app, { service }) => {
  route(app, descontoApi.ativa, { access: 'public' }, async () => ok(await service.ativa()));

  route(app, descontoApi.listagem, { access: EQUIPE }, async (request) => ok(await service.listagem(request.query)));

  route(app, descontoApi.buscar, { access: EQUIPE }, async (request) => ok(await service.buscar(request.params.id)));

  route(app, descontoApi.criar, { access: EQUIPE }, async (request) =>
    ok(await service.criar(request.body, authUser(request)), MSG_BO.condicaoDescontoCadastrada),
  );

  route(app, descontoApi.editar, { access: EQUIPE }, async (request) =>
    ok(await service.editar(request.params.id, request.body, authUser(request)), MSG_BO.condicaoDescontoAtualizada),
  );

  route(app, descontoApi.excluir, { access: EQUIPE }, async (request) =>
    ok(await service.excluir(request.params.id, authUser(request)), MSG_BO.condicaoDescontoDeletada),
  );
};
