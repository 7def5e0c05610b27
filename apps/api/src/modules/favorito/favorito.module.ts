import type { ApiModule } from '../../app-context.js';
import { createFavoritoRepository } from './favorito.repository.js';
import { favoritoRoutes } from './favorito.routes.js';

/** The customer's favourite products (ADR 045). */
export const favoritoModule: ApiModule = async (api, { db }) => {
  await api.register(favoritoRoutes, { repository: createFavoritoRepository(db) });
};
