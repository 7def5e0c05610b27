import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@clinica/shared/messages';
import { favoritoApi } from '@clinica/shared/schemas/favorito';
import { ok } from '../../lib/envelope.js';
import { notFound } from '../../lib/errors.js';
import { authUser, route } from '../../lib/route.js';
import { toCard } from '../produto/produto.service.js';
import type { FavoritoRepository } from './favorito.repository.js';

/**
 * The customer's favourites (ADR 045): CLIENTE only (no session 401, a staff role 403), always the token's own
 * customer's, so no path names one. Never cached by the browser nor shared caches.
 */
export const favoritoRoutes: FastifyPluginAsync<{ repository: FavoritoRepository }> = async (app, { repository }) => {
  const clienteDe = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'private, no-store');
    const { idCliente } = authUser(request);
    if (idCliente === null || idCliente === undefined) throw new Error('CLIENTE sem idCliente no token');
    return idCliente;
  };

  route(app, favoritoApi.listar, { access: ['CLIENTE'] }, async (request, reply) =>
    ok((await repository.cards(clienteDe(request, reply))).map(toCard)),
  );

  route(app, favoritoApi.ids, { access: ['CLIENTE'] }, async (request, reply) =>
    ok(await repository.ids(clienteDe(request, reply))),
  );

  route(app, favoritoApi.adicionar, { access: ['CLIENTE'] }, async (request, reply) => {
    const clienteId = clienteDe(request, reply);
    if (!(await repository.adicionar(clienteId, request.params.produtoId))) throw notFound(MSG.produtoNaoEncontrado);
    return ok(await repository.ids(clienteId));
  });

  route(app, favoritoApi.remover, { access: ['CLIENTE'] }, async (request, reply) => {
    const clienteId = clienteDe(request, reply);
    if (!(await repository.remover(clienteId, request.params.produtoId))) throw notFound(MSG.produtoNaoEncontrado);
    return ok(await repository.ids(clienteId));
  });
};
