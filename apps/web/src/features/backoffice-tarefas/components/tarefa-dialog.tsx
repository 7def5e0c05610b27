import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { Tarefa } from '@clinica/shared/schemas/tarefa';
import * as Dialog from '@radix-ui/react-dialog';
import { CircleAlert, RotateCw, ServerCog, X } from 'lucide-react';
import { AuditTrail } from '../../../components/backoffice/audit-trail';
import { Button } from '../../../components/ui/button';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { LoadingBlock } from '../../../components/ui/spinner';
import { notifyApiError, notifySuccess } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDayTime } from '../../../lib/format-date';
import { useTarefaDetalhe, useTentarNovamente } from '../api/tarefas';
import { estadoDe, podeTentarNovamente, rotuloTipo, tentativasTexto } from '../tarefa-filters';
import { EstadoBadge } from './estado-badge';
import frame from '../../../components/ui/detail-dialog-frame.module.css';
import styles from './tarefa-dialog.module.css';

export interface TarefaDialogProps {
  /** The job to show; null closes the dialog. */
  tarefaId: number | null;
  onClose: () => void;
}

/**
 * One background job for the manager: what it is, where it stands, its last
 * error and its history of retries; 'Tentar novamente' puts a failing or dead
 * job back in the queue to run now, with a fresh set of attempts.
 */
export function TarefaDialog({ tarefaId, onClose }: TarefaDialogProps) {
  const detalhe = useTarefaDetalhe(tarefaId);
  const tentar = useTentarNovamente();
  const busy = tentar.isPending;
  const data = detalhe.data;

  const retry = (id: number) =>
    tentar.mutate(id, {
      onSuccess: (envelope) => {
        notifySuccess(envelope.message || MSG_BO.tarefaRepetida);
        onClose();
      },
      onError: (error) => notifyApiError(error),
    });

  return (
    <ModalFrame
      open={tarefaId !== null}
      onOpenChange={(open) => (busy || open ? undefined : onClose())}
      locked={busy}
      className={styles.content}
      aria-describedby={undefined}
      data-testid="tarefa-dialog"
    >
      <header className={frame.iconHeader}>
        <span className={frame.headerIcon} aria-hidden="true">
          <ServerCog size={22} />
        </span>
        <div className={frame.heading}>
          <Dialog.Title className={frame.title}>
            {data ? `${rotuloTipo(data.tipo)} #${data.id}` : `Tarefa #${tarefaId ?? ''}`}
          </Dialog.Title>
          {data && <p className={styles.subtitle}>{data.tipo}</p>}
        </div>
        <Dialog.Close className={frame.close} aria-label="Fechar" disabled={busy}>
          <X size={20} aria-hidden="true" />
        </Dialog.Close>
      </header>

      <div className={frame.body}>
        {detalhe.isPending ? (
          <LoadingBlock />
        ) : !data ? (
          <div className={frame.loadError} role="alert">
            <CircleAlert size={28} aria-hidden="true" />
            <p>{`${MSG_BO.tarefaErroDetalhe}${errorMessage(detalhe.error)}`}</p>
            <Button variant="outline" onClick={() => void detalhe.refetch()} loading={detalhe.isFetching}>
              <RotateCw size={16} aria-hidden="true" />
              Tentar novamente
            </Button>
          </div>
        ) : (
          <TarefaDados tarefa={data} />
        )}
      </div>

      <footer className={frame.buttonFooter}>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Fechar
        </Button>
        {data && podeTentarNovamente(data) && (
          <Button onClick={() => retry(data.id)} loading={busy}>
            <RotateCw size={16} aria-hidden="true" />
            Tentar novamente
          </Button>
        )}
      </footer>
    </ModalFrame>
  );
}

function TarefaDados({ tarefa }: { tarefa: Tarefa }) {
  const estado = estadoDe(tarefa);
  const dados = Object.entries(tarefa.payload);
  return (
    <>
      <dl className={styles.facts}>
        <div>
          <dt>Situação</dt>
          <dd>
            <EstadoBadge estado={estado} />
          </dd>
        </div>
        <div>
          <dt>Tentativas</dt>
          <dd>{tentativasTexto(tarefa)}</dd>
        </div>
        <div>
          <dt>{estado === 'falhando' || estado === 'na-fila' ? 'Próxima tentativa' : 'Última tentativa'}</dt>
          <dd>{formatDayTime(tarefa.executarEm)}</dd>
        </div>
        <div>
          <dt>Criada em</dt>
          <dd>{formatDayTime(tarefa.criadaEm)}</dd>
        </div>
        {tarefa.chave && (
          <div className={styles.wide}>
            <dt>Chave</dt>
            <dd className={styles.code}>{tarefa.chave}</dd>
          </div>
        )}
        {dados.length > 0 && (
          <div className={styles.wide}>
            <dt>Dados</dt>
            <dd className={styles.code}>{dados.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(' · ')}</dd>
          </div>
        )}
      </dl>
      {tarefa.ultimoErro && (
        <section className={styles.error} aria-label="Último erro">
          <h3>Último erro</h3>
          <p>{tarefa.ultimoErro}</p>
        </section>
      )}
      <AuditTrail entidade="tarefa" entidadeId={tarefa.id} />
    </>
  );
}
