import type { FastifyPluginAsync } from 'fastify';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import type { CachePolicy } from '../../plugins/http-cache.js';
import type { ProdutoService } from './produto.service.js';

/**
 * The catalogue changes from the back-office (price, stock, a deactivated
 * product) and must show at once, also to the browser that just saved it: the
 * browser revalidates every read (`max-age=0`) and gets a 304 without a body
 * while the ETag holds (plugins/http-cache.ts), instead of reusing it for 60 s.
 */
export const CACHE_CATALOGO = { maxAge: 0 } satisfies CachePolicy;

/** SPEC §7 "Products and catalogue": the store's public reads (the review is in modules/avaliacao). */
export const produtoRoutes: FastifyPluginAsync<{ service: ProdutoService }> = async (app, { service }) => {
  route(app, produtoApi.fisicoDigital, { access: 'public', cache: CACHE_CATALOGO }, async () =>
    ok(await service.fisicoDigital()),
  );

  route(app, produtoApi.banners, { access: 'public', cache: CACHE_CATALOGO }, async () => ok(await service.banners()));

  route(app, produtoApi.categorias, { access: 'public', cache: CACHE_CATALOGO }, async () =>
    ok(await service.categorias()),
  );

  route(app, produtoApi.buscaListagem, { access: 'public', cache: CACHE_CATALOGO }, async (request) =>
    ok(await service.buscaListagem(request.query.pesquisaProduto)),
  );

  route(app, produtoApi.buscaNome, { access: 'public', cache: CACHE_CATALOGO }, async (request) =>
    ok(await service.buscaNome(request.params.text)),
  );

  route(app, produtoApi.brinde, { access: 'public', cache: CACHE_CATALOGO }, async () => ok(await service.brinde()));

  route(app, produtoApi.detalhe, { access: 'public', cache: CACHE_CATALOGO }, async (request) =>
    ok(await service.detalhe(request.params.id)),
  );
};
