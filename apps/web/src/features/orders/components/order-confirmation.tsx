import { MSG_TERMOS } from '@clinica/shared/messages-termos';
import type { Pedido } from '@clinica/shared/schemas/pedido';
import { dataDaVersao } from '@clinica/shared/termos';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { notifyError } from '../../../components/ui/toast';
import { baixarComprovante } from '../api/comprovante';
import styles from './order-dialog.module.css';

/**
 * The customer's confirmation of the order (docs/behaviour/orders.md#order-confirmation-pdf, ADR 035): the PDF to keep
 * and the version of the terms of purchase accepted.
 */
export function OrderConfirmation({ pedido }: { pedido: Pedido }) {
  const [baixando, setBaixando] = useState(false);
  const baixar = () => {
    setBaixando(true);
    baixarComprovante(pedido.id)
      .catch(() => notifyError(MSG_TERMOS.comprovanteFalhou))
      .finally(() => setBaixando(false));
  };
  return (
    <section className={styles.section} aria-labelledby="pedido-comprovante" data-testid="order-confirmation">
      <h3 id="pedido-comprovante" className={styles.sectionTitle}>
        {MSG_TERMOS.comprovanteSecao}
      </h3>
      <div className={styles.text}>
        <span>
          {pedido.versaoTermos ? (
            <>
              <Link to="/termos" target="_blank" rel="noopener">
                {MSG_TERMOS.termosDeCompra}
              </Link>{' '}
              aceitos: {MSG_TERMOS.versao.replace('{data}', dataDaVersao(pedido.versaoTermos))}
            </>
          ) : (
            <Link to="/termos" target="_blank" rel="noopener">
              {MSG_TERMOS.termosDeCompra}
            </Link>
          )}
        </span>
        <span className={styles.invoiceActions}>
          <Button variant="secondary" size="sm" onClick={baixar} loading={baixando}>
            <FileDown size={16} aria-hidden="true" /> {MSG_TERMOS.comprovante}
          </Button>
        </span>
      </div>
    </section>
  );
}
