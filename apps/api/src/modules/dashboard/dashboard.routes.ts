import type { FastifyPluginAsync } from 'fastify';
import { dashboardApi } from '@clinica/shared/schemas/dashboard';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import type { DashboardService } from './dashboard.service.js';

/** The manager's sales dashboard: ADMIN only (docs/behaviour/back-office.md#sales-dashboard). */
export const dashboardRoutes: FastifyPluginAsync<{ service: DashboardService }> = async (app, { service }) => {
  route(app, dashboardApi.vendas, { access: ['ADMIN'] }, async (request) => ok(await service.vendas(request.query)));
};
