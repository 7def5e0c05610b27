import { MSG_PRIVACIDADE } from '@clinica/shared/messages-privacidade';
import type { ClienteDetalhe } from '@clinica/shared/schemas/cliente-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Download, ShieldCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { AuditTrail, auditoriaKeys } from '../../../components/backoffice/audit-trail';
import { ConfirmDialog } from '../../../components/backoffice/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { notifyApiError, notifySuccess } from '../../../components/ui/toast';
import { formatDay } from '../../../lib/format-date';
import { useSession } from '../../../lib/use-session';
import { baixarDados, useAnonimizarCliente } from '../../../lib/privacidade';
import { clienteAdminKeys } from '../api/keys';
import frame from '../../../components/ui/detail-dialog-frame.module.css';
import styles from './client-dialog.module.css';

/**
 * The holder's rights for a request received by other means (docs/behaviour/back-office.md#clients, ADR 038): the
 * ADMIN exports the client's data or closes the account and anonymises it; both are audited and listed here.
 */
export function DireitosDoTitular({ cliente }: { cliente: ClienteDetalhe }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const anonimizar = useAnonimizarCliente();
  const [baixando, setBaixando] = useState(false);
  const [confirmando, setConfirmando] = useState(false);
  if (user?.permissao !== 'ADMIN') return null;

  const refrescar = () => {
    void queryClient.invalidateQueries({ queryKey: clienteAdminKeys.all });
    void queryClient.invalidateQueries({ queryKey: auditoriaKeys.registro('cliente', cliente.id) });
  };
  const exportar = async () => {
    setBaixando(true);
    try {
      await baixarDados(cliente.id);
      notifySuccess(MSG_PRIVACIDADE.dadosBaixados);
      refrescar();
    } catch (error) {
      notifyApiError(error);
    } finally {
      setBaixando(false);
    }
  };

  return (
    <section className={frame.section} aria-label={MSG_PRIVACIDADE.equipeTitulo}>
      <h3 className={`${frame.sectionTitle} ${styles.withIcon}`}>
        <ShieldCheck size={16} aria-hidden="true" />
        {MSG_PRIVACIDADE.equipeTitulo}
      </h3>
      {cliente.anonimizadoEm ? (
        <p className={frame.muted}>
          {MSG_PRIVACIDADE.equipeJaAnonimizado.replace('{data}', formatDay(cliente.anonimizadoEm))}
        </p>
      ) : (
        <>
          <p className={frame.muted}>{MSG_PRIVACIDADE.equipeTexto}</p>
          <div className={styles.privacyActions}>
            <Button variant="outline" size="sm" onClick={() => void exportar()} loading={baixando}>
              <Download size={16} aria-hidden="true" />
              {MSG_PRIVACIDADE.equipeExportar}
            </Button>
            <Button variant="danger" size="sm" onClick={() => setConfirmando(true)}>
              <UserX size={16} aria-hidden="true" />
              {MSG_PRIVACIDADE.equipeAnonimizar}
            </Button>
          </div>
        </>
      )}
      <AuditTrail entidade="cliente" entidadeId={cliente.id} />
      <ConfirmDialog
        open={confirmando}
        onOpenChange={setConfirmando}
        title={MSG_PRIVACIDADE.equipeAnonimizar}
        message={MSG_PRIVACIDADE.equipeConfirmar.replace('{nome}', cliente.razaoSocial ?? cliente.nome ?? '')}
        confirmLabel={MSG_PRIVACIDADE.equipeAnonimizar}
        busy={anonimizar.isPending}
        onConfirm={() =>
          anonimizar.mutate(cliente.id, {
            onSuccess: (envelope) => {
              notifySuccess(envelope.message);
              setConfirmando(false);
              refrescar();
            },
            onError: (error) => notifyApiError(error),
          })
        }
      />
    </section>
  );
}
