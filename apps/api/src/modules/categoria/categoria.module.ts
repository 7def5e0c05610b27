import type { ApiModule } from '../../app-context.js';
import { createCategoriaRepository } from './categoria.repository.js';
import { categoriaRoutes } from './categoria.routes.js';
import { createCategoriaService } from './categoria.service.js';

/** Back-office of categories (staff; ADR 015). */
export const categoriaModule: ApiModule = async (api, { db }) => {
  await api.register(categoriaRoutes, {
    service: createCategoriaService({ repository: createCategoriaRepository(db) }),
  });
};
