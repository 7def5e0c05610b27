import type { PedidoResumo } from '@clinica/shared/schemas/pedido';
import { PagedTable, type TableColumn } from '../../../../components/backoffice/paged-table';
import tableStyles from '../../../../components/backoffice/paged-table.module.css';
import { Price } from '../../../../components/catalog/price';
import { StatusBadge } from '../../../../components/orders/status-badge';
import { formatDay, formatDayTime } from '../../../../lib/format-date';
import { TIPO_PAGAMENTO_LABEL } from '../../order-status';
import { StaffOrderRowActions, type PassoPedido } from './staff-orders-table-actions';
import styles from './staff-orders-table.module.css';

export interface StaffOrdersTableProps {
  pedidos: readonly PedidoResumo[];
  onOpen: (id: number) => void;
  /** The row's next step ('Enviar', 'Marcar como entregue'). */
  onStep: (id: number, passo: PassoPedido) => void;
  onCancel: (pedido: PedidoResumo) => void;
  /** Another page is on its way: the rows stay, dimmed. */
  stale?: boolean;
}

const hora = (iso: string) => formatDayTime(iso).split(' às ')[1] ?? '';

const COLUMNS: TableColumn<PedidoResumo>[] = [
  { header: 'Situação', className: styles.status, cell: (p) => <StatusBadge situacao={p.situacaoPedido} /> },
  {
    header: 'Pedido',
    opens: true,
    numeric: true,
    className: styles.id,
    cell: (p) => (
      <>
        <span className="visually-hidden">Ver pedido</span> #{p.id}
      </>
    ),
  },
  {
    header: 'Cliente',
    grow: true,
    className: `${styles.lines} ${styles.client}`,
    cell: (p) => (
      <>
        <span className={styles.clientName} title={p.cliente.nome}>
          {p.cliente.nome}
        </span>
        <span className={tableStyles.meta}>Cliente #{p.cliente.id}</span>
      </>
    ),
  },
  {
    header: 'Valor',
    align: 'end',
    className: styles.value,
    cell: (p) => <Price cents={p.valorTotal} className={styles.price} />,
  },
  {
    header: 'Data do pedido',
    cardLabel: 'Pedido em',
    nowrap: true,
    className: `${styles.lines} ${styles.date}`,
    cell: (p) => (
      <>
        <span>{formatDay(p.dtPedido)}</span>
        <span className={tableStyles.meta}>{hora(p.dtPedido)}</span>
      </>
    ),
  },
  {
    header: 'Pagamento',
    cardLabel: 'Pago em',
    nowrap: true,
    className: `${styles.lines} ${styles.paid}`,
    cell: (p) =>
      p.dataPagamento ? (
        <>
          <span>{formatDay(p.dataPagamento)}</span>
          <span className={tableStyles.meta}>
            {p.pagamento ? TIPO_PAGAMENTO_LABEL[p.pagamento.tipoPagamento] : hora(p.dataPagamento)}
          </span>
        </>
      ) : (
        <span className={tableStyles.meta}>Não pago</span>
      ),
  },
];

/**
 * The staff's orders: status, number, client, value, order date, payment
 * date and the row's actions: its next step ('Enviar' for a paid order with
 * something to carry, 'Marcar como entregue' for a sent one) and 'Cancelar'
 * (orders not yet sent). A row opens the order; its number is the row's
 * button, so the keyboard reaches it too. Below 768 px each row is a card.
 */
export function StaffOrdersTable({ pedidos, onOpen, onStep, onCancel, stale = false }: StaffOrdersTableProps) {
  return (
    <PagedTable
      caption="Pedidos da loja"
      className={styles.orders}
      cards
      columns={COLUMNS}
      rows={pedidos}
      rowKey={(p) => p.id}
      onRowOpen={(p) => onOpen(p.id)}
      rowTestId="staff-order-row"
      actions={{
        header: 'Ações',
        hideHeader: true,
        className: styles.actions,
        cell: (p) => <StaffOrderRowActions pedido={p} onStep={onStep} onCancel={onCancel} />,
      }}
      stale={stale}
    />
  );
}
