import type { FastifyPluginAsync } from 'fastify';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { comercialApi } from '@clinica/shared/schemas/comercial';
import { comercialAdminApi } from '@clinica/shared/schemas/comercial-admin';
import { ok } from '../../lib/envelope.js';
import { authUser, route } from '../../lib/route.js';
import type { ComercialService } from './comercial.service.js';

/** The commercial rules (docs/behaviour/payments.md#commercial-rules): the public read and the ADMIN's write. */
export const comercialRoutes: FastifyPluginAsync<{ service: ComercialService }> = async (app, { service }) => {
  // max-age=0: browsers revalidate every time (a 304 when unchanged), so the bag and the checkout see a change at once.
  route(app, comercialApi.get, { access: 'public', cache: { maxAge: 0 } }, async () => ok(await service.ler()));

  route(app, comercialAdminApi.salvar, { access: ['ADMIN'] }, async (request) =>
    ok(await service.salvar(request.body, authUser(request)), MSG_BO.regrasComerciaisSalvas),
  );
};
