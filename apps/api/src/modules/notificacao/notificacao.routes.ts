import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MSG_API } from '@clinica/shared/messages-api';
import { notificacaoApi } from '@clinica/shared/schemas/notificacao';
import { ok } from '../../lib/envelope.js';
import { authUser, route } from '../../lib/route.js';
import type { NotificacaoRepository } from './notificacao.repository.js';

/**
 * /notificacao (ADR 046): the signed-in customer's kept notifications. CLIENTE only (a staff role gets 403, no
 * session 401); the customer is the token's, and a notification of another customer is refused with 403.
 */
export const notificacaoRoutes: FastifyPluginAsync<{ repository: NotificacaoRepository }> = async (
  app,
  { repository },
) => {
  const clienteDe = (request: FastifyRequest) => {
    const { idCliente } = authUser(request);
    if (idCliente === null || idCliente === undefined) throw new Error('CLIENTE sem idCliente no token');
    return idCliente;
  };

  route(app, notificacaoApi.listar, { access: ['CLIENTE'] }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(await repository.listar(clienteDe(request)));
  });
  route(app, notificacaoApi.marcarTodasLidas, { access: ['CLIENTE'] }, async (request) =>
    ok(await repository.marcarTodasLidas(clienteDe(request)), MSG_API.notificacoesLidas),
  );
  route(app, notificacaoApi.marcarLida, { access: ['CLIENTE'] }, async (request) =>
    ok(await repository.marcarLida(clienteDe(request), request.params.id), MSG_API.notificacoesLidas),
  );
};
