import type { EndpointQuery } from '@clinica/shared/endpoint';
import type { DashboardVendas, dashboardApi } from '@clinica/shared/schemas/dashboard';
import type { DashboardRepository, PeriodoVendas } from './dashboard.repository.js';

/**
 * Calendar days are the clinic's (America/Sao_Paulo: UTC−3 all year since
 * 2019), bounded exactly as GET /pedido/admin/listagem bounds its date filter.
 */
const FUSO_LOJA = '-03:00';
const inicioDoDia = (dia: string) => new Date(`${dia}T00:00:00${FUSO_LOJA}`);
const inicioDoDiaSeguinte = (dia: string) => new Date(inicioDoDia(dia).getTime() + 24 * 3600 * 1000);

export interface DashboardServiceDeps {
  repository: DashboardRepository;
}

/** The manager's sales dashboard (issue 11): the period's figures, one query each. */
export function createDashboardService({ repository }: DashboardServiceDeps) {
  return {
    /** GET /dashboard/vendas: the query's defaults are applied by its schema. */
    async vendas(q: EndpointQuery<typeof dashboardApi.vendas>): Promise<DashboardVendas> {
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
