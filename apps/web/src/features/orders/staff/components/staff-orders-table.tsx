import type { PedidoResumo } from '@clinica/shared/schemas/pedido';
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

/**
 * The staff's orders (SPEC §2 /orders): status, number, client, value, order
 * date, payment date and the row's actions: its next step ('Enviar' for a
 * paid order with something to carry, 'Marcar como entregue' for a sent one)
 * and 'Cancelar' (orders not yet sent). A row opens
 * the order; its number is the row's button, so the keyboard reaches it too.
 * Below 768 px each row is a card.
 */
export function StaffOrdersTable({ pedidos, onOpen, onStep, onCancel, stale = false }: StaffOrdersTableProps) {
  return (
    <div className={styles.wrap} aria-busy={stale || undefined}>
      <table className={`${styles.table} ${stale ? styles.stale : ''}`}>
        <caption className="visually-hidden">Pedidos da loja</caption>
        <thead>
          <tr>
            <th scope="col">Situação</th>
            <th scope="col">Pedido</th>
            <th scope="col">Cliente</th>
            <th scope="col" className={styles.end}>
              Valor
            </th>
            <th scope="col">Data do pedido</th>
            <th scope="col">Pagamento</th>
            <th scope="col" className={styles.end}>
              <span className="visually-hidden">Ações</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {pedidos.map((p) => (
            <tr key={p.id} className={styles.row} onClick={() => onOpen(p.id)} data-testid="staff-order-row">
              <td className={styles.status}>
                <StatusBadge situacao={p.situacaoPedido} />
              </td>
              <td className={styles.id}>
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
              <td className={styles.client}>
                <span className={styles.clientName} title={p.cliente.nome}>
                  {p.cliente.nome}
                </span>
                <span className={styles.muted}>Cliente #{p.cliente.id}</span>
              </td>
              <td className={`${styles.value} ${styles.end}`}>
                <Price cents={p.valorTotal} className={styles.price} />
              </td>
              <td className={styles.date} data-label="Pedido em">
                <span>{formatDay(p.dtPedido)}</span>
                <span className={styles.muted}>{hora(p.dtPedido)}</span>
              </td>
              <td className={styles.paid} data-label="Pago em">
                {p.dataPagamento ? (
                  <>
                    <span>{formatDay(p.dataPagamento)}</span>
                    <span className={styles.muted}>
                      {p.pagamento ? TIPO_PAGAMENTO_LABEL[p.pagamento.tipoPagamento] : hora(p.dataPagamento)}
                    </span>
                  </>
                ) : (
                  <span className={styles.muted}>Não pago</span>
                )}
              </td>
              <td className={`${styles.actions} ${styles.end}`}>
                <StaffOrderRowActions pedido={p} onStep={onStep} onCancel={onCancel} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
