import type { PedidoResumo } from '@clinica/shared/schemas/pedido';
import { ChevronRight } from 'lucide-react';
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
export function produtosResumo(produtos: PedidoResumo['produtos']): string {
  if (produtos.length === 0) return '—';
  const [first, ...rest] = produtos;
  if (rest.length === 0) return first!.produtoNome;
  return `${first!.produtoNome} e mais ${rest.length} ${rest.length === 1 ? 'item' : 'itens'}`;
}

/**
 * The customer's orders (SPEC §2 /orders/{id}): number, products, date,
 * status and total; date and status only from 1024 px. The whole row opens
 * the order; the number is the row's button, so the keyboard reaches it too.
 */
export function OrdersTable({ pedidos, onOpen, stale = false }: OrdersTableProps) {
  return (
    <div className={styles.wrap} aria-busy={stale || undefined}>
      <table className={`${styles.table} ${stale ? styles.stale : ''}`}>
        <caption className="visually-hidden">Seus pedidos, do mais recente ao mais antigo</caption>
        <thead>
          <tr>
            <th scope="col">Pedido</th>
            <th scope="col" className={styles.products}>
              Produtos
            </th>
            <th scope="col" className={styles.wide}>
              Data
            </th>
            <th scope="col" className={styles.wide}>
              Situação
            </th>
            <th scope="col" className={styles.total}>
              Total
            </th>
            <th scope="col" className={styles.chevron}>
              <span className="visually-hidden">Abrir</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {pedidos.map((p) => (
            <tr key={p.id} className={styles.row} onClick={() => onOpen(p.id)} data-testid="order-row">
              <td>
                <button
                  type="button"
                  className={styles.open}
                  onClick={(e) => {
                    e.stopPropagation();
                    onOpen(p.id);
                  }}
                  aria-haspopup="dialog"
                >
                  <span className="visually-hidden">Ver pedido</span> #{p.id}
                </button>
              </td>
              <td className={styles.products}>{produtosResumo(p.produtos)}</td>
              <td className={styles.wide}>{formatDay(p.dtPedido)}</td>
              <td className={styles.wide}>
                <StatusBadge situacao={p.situacaoPedido} />
              </td>
              <td className={styles.total}>
                <Price cents={p.valorTotal} />
              </td>
              <td className={styles.chevron} aria-hidden="true">
                <ChevronRight size={18} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
