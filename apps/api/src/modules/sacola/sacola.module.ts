import type { ApiModule } from '../../app-context.js';
import { createSacolaRepository } from './sacola.repository.js';
import { sacolaRoutes } from './sacola.routes.js';

/** The customer's bag kept on the server and the marketing e-mails' unsubscribe page (ADR 034). */
export const sacolaModule: ApiModule = async (api, { db, sacolas, jwtSecret }) => {
  await api.register(sacolaRoutes, { service: sacolas, repository: createSacolaRepository(db), jwtSecret });
};
