import type { FastifyPluginAsync } from 'fastify';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { cupomApi } from '@clinica/shared/schemas/cupom';
import { cupomAdminApi } from '@clinica/shared/schemas/cupom-admin';
import { ok } from '../../lib/envelope.js';
import { forbidden } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { authUser, route } from '../../lib/route.js';
import { limitRouteFailures } from '../../plugins/rate-limit.js';
import type { CupomService } from './cupom.service.js';

/** Reads of the back-office: the staff (USUARIO and ADMIN, docs/behaviour/README.md#roles). */
const EQUIPE = ['USUARIO', 'ADMIN'] as const;
/** Writes: the manager only, a coupon gives money away (ADR 025). */
const GERENTE = ['ADMIN'] as const;

/**
 * Refused coupon checks per customer account in a window (ADR 025): enough for a person who mistypes, too few to
 * guess codes. A check that finds a coupon that applies gives its hit back.
 */
const CUPOM_RECUSAS_POR_CONTA = 20;
const CUPOM_JANELA_S = 900;

/**
 * Discount coupons (docs/behaviour/back-office.md#coupons, docs/behaviour/bag-and-checkout.md#coupons): the
 * back-office's list, record, usage report and writes, and the customer's check of a code on the bag.
 */
export const cupomRoutes: FastifyPluginAsync<{ service: CupomService; rateLimiter: RateLimiter }> = async (
  app,
  { service, rateLimiter },
) => {
  route(app, cupomAdminApi.listagem, { access: EQUIPE }, async (request) => ok(await service.listagem(request.query)));

  route(app, cupomAdminApi.buscar, { access: EQUIPE }, async (request) => ok(await service.buscar(request.params.id)));

  route(app, cupomAdminApi.usos, { access: EQUIPE }, async (request) =>
    ok(await service.usos(request.params.id, request.query)),
  );

  route(app, cupomAdminApi.criar, { access: GERENTE }, async (request) =>
    ok(await service.criar(request.body, authUser(request)), MSG_BO.cupomCadastrado),
  );

  route(app, cupomAdminApi.editar, { access: GERENTE }, async (request) =>
    ok(await service.editar(request.params.id, request.body, authUser(request)), MSG_BO.cupomAtualizado),
  );

  route(app, cupomAdminApi.desativar, { access: GERENTE }, async (request) =>
    ok(await service.desativar(request.params.id, authUser(request)), MSG_BO.cupomDesativadoComSucesso),
  );

  route(
    app,
    cupomApi.validar,
    {
      access: ['CLIENTE'],
      failureLimit: limitRouteFailures(rateLimiter, {
        name: 'cupom:conta',
        max: CUPOM_RECUSAS_POR_CONTA,
        windowSeconds: CUPOM_JANELA_S,
        key: (request) => String(authUser(request).id),
      }),
    },
    async (request) => {
      const { idCliente } = authUser(request);
      if (idCliente === null) throw forbidden();
      const cupom = await service.validar(idCliente, request.body);
      return ok(cupom, cupom.resumo);
    },
  );
};
