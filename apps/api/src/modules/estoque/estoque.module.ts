import type { ApiModule } from '../../app-context.js';
import { createEstoqueRepository } from './estoque.repository.js';
import { estoqueRoutes } from './estoque.routes.js';
import { createEstoqueService } from './estoque.service.js';

/** The staff's stock moves and low-stock list, and the store's 'Avise-me quando chegar' (ADR 032). */
export const estoqueModule: ApiModule = async (api, { db, jobs, rateLimiter }) => {
  await api.register(estoqueRoutes, {
    service: createEstoqueService({ db, repository: createEstoqueRepository(db), jobs }),
    rateLimiter,
  });
};
