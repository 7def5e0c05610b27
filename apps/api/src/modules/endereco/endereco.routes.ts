import type { FastifyPluginAsync } from 'fastify';
import { enderecoApi } from '@clinica/shared/schemas/endereco';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import type { EnderecoService } from './endereco.service.js';

/** States and municipalities change almost never: browsers and proxies may keep them for a day. */
const LISTA_ESTAVEL = 'public, max-age=86400';

/**
 * Address (docs/behaviour/forms-and-validation.md#address): states, municipalities of a state, address of a CEP. All
 * public.
 */
export const enderecoRoutes: FastifyPluginAsync<{ service: EnderecoService }> = async (app, { service }) => {
  route(app, enderecoApi.ufs, { access: 'public' }, async (_request, reply) => {
    const ufs = await service.listUfs();
    reply.header('cache-control', LISTA_ESTAVEL);
    return ok(ufs);
  });

  route(app, enderecoApi.listaUf, { access: 'public' }, async (_request, reply) => {
    const listaUf = await service.listUfs();
    reply.header('cache-control', LISTA_ESTAVEL);
    return ok({ listaUf });
  });

  route(app, enderecoApi.municipios, { access: 'public' }, async (request, reply) => {
    const municipios = await service.listMunicipios(request.params.ufId);
    reply.header('cache-control', LISTA_ESTAVEL);
    return ok(municipios);
  });

  route(app, enderecoApi.viaCep, { access: 'public' }, async (request) => ok(await service.viaCep(request.params.cep)));
};
