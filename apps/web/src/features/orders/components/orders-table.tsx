import type { PedidoResumo } from '@clinica/shared/schemas/pedido';
import { PagedTable, type TableColumn } from '../../../components/backoffice/paged-table';
import { Price } from '../../../components/catalog/price';
import { StatusBadge } from '../../../components/orders/status-badge';
import { formatDay } from '../../../lib/format-date';
import styles from './orders-table.module.css';

export interface OrdersTableProps {
  pedidos: PedidoResumo[];
  onOpen: (id: number) => void;
  /** Another page is on its way: the rows stay, dimmed. */
  stale?: boolean;
}

/** 'Escova ultramacia e mais 2 itens'. */
function produtosResumo(produtos: PedidoResumo['produtos']): string {
  if (produtos.length === 0) return '—';
  const [first, ...rest] = produtos;
  if (rest.length === 0) return first!.produtoNome;
  return `${first!.produtoNome} e mais ${rest.length} ${rest.length === 1 ? 'item' : 'itens'}`;
}

const COLUMNS: TableColumn<PedidoResumo>[] = [
  {
    header: 'Pedido',
    className: styles.number,
    cell: (p) => (
      <>
        <span className="visually-hidden">Ver pedido</span> #{p.id}
      </>
    ),
  },
  {
    header: 'Produtos',
    grow: true,
    cell: (p) => (
      <>
        {produtosResumo(p.produtos)}
        {/* Below 1024 px the date and status columns are hidden: they show here, under the products. */}
        <span className={styles.compactMeta} data-testid="order-row-meta">
          <span>
            <span className="visually-hidden">Data: </span>
            {formatDay(p.dtPedido)}
          </span>
          <StatusBadge situacao={p.situacaoPedido} />
        </span>
      </>
    ),
  },
  // Date and status columns only from 1024 px (docs/behaviour/orders.md); narrower, under the products.
  { header: 'Data', from: 1024, nowrap: true, cell: (p) => formatDay(p.dtPedido) },
  { header: 'Situação', from: 1024, nowrap: true, cell: (p) => <StatusBadge situacao={p.situacaoPedido} /> },
  { header: 'Total', align: 'end', className: styles.total, cell: (p) => <Price cents={p.valorTotal} /> },
];

/**
 * The customer's orders: number, products, date, status and total; date and
 * status as columns from 1024 px, under the products on narrower screens. The whole row opens the order; the number is the
 * row's button, so the keyboard reaches it too.
 */
export function OrdersTable({ pedidos, onOpen, stale = false }: OrdersTableProps) {
  return (
    <PagedTable
      caption="Seus pedidos, do mais recente ao mais antigo"
      className={styles.orders}
      columns={COLUMNS}
      rows={pedidos}
      rowKey={(p) => p.id}
      onRowOpen={(p) => onOpen(p.id)}
      rowTestId="order-row"
      stale={stale}
    />
  );
}
