import type { Cents } from '@clinica/shared/money';
import { MSG } from '@clinica/shared/messages';
import type { SituacaoPedido } from '@clinica/shared/schemas/pedido';
import * as Dialog from '@radix-ui/react-dialog';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import styles from '../../../../components/ui/dialog.module.css';
import { ModalFrame } from '../../../../components/ui/modal-frame';
import { notifyApiError, notifySuccess } from '../../../../components/ui/toast';
import { useCancelarPedido } from '../../api/cancelar-pedido';
import { cancelamentoEstorna } from '@clinica/shared/order-status';
import { cancelQuestion } from '../staff-order-status';

/** The order whose cancellation is asked. */
interface PedidoACancelar {
  id: number;
  situacaoPedido: SituacaoPedido;
  valorTotal: Cents;
}

export interface StaffCancelDialogProps {
  /** null closes the dialog. */
  pedido: PedidoACancelar | null;
  onClose: () => void;
}

/**
 * The question before staff cancel an order (docs/behaviour/back-office.md#orders, 'Pedido
 * cancelado com sucesso'): a paid order is cancelled by refunding its payment,
 * and the question says so. 'Voltar' keeps the order.
 */
export function StaffCancelDialog({ pedido, onClose }: StaffCancelDialogProps) {
  const cancelar = useCancelarPedido();
  const busy = cancelar.isPending;
  const estorno = pedido !== null && cancelamentoEstorna(pedido.situacaoPedido);
  const message = pedido ? cancelQuestion(pedido) : '';

  const confirm = () => {
    if (!pedido) return;
    cancelar.mutate(pedido.id, {
      onSuccess: (envelope) => {
        notifySuccess(envelope.message || MSG.pedidoCancelado);
        onClose();
      },
      onError: (error) => {
        notifyApiError(error);
        onClose();
      },
    });
  };

  return (
    <ModalFrame
      open={pedido !== null}
      onOpenChange={(next) => (busy || next ? undefined : onClose())}
      locked={busy}
      className={styles.content}
      role="alertdialog"
    >
      <div className={`${styles.icon} ${styles.iconWarning}`} aria-hidden="true">
        <TriangleAlert size={28} />
      </div>
      <Dialog.Title className={styles.title}>{estorno ? 'Cancelar e estornar?' : 'Cancelar pedido?'}</Dialog.Title>
      <Dialog.Description className={styles.description}>{message}</Dialog.Description>
      <div className={styles.actions}>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Voltar
        </Button>
        <Button variant="danger" onClick={confirm} loading={busy}>
          {estorno ? 'Estornar e cancelar' : 'Sim, cancelar pedido'}
        </Button>
      </div>
    </ModalFrame>
  );
}
