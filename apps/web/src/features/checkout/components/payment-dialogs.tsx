import { PixDialog } from '../../../components/payment/pix-dialog';
import { ResultDialog } from '../../../components/ui/result-dialog';
import { CHECKOUT_TOAST } from '../checkout-toast';
import type { PaymentFlow } from '../use-payment-flow';

/** The PIX dialog (QR code and countdown) and the payment's result dialog ('Sucesso!' or 'Erro!'). */
export function PaymentDialogs({ flow }: { flow: PaymentFlow }) {
  const { pix, pixOpen, result, closeResult, ordersPath } = flow;
  return (
    <>
      <PixDialog open={pixOpen} pix={pix} route={ordersPath} toastOptions={CHECKOUT_TOAST} />
      <ResultDialog
        open={result !== null}
        type={result?.type ?? 'error'}
        message={result?.message ?? ''}
        onClose={closeResult}
      />
    </>
  );
}
