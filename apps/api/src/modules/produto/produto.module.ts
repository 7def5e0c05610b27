import type { ApiModule } from '../../app-context.js';
import type { Config } from '../../config.js';
import { createVersionedReads, type VersionedReads } from '../../lib/versioned-reads.js';
import { criarVersaoDoCatalogo } from './catalogo-versao.js';
import { createProdutoAdminRepository } from './produto-admin.repository.js';
import { produtoAdminRoutes } from './produto-admin.routes.js';
import { createProdutoAdminService } from './produto-admin.service.js';
import { createProdutoImagemRepository } from './produto-imagem.repository.js';
import { produtoImagemRoutes } from './produto-imagem.routes.js';
import { createProdutoImagemService } from './produto-imagem.service.js';
import { createProdutoRepository } from './produto.repository.js';
import { produtoRoutes } from './produto.routes.js';
import { createProdutoService } from './produto.service.js';
import { createProdutoVitrine } from './produto-vitrine.repository.js';

/** The limits of an uploaded picture (products and authors). */
export const limitesImagem = (config: Config) => ({
  maxBytes: config.IMAGE_UPLOAD_MAX_BYTES,
  maxPixels: config.IMAGE_MAX_PIXELS,
});

/** The store's catalogue: menus, cards, details and search. */
export const produtoModule: ApiModule = async (api, { config, database, metrics }) => {
  const repository = createProdutoRepository(database.db);
  // The catalogue's answers, kept by its version (ADR 021); CATALOG_CACHE_MB=0 runs every read.
  let versoes: VersionedReads | undefined;
  if (config.CATALOG_CACHE_MB > 0) {
    const versaoDoCatalogo = await criarVersaoDoCatalogo(database, repository);
    api.addHook('onClose', () => versaoDoCatalogo.parar());
    versoes = createVersionedReads({
      version: versaoDoCatalogo.versao,
      maxBytes: config.CATALOG_CACHE_MB * 1024 * 1024,
      counter: metrics?.catalogCache,
    });
  }
  await api.register(produtoRoutes, {
    service: createProdutoService({ repository, vitrine: createProdutoVitrine(database.db) }),
    versoes,
  });
};

/** Back-office of products (staff; ADR 015). */
export const produtoAdminModule: ApiModule = async (api, { db }) => {
  await api.register(produtoAdminRoutes, {
    service: createProdutoAdminService({ db, repository: createProdutoAdminRepository(db) }),
  });
};

/** Products' pictures: checked by content, stored as WebP (ADR 015). */
export const produtoImagemModule: ApiModule = async (api, { config, db, imagemArquivos }) => {
  await api.register(produtoImagemRoutes, {
    service: createProdutoImagemService({
      repository: createProdutoImagemRepository(db),
      arquivos: imagemArquivos,
      limites: limitesImagem(config),
    }),
  });
};
