import type { FastifyPluginAsync } from 'fastify';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import type { ProdutoService } from './produto.service.js';

/** SPEC §7 "Products and catalogue": the store's public reads (the review is in modules/avaliacao). */
export const produtoRoutes: FastifyPluginAsync<{ service: ProdutoService }> = async (app, { service }) => {
  route(app, produtoApi.fisicoDigital, { access: 'public' }, async () => ok(await service.fisicoDigital()));

  route(app, produtoApi.banners, { access: 'public' }, async () => ok(await service.banners()));

  route(app, produtoApi.categorias, { access: 'public' }, async () => ok(await service.categorias()));

  route(app, produtoApi.buscaListagem, { access: 'public' }, async (request) =>
    ok(await service.buscaListagem(request.query.pesquisaProduto)),
  );

  route(app, produtoApi.buscaNome, { access: 'public' }, async (request) =>
    ok(await service.buscaNome(request.params.text)),
  );

  route(app, produtoApi.brinde, { access: 'public' }, async () => ok(await service.brinde()));

  route(app, produtoApi.detalhe, { access: 'public' }, async (request) => ok(await service.detalhe(request.params.id)));
};
