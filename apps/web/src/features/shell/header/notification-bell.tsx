import type { Notificacoes } from '@clinica/shared/schemas/notificacao';
import type { NotificacaoPagamento, StatusPagamento } from '@clinica/shared/schemas/pagamento';
import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useRealtime } from '../../../lib/realtime/realtime-store';
import { useSession } from '../../../lib/use-session';
import { useMarcarLidas, useNotificacoes } from '../api/notificacoes';
import headerStyles from './header.module.css';
import styles from './notification-bell.module.css';

type Tone = 'success' | 'warning' | 'danger' | 'info';

/** Mercado Pago's payment statuses in pt-BR, with their colour (green paid, orange waiting, red failed). */
const STATUS: Record<StatusPagamento, { label: string; tone: Tone }> = {
  approved: { label: 'Aprovado', tone: 'success' },
  authorized: { label: 'Autorizado', tone: 'success' },
  pending: { label: 'Aguardando pagamento', tone: 'warning' },
  in_process: { label: 'Em análise', tone: 'warning' },
  in_mediation: { label: 'Em mediação', tone: 'warning' },
  rejected: { label: 'Recusado', tone: 'danger' },
  cancelled: { label: 'Cancelado', tone: 'danger' },
  refunded: { label: 'Estornado', tone: 'danger' },
  charged_back: { label: 'Contestado', tone: 'danger' },
};

const contagem = (n: number) => `${n} ${n === 1 ? 'notificação não lida' : 'notificações não lidas'}`;

/** A line of the panel: a kept notification, or one heard live that the list does not have yet (unread). */
interface Linha {
  id: number;
  message: string;
  statusPayment: StatusPagamento | null;
  idPedido: number | null;
  lida: boolean;
}

/**
 * The kept list (newest first) with the live notifications it does not have yet in front, each once by its server
 * id (ADR 046); without a kept list (staff, or still loading) only the live ones. Lines at or below `limpoAte` were
 * cleared in this visit.
 */
export function linhasDoSino(
  guardadas: Notificacoes | undefined,
  aoVivo: readonly NotificacaoPagamento[],
  limpoAte: number,
): { linhas: Linha[]; naoLidas: number } {
  const kept = guardadas?.itens ?? [];
  const conhecidas = new Set(kept.map((n) => n.id));
  const novas: Linha[] = [];
  for (const n of aoVivo) {
    if (conhecidas.has(n.id)) continue;
    conhecidas.add(n.id);
    novas.unshift({ id: n.id, message: n.message, statusPayment: n.statusPayment, idPedido: n.idPedido, lida: false });
  }
  const linhas = [
    ...novas,
    ...kept.map((n) => ({
      id: n.id,
      message: n.message,
      statusPayment: n.statusPayment,
      idPedido: n.idPedido,
      lida: n.lidaEm !== null,
    })),
  ].filter((l) => l.id > limpoAte);
  return { linhas, naoLidas: (guardadas?.naoLidas ?? 0) + novas.length };
}

/**
 * The bell of the signed-in user (docs/behaviour/payments.md#realtime-notifications): a badge with the unread count
 * and a panel listing the notifications, newest first, with 'Limpar'. A customer's are kept on the server (ADR 046):
 * the list is read on sign-in and the live ones are merged in by id; opening the panel marks them all read (those
 * that were new stay marked 'Nova' while it is open). 'Limpar' empties the panel for this visit. Loaded only for
 * signed-in users.
 */
export default function NotificationBell() {
  const { status, notificacoes: aoVivo, limpar } = useRealtime();
  const { user } = useSession();
  const idClient = user?.permissao === 'CLIENTE' ? user.idClient : null;
  const lista = useNotificacoes(idClient);
  const guardadas = lista.data;
  const { refetch } = lista;
  // Each (re)connection of the channel reads the list again: what was said while it was down is kept there.
  useEffect(() => {
    if (status === 'CONNECTED' && idClient !== null) void refetch();
  }, [status, idClient, refetch]);
  const marcarLidas = useMarcarLidas(idClient);
  const [open, setOpen] = useState(false);
  const [limpoAte, setLimpoAte] = useState(0);
  /** The lines that were unread when the panel opened: shown as new while it stays open. */
  const [novasAoAbrir, setNovasAoAbrir] = useState<ReadonlySet<number>>(new Set());
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const countId = useId();
  const { linhas, naoLidas } = linhasDoSino(guardadas, aoVivo, limpoAte);
  const count = idClient === null ? linhas.length : naoLidas;

  const abrir = () => {
    if (open) {
      setOpen(false);
      return;
    }
    setNovasAoAbrir(new Set(linhas.filter((l) => !l.lida).map((l) => l.id)));
    setOpen(true);
    if (idClient !== null && naoLidas > 0) marcarLidas.mutate();
  };

  // Closes on a click outside or on Escape (focus goes back to the bell).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className={styles.root} ref={root}>
      <button
        ref={button}
        type="button"
        className={headerStyles.iconButton}
        aria-label="Notificações"
        aria-describedby={countId}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={abrir}
      >
        <Bell size={22} aria-hidden="true" />
        {count > 0 && (
          <span className={headerStyles.badge} data-testid="notification-badge" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {/* Read with the bell and announced when a notification arrives. */}
      <span id={countId} className="visually-hidden" role="status">
        {count > 0 ? contagem(count) : 'Nenhuma notificação não lida'}
      </span>

      {open && (
        <section id={panelId} className={styles.panel} role="dialog" aria-label="Notificações">
          <div className={styles.panelHeader}>
            <h2 className={styles.title}>Notificações</h2>
            <button
              type="button"
              className={styles.clear}
              onClick={() => {
                limpar();
                setLimpoAte(Math.max(limpoAte, ...linhas.map((l) => l.id)));
              }}
              disabled={linhas.length === 0}
            >
              Limpar
            </button>
          </div>
          {linhas.length === 0 ? (
            <p className={styles.empty}>Nenhuma notificação</p>
          ) : (
            <ul className={styles.list}>
              {linhas.map((n) => {
                const status = n.statusPayment ? STATUS[n.statusPayment] : null;
                const nova = novasAoAbrir.has(n.id) || !n.lida;
                return (
                  <li key={n.id} className={styles.item} data-status={n.statusPayment ?? undefined} data-nova={nova}>
                    <span className={`${styles.dot} ${styles[status?.tone ?? 'info']}`} aria-hidden="true" />
                    <div className={styles.body}>
                      <p className={styles.message}>{n.message}</p>
                      <p className={styles.meta}>
                        {nova && <span className={styles.nova}>Nova</span>}
                        {n.idPedido !== null && <span>Pedido #{n.idPedido}</span>}
                        {status && <span className={`${styles.status} ${styles[status.tone]}`}>{status.label}</span>}
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
