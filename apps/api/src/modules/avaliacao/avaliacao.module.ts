import type { ApiModule } from '../../app-context.js';
import { createAvaliacaoRepository } from './avaliacao.repository.js';
import { avaliacaoRoutes } from './avaliacao.routes.js';
import { createAvaliacaoService } from './avaliacao.service.js';

/** Product reviews by the customers who bought them. */
export const avaliacaoModule: ApiModule = async (api, { db }) => {
  await api.register(avaliacaoRoutes, {
    service: createAvaliacaoService({ repository: createAvaliacaoRepository(db) }),
  });
};
