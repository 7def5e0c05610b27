import type { ApiModule } from '../../app-context.js';
import { createComercialRepository } from './comercial.repository.js';
import { comercialRoutes } from './comercial.routes.js';
import { createComercialService } from './comercial.service.js';

/** The store's commercial rules: installments, PIX discount, boleto and free shipping. */
export const comercialModule: ApiModule = async (api, { db }) => {
  await api.register(comercialRoutes, {
    service: createComercialService({ repository: createComercialRepository(db) }),
  });
};
