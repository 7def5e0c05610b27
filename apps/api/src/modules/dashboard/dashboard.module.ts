import type { ApiModule } from '../../app-context.js';
import { createDashboardRepository } from './dashboard.repository.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { createDashboardService } from './dashboard.service.js';

/** The manager's sales dashboard. */
export const dashboardModule: ApiModule = async (api, { db }) => {
  await api.register(dashboardRoutes, {
    service: createDashboardService({ repository: createDashboardRepository(db) }),
  });
};
