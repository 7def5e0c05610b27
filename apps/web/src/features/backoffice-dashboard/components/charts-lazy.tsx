import type { DashboardVendas } from '@clinica/shared/schemas/dashboard';
import { lazy, Suspense, type ComponentType } from 'react';
import type * as Charts from './charts';
import styles from './charts.module.css';

/**
 * The charts' module (recharts, the route's largest part) starts loading as
 * soon as the dashboard page's module runs, beside its data: the figures and
 * the period show without waiting for it, each chart keeps its place while
 * it arrives.
 */
let modulo: Promise<typeof Charts> | undefined;
export const loadCharts = () => (modulo ??= import('./charts'));

function lazyChart<P extends object>(pick: (m: typeof Charts) => ComponentType<P>, height: number) {
  const Chart = lazy(() => loadCharts().then((m) => ({ default: pick(m) })));
  return function LazyChart(props: P) {
    return (
      <Suspense fallback={<div className={styles.placeholder} style={{ height }} />}>
        <Chart {...props} />
      </Suspense>
    );
  };
}

export const RevenueChart = lazyChart<{ dias: DashboardVendas['receitaPorDia'] }>((m) => m.RevenueChart, 280);
export const StatusChart = lazyChart<{ situacoes: DashboardVendas['pedidosPorSituacao'] }>((m) => m.StatusChart, 260);
export const PaymentChart = lazyChart<{ meios: DashboardVendas['porPagamento'] }>((m) => m.PaymentChart, 200);
