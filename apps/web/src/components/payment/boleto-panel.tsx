import { formatLinhaDigitavel } from '@clinica/shared/boleto';
import { MSG_BOLETO } from '@clinica/shared/messages-boleto';
import { formatBRL, type Cents } from '@clinica/shared/money';
import type { BoletoPagamento } from '@clinica/shared/schemas/boleto';
import { Barcode, Check, Copy, FileDown } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { downloadBoletoPdf } from '../../lib/payment/boleto';
import { Button } from '../ui/button';
import { notifyError } from '../ui/toast';
import styles from './payment.module.css';
import { COPY_CONFIRM_MS } from './pix-code';

/** A boleto on screen: the API's boleto with its payment and order. */
export interface BoletoOnScreen extends BoletoPagamento {
  idPagamento: number;
  idPedido: number;
  valor: Cents;
}

/** 'YYYY-MM-DD' as '02/12/2026'. */
const dataBoleto = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}`;

/**
 * An issued boleto (docs/behaviour/payments.md#boleto): the line with its 'Copiar' button (a check mark for 3 s, as
 * the PIX code), 'Vence em 02/12/2026', the amount and 'Baixar boleto (PDF)' (the bank's link, or the store's PDF).
 */
export function BoletoPanel({ boleto, diasTolerancia }: { boleto: BoletoOnScreen; diasTolerancia?: number }) {
  const lineId = useId();
  const [copied, setCopied] = useState(false);
  const [baixando, setBaixando] = useState(false);
  const linha = formatLinhaDigitavel(boleto.linhaDigitavel);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(boleto.linhaDigitavel);
      setCopied(true);
    } catch {
      // No clipboard (insecure context): select the line so the customer can copy it by hand.
      (document.getElementById(lineId) as HTMLTextAreaElement | null)?.select();
      notifyError(MSG_BOLETO.copiarFalhou);
    }
  };

  const baixar = async () => {
    if (boleto.pdfUrl) {
      window.open(boleto.pdfUrl, '_blank', 'noopener');
      return;
    }
    setBaixando(true);
    try {
      await downloadBoletoPdf(boleto.idPagamento, boleto.idPedido);
    } catch {
      notifyError(MSG_BOLETO.naoEncontrado);
    } finally {
      setBaixando(false);
    }
  };

  return (
    <section className={styles.boleto} data-testid="boleto" aria-label={MSG_BOLETO.titulo}>
      <p className={styles.boletoHead}>
        <Barcode size={24} aria-hidden="true" />
        {MSG_BOLETO.titulo}
      </p>
      <dl className={styles.boletoFacts}>
        <div>
          <dt>{MSG_BOLETO.vencimento}</dt>
          <dd data-testid="boleto-vencimento">{MSG_BOLETO.venceEm.replace('{data}', dataBoleto(boleto.vencimento))}</dd>
        </div>
        <div>
          <dt>{MSG_BOLETO.valor}</dt>
          <dd data-testid="boleto-valor">{formatBRL(boleto.valor)}</dd>
        </div>
      </dl>
      <div>
        <label htmlFor={lineId} className={styles.copyLabel}>
          {MSG_BOLETO.linhaDigitavel}
        </label>
        <div className={styles.boletoCopyRow}>
          <textarea
            id={lineId}
            className={styles.boletoLine}
            value={linha}
            readOnly
            rows={2}
            data-testid="boleto-linha"
          />
          <Button
            variant={copied ? 'secondary' : 'outline'}
            onClick={() => void copy()}
            aria-label={copied ? MSG_BOLETO.copiado : `${MSG_BOLETO.copiar} a linha digitável`}
            className={styles.copyButton}
          >
            {copied ? <Check size={18} aria-hidden="true" /> : <Copy size={18} aria-hidden="true" />}
            <span>{copied ? MSG_BOLETO.copiado : MSG_BOLETO.copiar}</span>
          </Button>
        </div>
      </div>
      <Button variant="outline" onClick={() => void baixar()} loading={baixando} data-testid="boleto-pdf">
        <FileDown size={18} aria-hidden="true" />
        {MSG_BOLETO.baixarPdf}
      </Button>
      <p className={styles.boletoNote}>{MSG_BOLETO.aguardando}</p>
      {diasTolerancia !== undefined && diasTolerancia > 0 && (
        <p className={styles.boletoNote}>{MSG_BOLETO.tolerancia.replace('{dias}', String(diasTolerancia))}</p>
      )}
    </section>
  );
}
