import { MSG } from '@clinica/shared/messages';
import { Check, Copy, TimerOff } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../ui/button';
import styles from './payment.module.css';
import { useCountdownTo } from './use-countdown-to';

/** docs/behaviour/timings-and-limits.md#payment-timings: the copy button shows its check mark for 3 s. */
export const COPY_CONFIRM_MS = 3000;

/** A PIX charge on screen: the QR image, the copy-and-paste code and when it stops being payable. */
export interface PixCharge {
  qrCode: string;
  qrCodeBase64: string;
  /** ms since the epoch: when it was received plus its validity (600 s at checkout, 30 min from an order). */
  deadline: number;
}

/** A charge received now, valid for `validadeSegundos` (the countdown starts at 10:00 or 30:00). */
export const pixChargeOf = (pix: { qrCode: string; qrCodeBase64: string; validadeSegundos: number }): PixCharge => ({
  qrCode: pix.qrCode,
  qrCodeBase64: pix.qrCodeBase64,
  deadline: Date.now() + pix.validadeSegundos * 1000,
});

const qrSrc = (base64: string) => (base64.startsWith('data:') ? base64 : `data:image/png;base64,${base64}`);

/**
 * The QR code, the copy-and-paste code with its copy button (a check mark
 * for 3 s) and the countdown; at 00:00 the QR and the code give way to
 * 'QRCODE EXPIRADO GERE NOVAMENTE' (docs/behaviour/payments.md#pix-timer-and-copy).
 */
export function PixCode({ pix }: { pix: PixCharge }) {
  const countdown = useCountdownTo(pix.deadline);
  const codeId = useId();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  if (countdown.expired) {
    return (
      <div className={styles.pixExpired} role="alert" data-testid="pix-expired">
        <TimerOff size={32} aria-hidden="true" />
        <p>{MSG.pixExpirado}</p>
      </div>
    );
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(pix.qrCode);
    } catch {
      // No clipboard (insecure context): select the code so the customer can copy it by hand.
      const input = document.getElementById(codeId) as HTMLTextAreaElement | null;
      input?.select();
    }
    setCopied(true);
  };

  return (
    <div className={styles.pixCode} data-testid="pix-code">
      <img className={styles.qr} src={qrSrc(pix.qrCodeBase64)} alt="QR Code do PIX" width={220} height={220} />
      <p className={styles.timer} aria-live="off">
        Válido por <strong data-testid="pix-countdown">{countdown.label}</strong>
      </p>
      <label htmlFor={codeId} className={styles.copyLabel}>
        PIX copia e cola
      </label>
      <div className={styles.copyRow}>
        <textarea id={codeId} className={styles.copyText} value={pix.qrCode} readOnly rows={3} />
        <Button
          variant={copied ? 'secondary' : 'outline'}
          onClick={() => void copy()}
          aria-label={copied ? 'Código copiado' : 'Copiar código PIX'}
          className={styles.copyButton}
        >
          {copied ? <Check size={18} aria-hidden="true" /> : <Copy size={18} aria-hidden="true" />}
          <span aria-hidden="true">{copied ? 'Copiado!' : 'Copiar'}</span>
        </Button>
      </div>
      <span className="visually-hidden" role="status">
        {copied ? 'Código PIX copiado' : ''}
      </span>
    </div>
  );
}
