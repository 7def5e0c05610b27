import { dashboardApi } from '@clinica/shared/schemas/dashboard';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client';

export interface DashboardDays {
  dataInicio: string;
  dataFim: string;
}

/** TanStack Query keys of the dashboard (staff data: dropped at sign-out with `meta.private`). */
const dashboardKeys = {
  all: ['backoffice', 'dashboard'] as const,
  vendas: (days: DashboardDays) => ['backoffice', 'dashboard', 'vendas', days] as const,
};

/** GET /dashboard/vendas for the chosen days. */
const dashboardVendasQuery = (days: DashboardDays) =>
  queryOptions({
    queryKey: dashboardKeys.vendas(days),
    queryFn: ({ signal }) => callEndpoint(dashboardApi.vendas, { query: days, signal }),
    meta: { private: true },
    // The current figures stay on screen (dimmed) while another period loads.
    placeholderData: keepPreviousData,
  });

export const useDashboardVendas = (days: DashboardDays) => useQuery(dashboardVendasQuery(days));
