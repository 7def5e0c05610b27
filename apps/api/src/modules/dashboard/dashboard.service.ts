import { inicioDoDia, inicioDoDiaSeguinte } from '@clinica/shared/clinic-day';
import type { EndpointQuery } from '@clinica/shared/endpoint';
import type { DashboardVendas, dashboardApi } from '@clinica/shared/schemas/dashboard';
import type { DashboardRepository, PeriodoVendas } from './dashboard.repository.js';

export interface DashboardServiceDeps {
  repository: DashboardRepository;
}

/**
 * The manager's sales dashboard (docs/behaviour/back-office.md#sales-dashboard): the period's figures, one query each.
 */
export function createDashboardService({ repository }: DashboardServiceDeps) {
  return {
    /** GET /dashboard/vendas: the query's defaults are applied by its schema. */
    async vendas(q: EndpointQuery<typeof dashboardApi.vendas>): Promise<DashboardVendas> {
      // The clinic's calendar days, bounded exactly as GET /pedido/admin/listagem bounds its date filter.
      const periodo: PeriodoVendas = {
        dataInicio: q.dataInicio,
        dataFim: q.dataFim,
        desde: inicioDoDia(q.dataInicio),
        ate: inicioDoDiaSeguinte(q.dataFim),
      };
      // Five independent reads on the database (never inside a transaction): side by side.
      const [resumo, receitaPorDia, pedidosPorSituacao, maisVendidos, porPagamento] = await Promise.all([
        repository.resumo(periodo),
        repository.receitaPorDia(periodo),
        repository.pedidosPorSituacao(periodo),
        repository.maisVendidos(periodo),
        repository.porPagamento(periodo),
      ]);
      return {
        periodo: { dataInicio: q.dataInicio, dataFim: q.dataFim },
        resumo,
        receitaPorDia,
        pedidosPorSituacao,
        maisVendidos,
        porPagamento,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
