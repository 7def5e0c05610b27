import { avisoTarefasDinheiro, MSG_BO } from '@clinica/shared/messages-backoffice';
import { ArrowRight, TriangleAlert } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { useTarefasResumo } from '../../../lib/backoffice/tarefas-resumo';
import styles from './jobs-notice.module.css';

/**
 * A warning above the figures when background jobs that move money (payment
 * syncs, refunds, PIX expiry) are failing or dead: the figures may be behind
 * the provider, and refunds may not have reached customers. Nothing otherwise.
 */
export function JobsNotice() {
  const { data } = useTarefasResumo();
  if (!data || data.dinheiro.falhando + data.dinheiro.falhou === 0) return null;
  const texto = avisoTarefasDinheiro(data.dinheiro.falhando, data.dinheiro.falhou);
  return (
    <div className={styles.notice} role="status" data-testid="jobs-notice">
      <TriangleAlert size={22} className={styles.icon} aria-hidden="true" />
      <div className={styles.text}>
        <p className={styles.title}>{MSG_BO.painelTarefasDinheiro}</p>
        <p>{texto}</p>
      </div>
      <ButtonLink to="/tarefas" variant="outline" size="sm" className={styles.action}>
        {MSG_BO.painelTarefasVer}
        <ArrowRight size={16} aria-hidden="true" />
      </ButtonLink>
    </div>
  );
}
