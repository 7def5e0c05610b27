import type { FastifyPluginAsync } from 'fastify';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { produtoRelacionadosApi } from '@clinica/shared/schemas/produto-relacionados';
import { sugestoesApi } from '@clinica/shared/schemas/produto-sugestoes';
import { vitrineApi } from '@clinica/shared/schemas/vitrine';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import type { VersionedReads } from '../../lib/versioned-reads.js';
import type { CachePolicy } from '../../plugins/http-cache.js';
import type { ProdutoService } from './produto.service.js';

/**
 * The catalogue changes from the back-office (price, stock, a deactivated
 * product) and must show at once, also to the browser that just saved it: the
 * browser revalidates every read (`max-age=0`) and gets a 304 without a body
 * while the ETag holds (plugins/http-cache.ts), instead of reusing it for 60 s.
 */
export const CACHE_CATALOGO = { maxAge: 0 } satisfies CachePolicy;

/**
 * 'Quem comprou também levou' follows the paid orders, which do not raise the catalogue's version: not kept by it,
 * and cached for 5 minutes (browser and proxies) instead, a new order showing up to that late (ADR 043).
 */
const CACHE_COMPRADOS_JUNTOS = { maxAge: 300 } satisfies CachePolicy;

/** The store's public reads (the review is in modules/avaliacao). */
export const produtoRoutes: FastifyPluginAsync<{
  service: ProdutoService;
  /**
   * The answers kept by the catalogue's version (ADR 021). Each of these reads depends only on its URL and on the
   * tables whose triggers raise the version (migration 0018); a read that also depended on the time of day or on
   * the caller could not be kept so.
   */
  versoes?: VersionedReads | undefined;
}> = async (app, { service, versoes }) => {
  const publica = { access: 'public', cache: CACHE_CATALOGO, ...(versoes ? { versioned: versoes } : {}) } as const;
  route(app, produtoApi.fisicoDigital, publica, async () => ok(await service.fisicoDigital()));

  route(app, produtoApi.banners, publica, async () => ok(await service.banners()));

  route(app, produtoApi.categorias, publica, async () => ok(await service.categorias()));

  route(app, produtoApi.buscaListagem, publica, async (request) =>
    ok(await service.buscaListagem(request.query.pesquisaProduto)),
  );

  // Like the other public reads: kept by the catalogue's version, no limit of its own (ADR 045).
  route(app, sugestoesApi.sugestoes, publica, async (request) => ok(await service.sugestoes(request.query.termo)));
  // The category pages and the search grid (ADR 044): each filter is in the URL, so an answer kept by URL holds.
  route(app, vitrineApi.vitrine, publica, async (request) => ok(await service.vitrine(request.query)));

  route(app, produtoApi.buscaNome, publica, async (request) => ok(await service.buscaNome(request.params.text)));

  route(app, produtoApi.brinde, publica, async () => ok(await service.brinde()));

  // Never kept nor cached (ADR 032): the units left move with every order, and the catalogue's version does not.
  route(app, produtoApi.estoque, { access: 'public' }, async (request) =>
    ok(await service.estoques(request.query.ids.split(',').map(Number))),
  );

  route(
    app,
    produtoRelacionadosApi.compradosJuntos,
    { access: 'public', cache: CACHE_COMPRADOS_JUNTOS },
    async (request) => ok(await service.compradosJuntos(request.params.id)),
  );

  route(app, produtoApi.detalhe, publica, async (request) => ok(await service.detalhe(request.params.id)));
};
