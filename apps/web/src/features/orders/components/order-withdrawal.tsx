import { MSG_DESISTENCIA } from '@clinica/shared/messages-desistencia';
import type { Pedido } from '@clinica/shared/schemas/pedido';
import { Mail, MessageCircle, Undo2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { WhatsAppIcon } from '../../../components/brand/social-icons';
import { Button, ButtonLink, buttonClassName } from '../../../components/ui/button';
import { TextareaField } from '../../../components/ui/textarea-field';
import { notifyApiError, notifySuccess } from '../../../components/ui/toast';
import { useEmpresa } from '../../../lib/empresa';
import { useDesistirPedido } from '../api/desistencia';
import { orderChatHref } from '../chat-link';
import styles from './order-withdrawal.module.css';
import dialogStyles from './order-dialog.module.css';

/** 'dd/mm/aaaa' of an ISO instant in Brasília. */
const dia = (iso: string) => new Date(iso).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

/** The window's last day: the instant it closes is the start of the next day, so one millisecond before it. */
const ultimoDia = (prazo: string) => dia(new Date(new Date(prazo).getTime() - 1).toISOString());

/**
 * The right of withdrawal in the customer's order dialog (docs/behaviour/orders.md#right-of-withdrawal, ADR 036):
 * 'Desistir da compra' while the 7 days run, with the optional reason and the confirmation; what happens next once
 * asked; the clinic's contact once the window is over.
 */
export function OrderWithdrawal({ pedido }: { pedido: Pedido }) {
  const d = pedido.desistencia;
  const desistir = useDesistirPedido();
  const [confirmando, setConfirmando] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [resposta, setResposta] = useState<string | null>(null);
  const focusOnMount = useCallback((el: HTMLTextAreaElement | null) => el?.focus(), []);
  if (!d) return null;

  if (d.solicitadaEm) {
    return (
      <section className={styles.box} aria-labelledby="desistencia-titulo" data-testid="order-withdrawal">
        <h3 id="desistencia-titulo" className={styles.title}>
          <Undo2 size={18} aria-hidden="true" />
          Desistência da compra
        </h3>
        {resposta && (
          <p className={styles.answer} role="status">
            {resposta}
          </p>
        )}
        <p>{MSG_DESISTENCIA.solicitadaEm.replace('{data}', dia(d.solicitadaEm))}</p>
        {d.motivo && <p className={styles.muted}>Motivo informado: {d.motivo}</p>}
        {d.tipo === 'produtos' &&
          pedido.situacaoPedido === 'DEVOLUCAO_SOLICITADA' &&
          (d.devolucaoRecebidaEm ? (
            <p>{MSG_DESISTENCIA.devolucaoRecebida.replace('{data}', dia(d.devolucaoRecebidaEm))}</p>
          ) : (
            <p>{MSG_DESISTENCIA.aguardandoDevolucao}</p>
          ))}
        {pedido.situacaoPedido === 'CANCELADO' && (
          <p className={styles.muted}>O valor total foi estornado pelo mesmo meio de pagamento.</p>
        )}
      </section>
    );
  }

  if (d.podeDesistir && d.prazo) {
    const confirmar = () =>
      desistir.mutate(
        { id: pedido.id, motivo },
        {
          onSuccess: (envelope) => {
            setConfirmando(false);
            setResposta(envelope.message);
            notifySuccess(envelope.message);
          },
          onError: (error) => {
            setConfirmando(false);
            notifyApiError(error);
          },
        },
      );
    return (
      <section className={styles.box} aria-labelledby="desistencia-titulo" data-testid="order-withdrawal">
        <h3 id="desistencia-titulo" className={styles.title}>
          <Undo2 size={18} aria-hidden="true" />
          Direito de arrependimento
        </h3>
        <p>{MSG_DESISTENCIA.prazoAte.replace('{data}', ultimoDia(d.prazo))}</p>
        {confirmando ? (
          <div className={styles.confirm} role="group" aria-labelledby="desistencia-pergunta">
            <p id="desistencia-pergunta" className={styles.question}>
              {d.tipo === 'curso' ? MSG_DESISTENCIA.explicacaoCurso : MSG_DESISTENCIA.explicacaoProdutos}
            </p>
            <TextareaField
              label={MSG_DESISTENCIA.motivoRotulo}
              hint={MSG_DESISTENCIA.motivoDica}
              value={motivo}
              onChange={(e) => setMotivo(e.target.value)}
              maxLength={500}
              length={motivo.length}
              rows={3}
              ref={focusOnMount}
            />
            <div className={dialogStyles.confirmActions}>
              <Button variant="outline" onClick={() => setConfirmando(false)} disabled={desistir.isPending}>
                {MSG_DESISTENCIA.voltar}
              </Button>
              <Button variant="danger" onClick={confirmar} loading={desistir.isPending}>
                {MSG_DESISTENCIA.confirmar}
              </Button>
            </div>
          </div>
        ) : (
          <div className={dialogStyles.confirmActions}>
            <Button variant="outline" onClick={() => setConfirmando(true)}>
              <Undo2 size={18} aria-hidden="true" />
              {MSG_DESISTENCIA.botao}
            </Button>
          </div>
        )}
      </section>
    );
  }

  // The window started and the server no longer offers it (podeDesistir false): over. The clinic's channels; a PAGO
  // order has the chat in the footer.
  const encerrado = d.prazo !== null && d.tipo === (pedido.situacaoPedido === 'PAGO' ? 'curso' : 'produtos');
  if (!encerrado || !['PAGO', 'ENTREGUE'].includes(pedido.situacaoPedido)) return null;
  return <PrazoEncerrado pedidoId={pedido.id} comContato={pedido.situacaoPedido !== 'PAGO'} />;
}

function PrazoEncerrado({ pedidoId, comContato }: { pedidoId: number; comContato: boolean }) {
  const empresa = useEmpresa();
  const href = orderChatHref(empresa.data?.whatsapp, pedidoId);
  const email = empresa.data?.email;
  return (
    <section className={styles.box} aria-label="Direito de arrependimento" data-testid="order-withdrawal-closed">
      <p className={styles.muted}>{MSG_DESISTENCIA.prazoEncerrado}</p>
      {comContato && !empresa.isPending && (
        <div className={styles.contacts}>
          {href ? (
            <a
              className={buttonClassName({ variant: 'primary', size: 'sm' }, dialogStyles.whatsapp)}
              href={href}
              target="_blank"
              rel="noopener noreferrer"
            >
              <WhatsAppIcon size={16} />
              {MSG_DESISTENCIA.falarWhatsapp}
            </a>
          ) : (
            <ButtonLink to="/contato" variant="primary" size="sm">
              <MessageCircle size={16} aria-hidden="true" />
              Falar com a clínica
            </ButtonLink>
          )}
          {email && (
            <a
              className={buttonClassName({ variant: 'outline', size: 'sm' })}
              href={`mailto:${email}?subject=Pedido%20%23${pedidoId}`}
            >
              <Mail size={16} aria-hidden="true" />
              {email}
            </a>
          )}
        </div>
      )}
    </section>
  );
}
