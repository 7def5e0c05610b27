import type { StatusPagamento } from '@clinica/shared/schemas/pagamento';
import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useRealtime } from '../../../lib/realtime/realtime-store';
import headerStyles from './header.module.css';
import styles from './notification-bell.module.css';

type Tone = 'success' | 'warning' | 'danger';

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

const contagem = (n: number) => `${n} ${n === 1 ? 'notificação' : 'notificações'}`;

/**
 * The bell of the signed-in user (docs/behaviour/payments.md#realtime-notifications): a badge with
 * the count, and a panel listing the payment notifications received in this
 * visit, newest first, with 'Limpar'. Loaded only for signed-in users.
 */
export default function NotificationBell() {
  const { notificacoes, limpar } = useRealtime();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const countId = useId();
  const count = notificacoes.length;

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
        onClick={() => setOpen((value) => !value)}
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
        {count > 0 ? contagem(count) : 'Nenhuma notificação'}
      </span>

      {open && (
        <section id={panelId} className={styles.panel} role="dialog" aria-label="Notificações">
          <div className={styles.panelHeader}>
            <h2 className={styles.title}>Notificações</h2>
            <button type="button" className={styles.clear} onClick={limpar} disabled={count === 0}>
              Limpar
            </button>
          </div>
          {count === 0 ? (
            <p className={styles.empty}>Nenhuma notificação</p>
          ) : (
            <ul className={styles.list}>
              {notificacoes
                .map((n, index) => ({ n, key: `${index}-${n.idPedido}` }))
                .reverse()
                .map(({ n, key }) => {
                  const status = STATUS[n.statusPayment];
                  return (
                    <li key={key} className={styles.item} data-status={n.statusPayment}>
                      <span className={`${styles.dot} ${styles[status.tone]}`} aria-hidden="true" />
                      <div className={styles.body}>
                        <p className={styles.message}>{n.message}</p>
                        <p className={styles.meta}>
                          <span>Pedido #{n.idPedido}</span>
                          <span className={`${styles.status} ${styles[status.tone]}`}>{status.label}</span>
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
