import type { FastifyPluginAsync } from 'fastify';
import { MSG_ENDERECOS } from '@clinica/shared/messages-enderecos';
import { catalogoEnderecosApi } from '@clinica/shared/schemas/catalogo-enderecos';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import type { CatalogoEnderecosService } from './catalogo-enderecos.service.js';

/** The customer writes only their own book (the path's client id is the token's); the staff may read any. */
const DONO = { owner: 'clientId', claim: 'idCliente' } as const;

/** The address book (docs/behaviour/accounts-and-sign-in.md#address-book, ADR 033). */
export const catalogoEnderecosRoutes: FastifyPluginAsync<{ service: CatalogoEnderecosService }> = async (
  app,
  { service },
) => {
  route(app, catalogoEnderecosApi.listar, { access: { ...DONO, or: ['USUARIO', 'ADMIN'] } }, async (request) =>
    ok(await service.listar(request.params.clientId)),
  );

  route(app, catalogoEnderecosApi.criar, { access: DONO }, async (request) =>
    ok(await service.criar(request.params.clientId, request.body), MSG_ENDERECOS.criado),
  );

  route(app, catalogoEnderecosApi.editar, { access: DONO }, async (request) =>
    ok(await service.editar(request.params.clientId, request.params.id, request.body), MSG_ENDERECOS.atualizado),
  );

  route(app, catalogoEnderecosApi.excluir, { access: DONO }, async (request) =>
    ok(await service.excluir(request.params.clientId, request.params.id), MSG_ENDERECOS.excluido),
  );

  route(app, catalogoEnderecosApi.tornarPadrao, { access: DONO }, async (request) =>
    ok(await service.tornarPadrao(request.params.clientId, request.params.id), MSG_ENDERECOS.padraoDefinido),
  );
};
