import { MSG } from '@clinica/shared/messages';
import { CreditCard, MessageCircle } from 'lucide-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { WhatsAppIcon } from '../../../components/brand/social-icons';
import { BoletoPanel } from '../../../components/payment/boleto-panel';
import { Button, ButtonLink, buttonClassName } from '../../../components/ui/button';
import { DetailDialogFrame } from '../../../components/ui/detail-dialog-frame';
import { notifyApiError, notifySuccess } from '../../../components/ui/toast';
import { useEmpresa } from '../../../lib/empresa';
import { useCancelarPedido } from '../api/cancelar-pedido';
import { usePedido } from '../api/pedido';
import { orderChatHref } from '../chat-link';
import { aceitaPagamento, clienteConversaParaCancelar, clientePodeCancelar } from '@clinica/shared/order-status';
import styles from './order-dialog.module.css';
import { OrderBuyAgain } from './order-buy-again';
import { OrderConfirmation } from './order-confirmation';
import { OrderDetails, OrderHeading } from './order-dialog-parts';
import { OrderWithdrawal } from './order-withdrawal';

// The card form, its preview and the PIX code load when a payment is retried, not with the list.
const PaymentDialog = lazy(() => import('./payment-dialog').then((m) => ({ default: m.PaymentDialog })));

export interface OrderDialogProps {
  /** The order to show; null closes the dialog. */
  pedidoId: number | null;
  onClose: () => void;
}

/**
 * The order dialog of /orders/{id}: items, delivery,
 * payment, totals, the tracking code once sent and the status history;
 * 'Tentar pagamento novamente' (the payment dialog) and 'Cancelar pedido'
 * (with a confirmation) while the order is PENDENTE or RECUSADO, the chat with
 * the clinic when it is PAGO, 'Comprar novamente' once it was delivered.
 */
export function OrderDialog({ pedidoId, onClose }: OrderDialogProps) {
  const pedido = usePedido(pedidoId);
  const cancelar = useCancelarPedido();
  // The order whose cancellation is being confirmed: another order opens without the question.
  const [confirmingId, setConfirmingId] = useState<number | null>(null);
  const confirming = confirmingId !== null && confirmingId === pedidoId;
  const setConfirming = (on: boolean) => setConfirmingId(on ? pedidoId : null);
  // The order whose payment dialog is open.
  const [payingId, setPayingId] = useState<number | null>(null);
  const busy = cancelar.isPending;
  // A stable callback ref: it runs when the element mounts, not on every render.
  const focusOnMount = useCallback((el: HTMLButtonElement | null) => el?.focus(), []);

  const data = pedido.data;
  // The payment dialog stays only while the order can still be paid (a notification may make it PAGO).
  const paying =
    data !== undefined && payingId === data.id && payingId === pedidoId && aceitaPagamento(data.situacaoPedido);
  const confirmCancel = () => {
    if (!data) return;
    cancelar.mutate(data.id, {
      onSuccess: (envelope) => {
        setConfirming(false);
        notifySuccess(envelope.message || MSG.pedidoCancelado);
      },
      onError: (error) => {
        setConfirming(false);
        notifyApiError(error);
      },
    });
  };

  return (
    <>
      <DetailDialogFrame
        // While the payment dialog is open it takes the order dialog's place (one modal at a time).
        open={pedidoId !== null && !paying}
        onClose={onClose}
        busy={busy}
        title={`Pedido #${pedidoId}`}
        query={pedido}
        heading={(data) => <OrderHeading pedido={data} />}
        body={(data) => (
          <>
            <OrderDetails pedido={data} />
            <OrderBuyAgain pedido={data} onDone={onClose} />
            {/* The right of withdrawal (docs/behaviour/orders.md#right-of-withdrawal). */}
            <OrderWithdrawal pedido={data} />
            <OrderConfirmation pedido={data} />
            {/* A pending boleto: its line, due date and PDF, as after the checkout (docs/behaviour/orders.md#order-dialog). */}
            {data.boleto && aceitaPagamento(data.situacaoPedido) && (
              <BoletoPanel
                boleto={{ ...data.boleto, idPedido: data.id, valor: data.pagamento?.valor ?? data.valorTotal }}
              />
            )}
          </>
        )}
        footer={(data) => {
          const podeCancelar = clientePodeCancelar(data.situacaoPedido);
          // Inside the 7 days of the right of withdrawal the dialog offers 'Desistir da compra' instead of the chat.
          const conversa = clienteConversaParaCancelar(data.situacaoPedido) && !data.desistencia?.podeDesistir;
          return (
            <>
              {podeCancelar && confirming ? (
                <div className={styles.confirm} role="group" aria-labelledby="confirmar-cancelamento">
                  <p id="confirmar-cancelamento" className={styles.confirmText}>
                    Cancelar o pedido #{data.id}? Esta ação não pode ser desfeita.
                  </p>
                  <div className={styles.confirmActions}>
                    <Button
                      variant="outline"
                      onClick={() => setConfirming(false)}
                      disabled={busy}
                      // The question replaces the button that asked it: the keyboard lands on the safe answer.
                      ref={focusOnMount}
                    >
                      Voltar
                    </Button>
                    <Button variant="danger" onClick={confirmCancel} loading={busy}>
                      Sim, cancelar pedido
                    </Button>
                  </div>
                </div>
              ) : (
                // A paid order has the chat instead (below); the others close, cancel while they can, pay again.
                (podeCancelar || !conversa) && (
                  <div className={styles.actions}>
                    <Button variant="outline" onClick={onClose}>
                      Fechar
                    </Button>
                    {podeCancelar && (
                      <Button variant="danger" onClick={() => setConfirming(true)}>
                        Cancelar pedido
                      </Button>
                    )}
                    {aceitaPagamento(data.situacaoPedido) && (
                      <Button onClick={() => setPayingId(data.id)}>
                        <CreditCard size={18} aria-hidden="true" />
                        Tentar pagamento novamente
                      </Button>
                    )}
                  </div>
                )
              )}
              {conversa && <ChatWithClinic pedidoId={data.id} onClose={onClose} />}
            </>
          );
        }}
        className={styles.content}
        testId="order-dialog"
      />
      {paying && data && (
        <Suspense fallback={null}>
          <PaymentDialog pedido={data} onClose={() => setPayingId(null)} />
        </Suspense>
      )}
    </>
  );
}

function ChatWithClinic({ pedidoId, onClose }: { pedidoId: number; onClose: () => void }) {
  const empresa = useEmpresa();
  const href = orderChatHref(empresa.data?.whatsapp, pedidoId);
  return (
    <div className={styles.chat}>
      <p className={styles.chatText}>
        Pedido pago. Para cancelar ou tirar dúvidas sobre a entrega, fale com a clínica.
      </p>
      <div className={styles.actions}>
        <Button variant="outline" onClick={onClose}>
          Fechar
        </Button>
        {empresa.isPending ? (
          <Button loading>Falar com a clínica</Button>
        ) : href ? (
          <a
            className={buttonClassName({ variant: 'primary' }, styles.whatsapp)}
            href={href}
            target="_blank"
            rel="noopener noreferrer"
          >
            <WhatsAppIcon size={18} />
            Falar com a clínica
          </a>
        ) : (
          <ButtonLink to="/contato" variant="primary">
            <MessageCircle size={18} aria-hidden="true" />
            Falar com a clínica
          </ButtonLink>
        )}
      </div>
    </div>
  );
}
