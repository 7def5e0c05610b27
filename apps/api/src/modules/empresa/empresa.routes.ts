import type { FastifyPluginAsync } from 'fastify';
import { MSG } from '@clinica/shared/messages';
import { empresaApi } from '@clinica/shared/schemas/empresa';
import { empresaAdminApi } from '@clinica/shared/schemas/empresa-admin';
import { ok } from '../../lib/envelope.js';
import { authUser, route } from '../../lib/route.js';
import type { EmpresaService } from './empresa.service.js';

/**
 * The company (docs/behaviour/back-office.md#company): the public read (the footer) and the manager's edit (ADMIN
 * only).
 */
export const empresaRoutes: FastifyPluginAsync<{ service: EmpresaService }> = async (app, { service }) => {
  // max-age=0: browsers revalidate every time (a 304 when unchanged), so the footer shows a saved change at once.
  route(app, empresaApi.get, { access: 'public', cache: { maxAge: 0 } }, async () => ok(await service.get()));

  route(app, empresaAdminApi.salvar, { access: ['ADMIN'] }, async (request) =>
    ok(await service.salvar(request.body, authUser(request)), MSG.empresaSalva),
  );
};
