import type { FastifyPluginAsync } from 'fastify';
import { auditoriaApi } from '@clinica/shared/schemas/auditoria';
import { ok } from '../../lib/envelope.js';
import { authUser, route } from '../../lib/route.js';
import type { AuditoriaService } from './auditoria.service.js';

/**
 * The audit log (docs/behaviour/back-office.md#audit-log): one read for the back-office screens. The route admits
 * staff (USUARIO and ADMIN); the service refuses a USUARIO the entries of
 * users (403), a rule that depends on the path's entity.
 */
export const auditoriaRoutes: FastifyPluginAsync<{ service: AuditoriaService }> = async (app, { service }) => {
  route(app, auditoriaApi.listar, { access: ['USUARIO', 'ADMIN'] }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const { entidade, entidadeId } = request.params;
    return ok(await service.listar(authUser(request), entidade, entidadeId, request.query));
  });
};
