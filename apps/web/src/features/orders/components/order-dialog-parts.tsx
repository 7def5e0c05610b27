/* What the customer's and the staff's order dialogs both show of an order. */
import { OrderInvoice } from './order-invoice';
import type { Pedido } from '@clinica/shared/schemas/pedido';
import { StatusBadge } from '../../../components/orders/status-badge';
import { detailDialogStyles as frame } from '../../../components/ui/detail-dialog-frame';
import { formatDayTime } from '../../../lib/format-date';
import styles from './order-dialog.module.css';
import {
  OrderCro,
  OrderDelivery,
  OrderHistory,
  OrderItems,
  OrderPayment,
  OrderTotals,
  type HistoricoItem,
} from './order-sections';

/** Under the title: the order's status and when it was made. */
export function OrderHeading({ pedido }: { pedido: Pedido }) {
  return (
    <p className={styles.subtitle}>
      <StatusBadge situacao={pedido.situacaoPedido} />
      <span>Feito em {formatDayTime(pedido.dtPedido)}</span>
    </p>
  );
}

/** Orders the NF-e is asked for (ADR 031): paid, with goods (a course is a service; the gift is not invoiced). */
const podeTerNota = (pedido: Pedido) =>
  ['PAGO', 'ENVIADO', 'ENTREGUE'].includes(pedido.situacaoPedido) &&
  pedido.produtos.some((p) => !p.digital && !p.brinde);

/** The body: items, delivery and payment side by side, totals and the status history (`quem`: who, in the reader's words). */
export function OrderDetails({
  pedido,
  quem,
  staff = false,
}: {
  pedido: Pedido;
  quem?: (h: HistoricoItem) => string;
  /** The staff's view: the invoice's key, failure reason and 'Emitir novamente'. */
  staff?: boolean;
}) {
  return (
    <>
      <OrderItems pedido={pedido} />
      <div className={frame.columns}>
        <OrderDelivery pedido={pedido} />
        <OrderPayment pedido={pedido} />
      </div>
      {pedido.cro && <OrderCro cro={pedido.cro} />}
      <OrderTotals pedido={pedido} />
      {podeTerNota(pedido) && <OrderInvoice pedidoId={pedido.id} staff={staff} />}
      {pedido.historico.length > 0 && <OrderHistory pedido={pedido} quem={quem} />}
    </>
  );
}
