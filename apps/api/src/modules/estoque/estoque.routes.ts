import type { FastifyPluginAsync } from 'fastify';
import { MSG_ESTOQUE } from '@clinica/shared/messages-estoque';
import { MSG_ESTOQUE_EQUIPE } from '@clinica/shared/messages-estoque-equipe';
import { aviseMeApi } from '@clinica/shared/schemas/avise-me';
import { estoqueApi } from '@clinica/shared/schemas/estoque';
import { created, ok } from '../../lib/envelope.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { authUser, route } from '../../lib/route.js';
import { limitRoute } from '../../plugins/rate-limit.js';
import type { EstoqueService } from './estoque.service.js';

/** The back-office (ADR 015): USUARIO and ADMIN, as the product screens. */
const EQUIPE = ['USUARIO', 'ADMIN'] as const;

/** 'Avise-me' requests per source IP per hour: a public form that stores an e-mail (ADR 003). */
const MAX_AVISOS_POR_IP_HORA = 20;

const MENSAGEM_DO_TIPO = {
  entrada: MSG_ESTOQUE_EQUIPE.entradaRegistrada,
  ajuste: MSG_ESTOQUE_EQUIPE.ajusteRegistrado,
  perda: MSG_ESTOQUE_EQUIPE.perdaRegistrada,
} as const;

/** The staff's stock and the store's 'Avise-me quando chegar' (ADR 032). */
export const estoqueRoutes: FastifyPluginAsync<{ service: EstoqueService; rateLimiter: RateLimiter }> = async (
  app,
  { service, rateLimiter },
) => {
  route(app, estoqueApi.movimentar, { access: EQUIPE }, async (request, reply) =>
    created(
      reply,
      await service.movimentar(request.params.id, request.body, authUser(request)),
      MENSAGEM_DO_TIPO[request.body.tipo],
    ),
  );

  route(app, estoqueApi.movimentos, { access: EQUIPE }, async (request) =>
    ok(await service.movimentos(request.params.id, request.query)),
  );

  route(app, estoqueApi.baixo, { access: EQUIPE }, async (request) => ok(await service.baixo(request.query)));

  route(
    app,
    aviseMeApi.aviseMe,
    {
      access: 'public',
      preHandler: limitRoute(rateLimiter, { name: 'avise-me:ip', max: MAX_AVISOS_POR_IP_HORA, windowSeconds: 3600 }),
    },
    async (request, reply) => {
      // Public, but a signed-in customer is told at the account's e-mail: the token, when sent, must be valid.
      const usuario = request.headers.authorization ? await request.server.authenticate(request) : null;
      const r = await service.aviseMe(request.params.id, request.body.email, usuario);
      return created(reply, r, r.jaRegistrado ? MSG_ESTOQUE.aviseMeJaRegistrado : MSG_ESTOQUE.aviseMeRegistrado);
    },
  );
};
