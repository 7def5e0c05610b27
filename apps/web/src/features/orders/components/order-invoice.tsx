import { MSG_NFE } from '@clinica/shared/messages-nfe';
import { chaveEmGrupos } from '@clinica/shared/nfe';
import { FileText } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { notifyApiError, notifyError, notifySuccess } from '../../../components/ui/toast';
import { baixarNota, useNotaFiscal, useReemitirNota } from '../api/nota-fiscal';
import styles from './order-dialog.module.css';

/**
 * The order's NF-e (docs/behaviour/orders.md#invoice): 'DANFE (PDF)' and 'XML' once issued, 'Nota fiscal em
 * emissão' while pending; for staff also the failure reason and 'Emitir novamente'. Nothing for an order without one.
 */
export function OrderInvoice({ pedidoId, staff = false }: { pedidoId: number; staff?: boolean }) {
  const nota = useNotaFiscal(pedidoId);
  const reemitir = useReemitirNota();
  const n = nota.data;
  if (!n) return null;
  const baixar = (tipo: 'pdf' | 'xml') => baixarNota(pedidoId, tipo).catch(() => notifyError(MSG_NFE.baixarFalhou));
  return (
    <section className={styles.section} aria-labelledby="pedido-nota-fiscal" data-testid="order-invoice">
      <h3 id="pedido-nota-fiscal" className={styles.sectionTitle}>
        {MSG_NFE.titulo}
      </h3>
      {n.status === 'emitida' && (
        <div className={styles.text}>
          <span>{MSG_NFE.numeroSerie.replace('{numero}', String(n.numero)).replace('{serie}', String(n.serie))}</span>
          {staff && n.chaveAcesso && (
            <span className={styles.muted}>
              {MSG_NFE.chave}: {chaveEmGrupos(n.chaveAcesso)}
            </span>
          )}
          <span className={styles.invoiceActions}>
            <Button variant="secondary" size="sm" onClick={() => void baixar('pdf')}>
              <FileText size={16} aria-hidden="true" /> {MSG_NFE.danfe}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => void baixar('xml')}>
              {MSG_NFE.xml}
            </Button>
          </span>
        </div>
      )}
      {n.status === 'pendente' && (
        <div className={styles.text}>
          <span>{MSG_NFE.emEmissao}</span>
          {staff && n.motivoFalha && <span className={styles.muted}>{n.motivoFalha}</span>}
        </div>
      )}
      {n.status === 'falhou' &&
        (staff ? (
          <div className={styles.text}>
            <span>
              <strong>{MSG_NFE.falhou}</strong> — {MSG_NFE.motivo}: {n.motivoFalha}
            </span>
            <span>
              <Button
                size="sm"
                disabled={reemitir.isPending}
                onClick={() =>
                  reemitir.mutate(pedidoId, {
                    onSuccess: (e) => notifySuccess(e.message),
                    onError: (err) => notifyApiError(err),
                  })
                }
              >
                {MSG_NFE.emitirNovamente}
              </Button>
            </span>
          </div>
        ) : (
          <span className={styles.text}>{MSG_NFE.emEmissao}</span>
        ))}
    </section>
  );
}
