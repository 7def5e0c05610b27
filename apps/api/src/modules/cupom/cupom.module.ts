import type { ApiModule } from '../../app-context.js';
import { createCupomRepository } from './cupom.repository.js';
import { cupomRoutes } from './cupom.routes.js';
import { createCupomService } from './cupom.service.js';

/** Discount coupons: the back-office and the customer's check of a code (ADR 025). */
export const cupomModule: ApiModule = async (api, { db, rateLimiter }) => {
  await api.register(cupomRoutes, {
    rateLimiter,
    service: createCupomService({ db, repository: createCupomRepository(db) }),
  });
};
