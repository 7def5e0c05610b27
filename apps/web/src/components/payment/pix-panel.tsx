import { QrCode } from 'lucide-react';
import { Spinner } from '../ui/spinner';
import styles from './payment.module.css';
import { PixCode, type PixCharge } from './pix-code';

/**
 * The three PIX states (docs/behaviour/payments.md#pix): not generated (the prompt and its hint),
 * loading (a spinner) and generated (QR image, copy code and countdown).
 */
export function PixPanel({ loading, pix }: { loading: boolean; pix: PixCharge | null }) {
  if (loading) {
    return (
      <div className={styles.pixNote} role="status" data-testid="pix-loading">
        <Spinner size="lg" />
        <p>Gerando o QR Code do PIX...</p>
      </div>
    );
  }
  if (!pix) {
    return (
      <div className={styles.pixNote} data-testid="pix-empty">
        <QrCode size={36} aria-hidden="true" />
        <div>
          <p className={styles.pixTitle}>Pagamento PIX não gerado</p>
          <p>Clique em &quot;Gerar QRCode PIX&quot; para visualizar o código de pagamento</p>
        </div>
      </div>
    );
  }
  return <PixCode key={pix.deadline} pix={pix} />;
}
