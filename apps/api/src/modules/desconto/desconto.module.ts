import type { ApiModule } from '../../app-context.js';
import { createDescontoRepository } from './desconto.repository.js';
import { descontoRoutes } from './desconto.routes.js';
import { createDescontoService } from './desconto.service.js';

/** Discount conditions (staff; ADR 015). */
export const descontoModule: ApiModule = async (api, { db }) => {
  await api.register(descontoRoutes, { service: createDescontoService({ repository: createDescontoRepository(db) }) });
};
