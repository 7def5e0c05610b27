import type { FastifyPluginAsync } from 'fastify';
import { MSG_API } from '@clinica/shared/messages-api';
import { freteApi, melhorEnvioApi } from '@clinica/shared/schemas/frete';
import { ok } from '../../lib/envelope.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { authUser, route } from '../../lib/route.js';
import { limitRoute } from '../../plugins/rate-limit.js';
import type { FreteService } from './frete.service.js';

/**
 * Freight quotes (docs/behaviour/bag-and-checkout.md#freight) and the store's
 * Melhor Envio account.
 *  - POST /frete/calcular is public (a quote reveals nothing and the bag can
 *    show it before sign-in), limited per IP because each quote may call
 *    Melhor Envio;
 *  - GET /melhorenvio/auth is for the staff (ADMIN, USUARIO): the link
 *    connects the store's shipping account;
 *  - GET /melhorenvio/callback is public: the browser comes back from Melhor
 *    Envio without our token; the signed `state` of the link is what
 *    authorizes it.
 */
export const freteRoutes: FastifyPluginAsync<{
  service: FreteService;
  rateLimiter: RateLimiter;
  /** Quotes per source IP per hour. */
  maxCotacoesPorIpHora: number;
}> = async (app, { service, rateLimiter, maxCotacoesPorIpHora }) => {
  route(
    app,
    freteApi.calcular,
    {
      access: 'public',
      preHandler: limitRoute(rateLimiter, { name: 'frete:ip', max: maxCotacoesPorIpHora, windowSeconds: 3600 }),
    },
    async (request) =>
      ok(await service.cotarParaSacola(request.body.cep, request.body.pedidoProdutos, request.body.subtotal)),
  );

  route(app, melhorEnvioApi.auth, { access: ['ADMIN', 'USUARIO'] }, async (request) =>
    ok(await service.statusMelhorEnvio(authUser(request).id)),
  );

  route(app, melhorEnvioApi.callback, { access: 'public' }, async (request) =>
    ok(await service.conectarMelhorEnvio(request.query), MSG_API.melhorEnvioConectado),
  );
};
