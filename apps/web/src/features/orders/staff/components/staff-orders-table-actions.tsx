import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { equipePodeCancelar, podeEntregar, podeEnviar } from '@clinica/shared/order-status';
import type { PedidoResumo } from '@clinica/shared/schemas/pedido';
import * as Dialog from '@radix-ui/react-dialog';
import { CircleX, PackageCheck, Truck } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import dialogStyles from '../../../../components/ui/dialog.module.css';
import { ModalFrame } from '../../../../components/ui/modal-frame';
import { notifyApiError, notifySuccess } from '../../../../components/ui/toast';
import { useEntregarPedido, useEnviarPedido } from '../../api/mover-pedido';
import { usePedido } from '../../api/pedido';
import { ShipForm } from './ship-form';
import styles from './staff-orders-table.module.css';

/** The row's next step: send a paid order that has something to carry, deliver a sent one. */
export type PassoPedido = 'enviar' | 'entregar';

/** The next step of an order on its row, null when the row offers none. */
function proximoPasso(p: Pick<PedidoResumo, 'situacaoPedido' | 'produtos'>): PassoPedido | null {
  if (podeEnviar(p.situacaoPedido)) return p.produtos.some((i) => !i.digital) ? 'enviar' : null;
  return podeEntregar(p.situacaoPedido) ? 'entregar' : null;
}

/** The buttons of a row: its next step first, then 'Cancelar' where staff may cancel. */
export function StaffOrderRowActions({
  pedido: p,
  onStep,
  onCancel,
}: {
  pedido: PedidoResumo;
  onStep: (id: number, passo: PassoPedido) => void;
  onCancel: (pedido: PedidoResumo) => void;
}) {
  const passo = proximoPasso(p);
  const stop = (action: () => void) => (e: { stopPropagation: () => void }) => {
    e.stopPropagation();
    action();
  };
  return (
    <span className={styles.actionList}>
      {passo === 'enviar' && (
        <button
          type="button"
          className={styles.step}
          onClick={stop(() => onStep(p.id, 'enviar'))}
          aria-label={`Enviar pedido #${p.id}`}
          aria-haspopup="dialog"
          title="Marcar como enviado (pede o código de rastreio)"
        >
          <Truck size={16} aria-hidden="true" />
          <span>Enviar</span>
        </button>
      )}
      {passo === 'entregar' && (
        <button
          type="button"
          className={styles.step}
          onClick={stop(() => onStep(p.id, 'entregar'))}
          aria-label={`Marcar pedido #${p.id} como entregue`}
          aria-haspopup="dialog"
        >
          <PackageCheck size={16} aria-hidden="true" />
          <span>Marcar como entregue</span>
        </button>
      )}
      {equipePodeCancelar(p.situacaoPedido) && (
        <button
          type="button"
          className={styles.cancel}
          onClick={stop(() => onCancel(p))}
          aria-label={`Cancelar pedido #${p.id}`}
          title={p.situacaoPedido === 'PAGO' ? 'Cancelar e estornar o pagamento' : 'Cancelar pedido'}
        >
          <CircleX size={16} aria-hidden="true" />
          <span>Cancelar</span>
        </button>
      )}
    </span>
  );
}

/**
 * The step a row's button asks for, as the order dialog asks it: the
 * tracking code before 'Confirmar envio' (PUT /pedido/enviar/{id}), or the
 * question before 'Confirmar entrega' (PUT /pedido/entregar/{id}). The
 * answer's message is a toast and the lists are fetched again.
 */
export function StaffOrderStepDialog({
  passo,
  onClose,
}: {
  /** The order and its step; null closes the dialog. */
  passo: { id: number; passo: PassoPedido } | null;
  onClose: () => void;
}) {
  const enviar = useEnviarPedido();
  const entregar = useEntregarPedido();
  const busy = enviar.isPending || entregar.isPending;
  const id = passo?.id ?? 0;
  const done = (fallback: string) => (envelope: { message: string }) => {
    notifySuccess(envelope.message || fallback);
    onClose();
  };
  const failed = (error: unknown) => {
    notifyApiError(error);
    onClose();
  };

  return (
    <ModalFrame
      open={passo !== null}
      onOpenChange={(next) => (busy || next ? undefined : onClose())}
      locked={busy}
      className={dialogStyles.content}
      role={passo?.passo === 'entregar' ? 'alertdialog' : 'dialog'}
      aria-describedby={undefined}
    >
      {passo?.passo === 'enviar' ? (
        <>
          <Dialog.Title className={dialogStyles.title}>Enviar o pedido #{id}</Dialog.Title>
          <ShipStep
            id={id}
            busy={enviar.isPending}
            onBack={onClose}
            onSubmit={(codigoRastreio, semNotaFiscal) =>
              enviar.mutate(
                { id, codigoRastreio, semNotaFiscal },
                { onSuccess: done(MSG_BO.pedidoEnviado), onError: failed },
              )
            }
          />
        </>
      ) : (
        <>
          <Dialog.Title className={dialogStyles.title}>Marcar como entregue?</Dialog.Title>
          <p className={dialogStyles.description}>{`Confirmar que o pedido #${id} foi entregue ao cliente?`}</p>
          <div className={dialogStyles.actions}>
            <Button variant="outline" onClick={onClose} disabled={busy}>
              Voltar
            </Button>
            <Button
              loading={entregar.isPending}
              onClick={() => entregar.mutate({ id }, { onSuccess: done(MSG_BO.pedidoEntregue), onError: failed })}
            >
              <PackageCheck size={18} aria-hidden="true" />
              Confirmar entrega
            </Button>
          </div>
        </>
      )}
    </ModalFrame>
  );
}

/** The tracking-code step for a row: the order's carrier comes from its detail (read once, kept by the query). */
function ShipStep({
  id,
  busy,
  onBack,
  onSubmit,
}: {
  id: number;
  busy: boolean;
  onBack: () => void;
  onSubmit: (codigoRastreio: string, semNotaFiscal: boolean) => void;
}) {
  const entrega = usePedido(id).data?.entrega;
  return (
    <ShipForm
      pedidoId={id}
      entrega={entrega}
      busy={busy}
      actionsClassName={dialogStyles.actions}
      onBack={onBack}
      onSubmit={onSubmit}
    />
  );
}
