import type { FastifyPluginAsync } from 'fastify';
import { MSG } from '@clinica/shared/messages';
import { MSG_ANVISA } from '@clinica/shared/messages-anvisa';
import { MSG_API } from '@clinica/shared/messages-api';
import { clienteApi } from '@clinica/shared/schemas/cliente';
import { clienteAdminApi } from '@clinica/shared/schemas/cliente-admin';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { limitRouteFailures } from '../../plugins/rate-limit.js';
import type { ClienteService } from './cliente.service.js';

/** The back-office: USUARIO and ADMIN (docs/behaviour/README.md#roles). */
const EQUIPE = ['USUARIO', 'ADMIN'] as const;

/**
 * Clients and profile (docs/behaviour/accounts-and-sign-in.md#profile, docs/behaviour/back-office.md#clients): the
 * customer's own endpoints and the staff's client list.
 */
export const clienteRoutes: FastifyPluginAsync<{
  service: ClienteService;
  rateLimiter: RateLimiter;
  /** Failed sign-ups per source IP per hour (ADR 003): a sign-up that creates its account is not counted. */
  maxCadastrosPorIpHora: number;
}> = async (app, { service, rateLimiter, maxCadastrosPorIpHora }) => {
  route(
    app,
    clienteApi.create,
    {
      access: 'public',
      failureLimit: limitRouteFailures(rateLimiter, {
        name: 'cadastro:ip',
        max: maxCadastrosPorIpHora,
        windowSeconds: 3600,
      }),
    },
    async (request) => ok(await service.create(request.body), MSG_API.clienteCriado),
  );

  route(app, clienteApi.perfil, { access: { owner: 'userId', or: ['ADMIN', 'USUARIO'] } }, async (request) =>
    ok(await service.perfil(request.params.userId)),
  );

  route(app, clienteApi.editarPerfil, { access: { owner: 'clientId', claim: 'idCliente' } }, async (request) =>
    ok(await service.editar(request.params.clientId, request.body), MSG.perfilAtualizado),
  );

  route(app, clienteApi.editarCro, { access: { owner: 'clientId', claim: 'idCliente' } }, async (request) =>
    ok(
      await service.editarCro(request.params.clientId, request.body),
      request.body ? MSG_ANVISA.croSalvo : MSG_ANVISA.croRemovido,
    ),
  );

  route(app, clienteAdminApi.buscar, { access: EQUIPE }, async (request) => ok(await service.buscar(request.query)));

  route(app, clienteAdminApi.detalhe, { access: EQUIPE }, async (request) =>
    ok(await service.detalhe(request.params.id)),
  );

  route(app, clienteAdminApi.buscaNome, { access: EQUIPE }, async (request) =>
    ok(await service.buscaNome(request.params)),
  );
};
