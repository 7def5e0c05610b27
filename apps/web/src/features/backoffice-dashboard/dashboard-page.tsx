import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { diasNoPeriodo, hojeNaClinica } from '@clinica/shared/clinic-day';
import type { DashboardVendas } from '@clinica/shared/schemas/dashboard';
import { ChartNoAxesCombined } from 'lucide-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ListNotice } from '../../components/backoffice/list-notice';
import { LoadFailure } from '../../components/backoffice/load-failure';
import { PageFrame } from '../../components/ui/page-frame';
import { LoadingBlock } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { SITUACAO_LABEL } from '../../lib/order-status';
import { useDashboardVendas } from './api';
import { BestSellers } from './components/best-sellers';
import { ChartCard } from './components/chart-card';
import { MEIO_LABEL } from './components/chart-colors';
import { loadCharts, PaymentChart, RevenueChart, StatusChart } from './components/charts-lazy';
import { JobsNotice } from './components/jobs-notice';
import { LowStockNotice } from './components/low-stock-notice';
import { KpiCards } from './components/kpi-cards';
import { PaymentLegend } from './components/payment-legend';
import { PeriodPicker } from './components/period-picker';
import styles from './dashboard-page.module.css';
import { formatBRL, formatCount, formatDate, formatDayLong } from './format';
import { periodDays, periodFromSearch, searchFromPeriod, type Period } from './period';

// The charts load beside the page's data, not after it.
void loadCharts();

type Dia = DashboardVendas['receitaPorDia'][number];
type Situacao = DashboardVendas['pedidosPorSituacao'][number];
type Meio = DashboardVendas['porPagamento'][number];

/**
 * /dashboard (docs/behaviour/back-office.md#sales-dashboard, ADMIN): the store's sales in a period (the last 7, 30
 * or 90 days, or chosen days, kept in the address): revenue, paid orders,
 * average ticket and all orders; revenue per day, orders by status, PIX ×
 * card and the best sellers. The figures are the orders table's
 * (GET /dashboard/vendas counts what GET /pedido/admin/listagem lists).
 */
export function DashboardPage() {
  const [search, setSearch] = useSearchParams();
  const period = useMemo(() => periodFromSearch(search), [search]);
  const today = hojeNaClinica();
  const days = useMemo(() => periodDays(period, today), [period, today]);
  const query = useDashboardVendas(days);
  const data = query.data;

  const choose = (next: Period) => setSearch(searchFromPeriod(next));
  const periodKey = period.kind === 'custom' ? `${period.dataInicio}_${period.dataFim}` : String(period.dias);

  return (
    <PageFrame
      title={MSG_BO.painelVendas}
      eyebrow="Gestão"
      description="Receita, pedidos e produtos mais vendidos da loja no período escolhido."
    >
      <div className={styles.layout}>
        <JobsNotice />
        <LowStockNotice />
        <div className={styles.toolbar}>
          <PeriodPicker key={periodKey} period={period} days={days} onChange={choose} />
          <p className={styles.periodText} aria-live="polite">
            {formatDate(days.dataInicio)} a {formatDate(days.dataFim)} ·{' '}
            {diasNoPeriodo(days.dataInicio, days.dataFim) === 1
              ? '1 dia'
              : `${diasNoPeriodo(days.dataInicio, days.dataFim)} dias`}
          </p>
        </div>

        {query.isPending ? (
          <LoadingBlock />
        ) : !data ? (
          <LoadFailure
            message={`${MSG_BO.painelErro}${errorMessage(query.error)}`}
            retrying={query.isFetching}
            onRetry={() => query.refetch()}
          />
        ) : (
          <div
            className={`${styles.results} ${query.isPlaceholderData ? styles.stale : ''}`}
            aria-busy={query.isPlaceholderData || undefined}
          >
            <KpiCards resumo={data.resumo} />
            {data.resumo.pedidosPagos === 0 ? (
              <>
                <ListNotice icon={<ChartNoAxesCombined size={28} />} title={MSG_BO.painelSemVendas}>
                  <p>Escolha outro período para ver a receita, os meios de pagamento e os mais vendidos.</p>
                </ListNotice>
                {data.resumo.pedidos > 0 && <StatusCard situacoes={data.pedidosPorSituacao} />}
              </>
            ) : (
              <div className={styles.grid}>
                <RevenueCard dias={data.receitaPorDia} className={styles.wide} />
                <StatusCard situacoes={data.pedidosPorSituacao} />
                <PaymentCard meios={data.porPagamento} />
                <BestSellers itens={data.maisVendidos} />
              </div>
            )}
          </div>
        )}
      </div>
    </PageFrame>
  );
}

function RevenueCard({ dias, className }: { dias: Dia[]; className?: string }) {
  const total = dias.reduce((s, d) => s + d.receita, 0);
  const first = dias[0]?.dia;
  const last = dias.at(-1)?.dia;
  return (
    <ChartCard
      className={className}
      title="Receita por dia"
      subtitle="Pedidos pagos, pela data do pedido"
      chartLabel={`Gráfico de barras da receita por dia${first && last ? `, de ${formatDate(first)} a ${formatDate(last)}` : ''}: ${formatBRL(total)} no período.`}
      chart={<RevenueChart dias={dias} />}
      rows={dias}
      rowKey={(d) => d.dia}
      columns={[
        { header: 'Dia', cell: (d) => formatDayLong(d.dia) },
        { header: 'Receita', cell: (d) => formatBRL(d.receita), numeric: true },
        { header: 'Pedidos pagos', cell: (d) => formatCount(d.pedidos), numeric: true },
      ]}
    />
  );
}

function StatusCard({ situacoes }: { situacoes: Situacao[] }) {
  const total = situacoes.reduce((s, x) => s + x.quantidade, 0);
  return (
    <ChartCard
      title="Pedidos por situação"
      subtitle="Todos os pedidos do período"
      chartLabel={`Gráfico de barras dos pedidos por situação: ${situacoes
        .map((s) => `${SITUACAO_LABEL[s.situacao]} ${s.quantidade}`)
        .join(', ')}; ${total} no total.`}
      chart={<StatusChart situacoes={situacoes} />}
      rows={situacoes}
      rowKey={(s) => s.situacao}
      columns={[
        { header: 'Situação', cell: (s) => SITUACAO_LABEL[s.situacao] },
        { header: 'Pedidos', cell: (s) => formatCount(s.quantidade), numeric: true },
        { header: 'Valor', cell: (s) => formatBRL(s.valor), numeric: true },
      ]}
    />
  );
}

function PaymentCard({ meios }: { meios: Meio[] }) {
  return (
    <ChartCard
      title="PIX × cartão"
      subtitle="Receita dos pedidos pagos por meio de pagamento"
      chartLabel={`Gráfico de rosca da receita por meio de pagamento: ${meios
        .map((m) => `${MEIO_LABEL[m.tipoPagamento]} ${formatBRL(m.receita)}`)
        .join(', ')}.`}
      chart={<PaymentChart meios={meios} />}
      aside={<PaymentLegend meios={meios} />}
      rows={meios}
      rowKey={(m) => m.tipoPagamento}
      columns={[
        { header: 'Meio de pagamento', cell: (m) => MEIO_LABEL[m.tipoPagamento] },
        { header: 'Pedidos pagos', cell: (m) => formatCount(m.pedidos), numeric: true },
        { header: 'Receita', cell: (m) => formatBRL(m.receita), numeric: true },
      ]}
    />
  );
}

export { DashboardPage as Component };
