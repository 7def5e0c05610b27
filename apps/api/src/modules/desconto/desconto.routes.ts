import type { FastifyPluginAsync } from 'fastify';
import { descontoApi } from '@clinica/shared/schemas/desconto';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import type { DescontoService } from './desconto.service.js';

/** SPEC §7 "Discounts": the public read of the active condition (the back-office routes come later). */
export const descontoRoutes: FastifyPluginAsync<{ service: DescontoService }> = async (app, { service }) => {
  route(app, descontoApi.ativa, { access: 'public' }, async () => ok(await service.ativa()));
};
