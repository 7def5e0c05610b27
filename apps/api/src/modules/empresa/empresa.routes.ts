import type { FastifyPluginAsync } from 'fastify';
import { empresaApi } from '@clinica/shared/schemas/empresa';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import type { EmpresaService } from './empresa.service.js';

/** SPEC §7 "Company". */
export const empresaRoutes: FastifyPluginAsync<{ service: EmpresaService }> = async (app, { service }) => {
  route(app, empresaApi.get, { access: 'public' }, async () => ok(await service.get()));
};
