import type { FastifyPluginAsync } from 'fastify';
import { MSG } from '@clinica/shared/messages';
import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { ok, withStatus } from '../../lib/envelope.js';
import { authUser, route } from '../../lib/route.js';
import { chaveDaRequisicao } from '../idempotencia/idempotencia.service.js';
import type { PedidoService } from './pedido.service.js';

/** Who sees and cancels an order: its client (checked in the service) or staff. */
const DONO_OU_EQUIPE = ['CLIENTE', 'USUARIO', 'ADMIN'] as const;

/** SPEC §7 /pedido/*: creation (customers, idempotent), reading and cancelling, the two lists. */
export const pedidoRoutes: FastifyPluginAsync<{ service: PedidoService }> = async (app, { service }) => {
  route(app, pedidoApi.create, { access: ['CLIENTE'] }, async (request, reply) => {
    const { chave, rota } = chaveDaRequisicao(request);
    const { resposta, repetida } = await service.criar(authUser(request), request.body, chave, rota);
    if (repetida) reply.header('idempotent-replayed', 'true');
    return withStatus(reply, resposta.statusCode, resposta.content, resposta.message);
  });

  route(app, pedidoApi.detalhe, { access: DONO_OU_EQUIPE }, async (request) =>
    ok(await service.ler(authUser(request), request.params.id)),
  );

  route(app, pedidoApi.cancelar, { access: DONO_OU_EQUIPE }, async (request) =>
    ok(await service.cancelar(authUser(request), request.params.id), MSG.pedidoCancelado),
  );

  route(app, pedidoApi.listagemCliente, { access: { owner: 'clientId', claim: 'idCliente' } }, async (request) =>
    ok(await service.listagemCliente(request.params.clientId, request.query)),
  );

  route(app, pedidoApi.listagemAdmin, { access: ['USUARIO', 'ADMIN'] }, async (request) =>
    ok(await service.listagemAdmin(request.query)),
  );
};
