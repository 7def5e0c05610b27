import type { DashboardVendas } from '@clinica/shared/schemas/dashboard';
import { Banknote, ClipboardList, Receipt, ShoppingBag } from 'lucide-react';
import { formatBRL, formatCount } from '../format';
import styles from './dashboard-cards.module.css';

/** The four headline figures of the period. */
export function KpiCards({ resumo }: { resumo: DashboardVendas['resumo'] }) {
  const kpis = [
    {
      key: 'receita',
      label: 'Receita',
      value: formatBRL(resumo.receita),
      hint: 'Pedidos pagos, enviados e entregues',
      icon: Banknote,
    },
    {
      key: 'pagos',
      label: 'Pedidos pagos',
      value: formatCount(resumo.pedidosPagos),
      hint:
        resumo.pedidos > 0
          ? `${Math.round((resumo.pedidosPagos / resumo.pedidos) * 100)}% dos pedidos`
          : 'Nenhum pedido',
      icon: ShoppingBag,
    },
    {
      key: 'ticket',
      label: 'Ticket médio',
      value: formatBRL(resumo.ticketMedio),
      hint: 'Receita por pedido pago',
      icon: Receipt,
    },
    {
      key: 'pedidos',
      label: 'Pedidos no período',
      value: formatCount(resumo.pedidos),
      hint: 'Em todas as situações',
      icon: ClipboardList,
    },
  ];
  return (
    <dl className={styles.kpis}>
      {kpis.map(({ key, label, value, hint, icon: Icon }) => (
        <div key={key} className={styles.kpi} data-testid={`kpi-${key}`}>
          <dt className={styles.kpiLabel}>
            <span className={styles.kpiIcon} aria-hidden="true">
              <Icon size={18} />
            </span>
            {label}
          </dt>
          <dd className={styles.kpiValue}>{value}</dd>
          <dd className={styles.kpiHint}>{hint}</dd>
        </div>
      ))}
    </dl>
  );
}
