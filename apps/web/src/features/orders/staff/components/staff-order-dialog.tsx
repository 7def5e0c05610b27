import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { Pedido } from '@clinica/shared/schemas/pedido';
import { MSG_DESISTENCIA } from '@clinica/shared/messages-desistencia';
import { PackageCheck, PackageOpen, Truck } from 'lucide-react';
import { useCallback, useState } from 'react';
import { AuditTrail } from '../../../../components/backoffice/audit-trail';
import { Button } from '../../../../components/ui/button';
import { DetailDialogFrame } from '../../../../components/ui/detail-dialog-frame';
import { notifyApiError, notifySuccess } from '../../../../components/ui/toast';
import { useCancelarPedido } from '../../api/cancelar-pedido';
import { useReceberDevolucao } from '../../api/desistencia';
import { useEntregarPedido, useEnviarPedido } from '../../api/mover-pedido';
import { usePedido } from '../../api/pedido';
import styles from '../../components/order-dialog.module.css';
import { OrderDetails, OrderHeading } from '../../components/order-dialog-parts';
import type { HistoricoItem } from '../../components/order-sections';
import {
  cancelamentoEstorna,
  equipePodeCancelar,
  podeEntregar,
  podeEnviar,
  podeRegistrarDevolucao,
} from '@clinica/shared/order-status';
import { cancelQuestion, hasShipment } from '../staff-order-status';
import { ShipForm } from './ship-form';
import staffStyles from './staff-order-dialog.module.css';

export interface StaffOrderDialogProps {
  /** The order to show; null closes the dialog. */
  pedidoId: number | null;
  onClose: () => void;
}

/** Who made a change, as staff read it (the audit trail names the person). */
function quemParaEquipe(h: HistoricoItem): string {
  switch (h.quem) {
    case 'CLIENTE':
      return 'pelo cliente';
    case 'USUARIO':
      return h.quemId ? `pela equipe (usuário #${h.quemId})` : 'pela equipe';
    case 'ADMIN':
      return h.quemId ? `pelo gerente (usuário #${h.quemId})` : 'pelo gerente';
    default:
      return 'automaticamente';
  }
}

type Modo = 'acoes' | 'enviar' | 'entregar' | 'cancelar' | 'receber';

/**
 * The order dialog of the staff's /orders: items, totals, delivery
 * with the tracking code, payment, the status history (who and when) and the
 * audit trail of the staff's writes (names, before and after); the moves
 * PAGO → ENVIADO ('Marcar como enviado', asking the tracking code) and
 * ENVIADO → ENTREGUE ('Marcar como entregue'), and the cancellation before
 * the order is sent (a paid one by refunding it). Each answer's message is a
 * toast and the lists are fetched again.
 */
export function StaffOrderDialog({ pedidoId, onClose }: StaffOrderDialogProps) {
  const pedido = usePedido(pedidoId);
  const enviar = useEnviarPedido();
  const entregar = useEntregarPedido();
  const cancelar = useCancelarPedido();
  const receber = useReceberDevolucao();
  // The question being asked, for the order it was asked about: another order opens with its actions.
  const [pergunta, setPergunta] = useState<{ id: number; modo: Modo } | null>(null);
  const modo: Modo = pergunta && pergunta.id === pedidoId ? pergunta.modo : 'acoes';
  const setModo = (m: Modo) => setPergunta(pedidoId === null || m === 'acoes' ? null : { id: pedidoId, modo: m });
  const busy = enviar.isPending || entregar.isPending || cancelar.isPending || receber.isPending;
  const focusOnMount = useCallback((el: HTMLButtonElement | null) => el?.focus(), []);

  const done = (envelope: { message: string }, fallback: string) => {
    setModo('acoes');
    notifySuccess(envelope.message || fallback);
  };
  const failed = (error: unknown) => {
    setModo('acoes');
    notifyApiError(error);
  };

  return (
    <DetailDialogFrame
      open={pedidoId !== null}
      onClose={onClose}
      busy={busy}
      title={`Pedido #${pedidoId}`}
      query={pedido}
      heading={(data) => (
        <>
          <OrderHeading pedido={data} />
          <p className={staffStyles.client}>
            {data.cliente.nome} <span className={styles.muted}>· Cliente #{data.cliente.id}</span>
          </p>
        </>
      )}
      body={(data) => (
        <>
          <OrderDetails pedido={data} quem={quemParaEquipe} staff />
          <AuditTrail entidade="pedido" entidadeId={data.id} className={staffStyles.audit} />
        </>
      )}
      footer={(data) =>
        modo === 'enviar' ? (
          <ShipForm
            pedidoId={data.id}
            entrega={data.entrega}
            actionsClassName={styles.confirmActions}
            busy={enviar.isPending}
            onBack={() => setModo('acoes')}
            onSubmit={(codigoRastreio, semNotaFiscal) =>
              enviar.mutate(
                { id: data.id, codigoRastreio, semNotaFiscal },
                { onSuccess: (e) => done(e, MSG_BO.pedidoEnviado), onError: failed },
              )
            }
          />
        ) : modo === 'receber' ? (
          <div className={styles.confirm} role="group" aria-labelledby="staff-pergunta">
            <p id="staff-pergunta" className={staffStyles.question}>
              {MSG_DESISTENCIA.confirmarChegada}
            </p>
            <div className={styles.confirmActions}>
              <Button variant="outline" onClick={() => setModo('acoes')} disabled={busy} ref={focusOnMount}>
                Voltar
              </Button>
              <Button
                loading={receber.isPending}
                onClick={() =>
                  receber.mutate(
                    { id: data.id },
                    { onSuccess: (e) => done(e, MSG_DESISTENCIA.chegadaRegistrada), onError: failed },
                  )
                }
              >
                <PackageOpen size={18} aria-hidden="true" />
                Confirmar chegada
              </Button>
            </div>
          </div>
        ) : modo === 'entregar' || modo === 'cancelar' ? (
          <div className={styles.confirm} role="group" aria-labelledby="staff-pergunta">
            <p id="staff-pergunta" className={modo === 'cancelar' ? styles.confirmText : staffStyles.question}>
              {modo === 'cancelar'
                ? cancelQuestion(data)
                : `Confirmar que o pedido #${data.id} foi entregue ao cliente?`}
            </p>
            <div className={styles.confirmActions}>
              <Button variant="outline" onClick={() => setModo('acoes')} disabled={busy} ref={focusOnMount}>
                Voltar
              </Button>
              {modo === 'cancelar' ? (
                <Button
                  variant="danger"
                  loading={cancelar.isPending}
                  onClick={() =>
                    cancelar.mutate(data.id, {
                      onSuccess: (e) => done(e, MSG.pedidoCancelado),
                      onError: failed,
                    })
                  }
                >
                  {cancelamentoEstorna(data.situacaoPedido) ? 'Estornar e cancelar' : 'Sim, cancelar pedido'}
                </Button>
              ) : (
                <Button
                  loading={entregar.isPending}
                  onClick={() =>
                    entregar.mutate(
                      { id: data.id },
                      { onSuccess: (e) => done(e, MSG_BO.pedidoEntregue), onError: failed },
                    )
                  }
                >
                  <PackageCheck size={18} aria-hidden="true" />
                  Confirmar entrega
                </Button>
              )}
            </div>
          </div>
        ) : (
          <StaffActions pedido={data} onClose={onClose} onAsk={setModo} />
        )
      }
      className={styles.content}
      testId="staff-order-dialog"
    />
  );
}

function StaffActions({
  pedido,
  onClose,
  onAsk,
}: {
  pedido: Pedido;
  onClose: () => void;
  onAsk: (modo: Modo) => void;
}) {
  const situacao = pedido.situacaoPedido;
  const envia = podeEnviar(situacao) && hasShipment(pedido);
  // A withdrawn order waiting for its goods (ADR 036): the staff record their arrival, which refunds it.
  const devolucao = pedido.desistencia;
  const aguardaDevolucao =
    podeRegistrarDevolucao(situacao) && devolucao?.tipo === 'produtos' && devolucao.devolucaoRecebidaEm === null;
  return (
    <div className={staffStyles.footer}>
      {podeEnviar(situacao) && !hasShipment(pedido) && (
        <p className={staffStyles.note}>Pedido só com produtos digitais: não há o que enviar.</p>
      )}
      {devolucao?.solicitadaEm && podeRegistrarDevolucao(situacao) && (
        <p className={staffStyles.note}>
          {MSG_DESISTENCIA.solicitadaEm.replace(
            '{data}',
            new Date(devolucao.solicitadaEm).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' }),
          )}{' '}
          {devolucao.motivo ? `Motivo: ${devolucao.motivo}. ` : ''}
          {aguardaDevolucao
            ? 'Aguardando a chegada dos produtos (frete da devolução por conta da clínica).'
            : 'Estorno do valor total em andamento.'}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="outline" onClick={onClose}>
          Fechar
        </Button>
        {equipePodeCancelar(situacao) && (
          <Button variant="danger" onClick={() => onAsk('cancelar')}>
            Cancelar pedido
          </Button>
        )}
        {envia && (
          <Button onClick={() => onAsk('enviar')}>
            <Truck size={18} aria-hidden="true" />
            Marcar como enviado
          </Button>
        )}
        {aguardaDevolucao && (
          <Button onClick={() => onAsk('receber')}>
            <PackageOpen size={18} aria-hidden="true" />
            {MSG_DESISTENCIA.registrarChegada}
          </Button>
        )}
        {podeEntregar(situacao) && (
          <Button onClick={() => onAsk('entregar')}>
            <PackageCheck size={18} aria-hidden="true" />
            Marcar como entregue
          </Button>
        )}
      </div>
    </div>
  );
}
