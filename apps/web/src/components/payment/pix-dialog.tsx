import { MSG } from '@clinica/shared/messages';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../ui/button';
import { ModalFrame } from '../ui/modal-frame';
import { notifyInfo } from '../ui/toast';
import dialogStyles from '../ui/dialog.module.css';
import styles from './payment.module.css';
import { PixCode, type PixCharge } from './pix-code';

/** docs/behaviour/timings-and-limits.md#payment-timings: the PIX dialog goes to its route 2 s after 'Fechar'. */
const PIX_DIALOG_REDIRECT_MS = 2000;

/**
 * The PIX dialog (docs/behaviour/payments.md#pix-dialog): 'Pagamento via PIX', 'Escaneie o QR Code
 * abaixo', the QR code and the copy-and-paste code; 'Fechar' shows the toast
 * 'Acompanhe seu pedido pela Lista de pedidos' and, 2 s later, goes to `route`.
 */
export function PixDialog({
  open,
  pix,
  route,
  toastOptions,
}: {
  open: boolean;
  pix: PixCharge | null;
  route: string;
  toastOptions?: Parameters<typeof notifyInfo>[1];
}) {
  const navigate = useNavigate();
  const [closing, setClosing] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(() => navigate(route), PIX_DIALOG_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [closing, navigate, route]);

  const close = () => {
    if (closing) return;
    notifyInfo(MSG.acompanhePedidoPix, toastOptions);
    setClosing(true);
  };

  return (
    <ModalFrame
      open={open && pix !== null && !closing}
      locked
      className={`${dialogStyles.content} ${styles.pixDialog}`}
      data-testid="pix-dialog"
      onOpenAutoFocus={(e) => {
        // The focus goes to 'Fechar', not into the code box (its selection would hide the code's start).
        e.preventDefault();
        closeRef.current?.focus();
      }}
    >
      <Dialog.Title className={dialogStyles.title}>Pagamento via PIX</Dialog.Title>
      <Dialog.Description className={dialogStyles.description}>Escaneie o QR Code abaixo</Dialog.Description>
      {pix && <PixCode key={pix.deadline} pix={pix} />}
      <div className={`${dialogStyles.actions} ${styles.pixDialogActions}`}>
        <Button onClick={close} style={{ minWidth: 140 }} ref={closeRef}>
          Fechar
        </Button>
      </div>
    </ModalFrame>
  );
}
