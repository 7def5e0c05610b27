/**
 * The realtime state of the signed-in user: status and the notifications
 * received so far (docs/behaviour/payments.md#realtime-notifications). Written by the channel
 * (realtime-connection.ts), read by the hooks. Module state with no work at
 * import time, so the public entry does not carry it.
 */
import type { NotificacaoPagamento } from '@clinica/shared/schemas/pagamento';
import type { AvisoSacola } from '@clinica/shared/schemas/sacola';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { RealtimeStatus } from './types';

export interface RealtimeSnapshot {
  status: RealtimeStatus;
  notificacoes: NotificacaoPagamento[];
}

type Listener = (notificacao: NotificacaoPagamento) => void;

let snapshot: RealtimeSnapshot = { status: 'DISCONNECTED', notificacoes: [] };
let subscribers: Set<() => void> | undefined;
let listeners: Set<Listener> | undefined;
let bagListeners: Set<(aviso: AvisoSacola) => void> | undefined;

function set(next: RealtimeSnapshot) {
  snapshot = next;
  subscribers?.forEach((s) => s());
}

function subscribe(subscriber: () => void): () => void {
  (subscribers ??= new Set()).add(subscriber);
  return () => {
    subscribers?.delete(subscriber);
  };
}

const getSnapshot = () => snapshot;

export const realtimeStore = {
  getSnapshot,
  setStatus(status: RealtimeStatus) {
    if (snapshot.status !== status) set({ ...snapshot, status });
  },
  /** Appends a notification and tells the listeners of useOnNotificacao. */
  push(notificacao: NotificacaoPagamento) {
    set({ ...snapshot, notificacoes: [...snapshot.notificacoes, notificacao] });
    listeners?.forEach((listener) => {
      try {
        listener(notificacao);
      } catch (error) {
        console.error('Falha ao tratar uma notificação.', error);
      }
    });
  },
  /** A notice that the kept bag changed (ADR 034): told to lib/server-bag.ts, kept nowhere. */
  pushSacola(aviso: AvisoSacola) {
    bagListeners?.forEach((listener) => {
      try {
        listener(aviso);
      } catch (error) {
        console.error('Falha ao tratar um aviso da sacola.', error);
      }
    });
  },
  limpar() {
    if (snapshot.notificacoes.length) set({ ...snapshot, notificacoes: [] });
  },
  /** The channel closed for good (sign-out, another user, unmount): the next user starts clean. */
  reset() {
    set({ status: 'DISCONNECTED', notificacoes: [] });
  },
};

/**
 * Status, the notifications received so far and the clear action. Without a
 * channel (visitor, or no RealtimeProvider): DISCONNECTED with an empty list.
 */
export function useRealtime(): { status: RealtimeStatus; notificacoes: NotificacaoPagamento[]; limpar(): void } {
  const { status, notificacoes } = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { status, notificacoes, limpar: realtimeStore.limpar };
}

/** Calls `listener` for each notification that arrives from now on; returns the unsubscribe function. */
export function listenNotificacoes(listener: Listener): () => void {
  (listeners ??= new Set()).add(listener);
  return () => {
    listeners?.delete(listener);
  };
}

/** Calls handler once for each notification that arrives while the caller is mounted (not for older ones). */
export function useOnNotificacao(handler: (n: NotificacaoPagamento) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => listenNotificacoes((n) => latest.current(n)), []);
}

/** Calls `listener` for each notice that the kept bag changed from now on; returns the unsubscribe function. */
export function listenSacola(listener: (aviso: AvisoSacola) => void): () => void {
  (bagListeners ??= new Set()).add(listener);
  return () => {
    bagListeners?.delete(listener);
  };
}
