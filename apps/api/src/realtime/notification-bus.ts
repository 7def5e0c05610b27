/**
 * Payment notifications to signed-in users, across instances
 * (docs/architecture.md#realtime). On PostgreSQL a notification is a `NOTIFY` on one channel and
 * every instance (the publisher too) delivers it from its `LISTEN`, so a user
 * connected to any instance gets it, exactly once per instance. On PGlite the
 * database belongs to one process, so the fan-out is an in-process emitter
 * shared by every app opened on the same database object (tests build two).
 *
 * Delivery is best effort, like the realtime channel itself: a notification
 * sent while a user is not connected (or while an instance's LISTEN
 * connection is being re-opened) is not kept; the order's state in the
 * database stays the truth and the web reloads it.
 */
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { notificacaoPagamentoSchema, type NotificacaoPagamento } from '@clinica/shared/schemas/pagamento';
import type { Database } from '../db/client.js';

export const NOTIFICATION_CHANNEL = 'clinica_notificacoes';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_NOTIFY_PAYLOAD_BYTES = 7900;

type NotificationHandler = (notificacao: NotificacaoPagamento) => void;

export interface NotificationBus {
  /**
   * Sends `notificacao` to every realtime connection of user `idUsuario`, on
   * every instance. Call it after the transaction that changed the payment
   * committed (it is sent at once, outside any transaction). Throws on an
   * invalid notification or one too large for NOTIFY.
   */
  publicar(idUsuario: number, notificacao: NotificacaoPagamento): Promise<void>;
  /** Receives this instance's share of the user's notifications; returns the unsubscribe. */
  assinar(idUsuario: number, handler: NotificationHandler): () => void;
  /** Stops listening; later publications throw. */
  close(): Promise<void>;
}

/** What travels on the channel: `u` the user id, `n` the notification. */
const envelopeSchema = z.object({ u: z.number().int().positive(), n: notificacaoPagamentoSchema });

/** PGlite fan-out per database (keyed by the drizzle handle, which every copy of a Database shares). */
const inProcess = new WeakMap<object, EventEmitter>();

function emitterFor(database: Database): EventEmitter {
  let emitter = inProcess.get(database.db);
  if (!emitter) {
    emitter = new EventEmitter();
    // One listener per bus (app instance), not per connection.
    emitter.setMaxListeners(0);
    inProcess.set(database.db, emitter);
  }
  return emitter;
}

export async function createNotificationBus(database: Database, log: FastifyBaseLogger): Promise<NotificationBus> {
  const handlers = new Map<number, Set<NotificationHandler>>();
  let closed = false;

  const deliver = (payload: string): void => {
    let envelope: z.infer<typeof envelopeSchema>;
    try {
      envelope = envelopeSchema.parse(JSON.parse(payload));
    } catch (err) {
      log.warn({ err, bytes: payload.length }, 'Notificação recebida com formato inválido; ignorada');
      return;
    }
    for (const handler of handlers.get(envelope.u) ?? []) {
      try {
        handler(envelope.n);
      } catch (err) {
        log.error({ err, idUsuario: envelope.u }, 'Falha ao entregar notificação');
      }
    }
  };

  let send: (payload: string) => Promise<void>;
  let stop: () => Promise<void>;
  if (database.kind === 'postgres' && database.listen) {
    stop = await database.listen(NOTIFICATION_CHANNEL, deliver, (err) =>
      log.error({ err }, 'Conexão LISTEN das notificações caiu; reconectando'),
    );
    send = async (payload) => {
      await database.raw('SELECT pg_notify($1, $2)', [NOTIFICATION_CHANNEL, payload]);
    };
  } else {
    const emitter = emitterFor(database);
    // Asynchronous like NOTIFY: the publisher's own code finishes before anyone is notified.
    const onMessage = (payload: string) => setImmediate(deliver, payload);
    emitter.on('message', onMessage);
    stop = async () => {
      emitter.off('message', onMessage);
    };
    send = async (payload) => {
      emitter.emit('message', payload);
    };
  }

  return {
    async publicar(idUsuario, notificacao) {
      if (closed) throw new Error('Barramento de notificações encerrado');
      const payload = JSON.stringify(envelopeSchema.parse({ u: idUsuario, n: notificacao }));
      if (Buffer.byteLength(payload, 'utf8') > MAX_NOTIFY_PAYLOAD_BYTES) {
        throw new Error(`Notificação maior que ${MAX_NOTIFY_PAYLOAD_BYTES} bytes`);
      }
      await send(payload);
    },
    assinar(idUsuario, handler) {
      let set = handlers.get(idUsuario);
      if (!set) handlers.set(idUsuario, (set = new Set()));
      set.add(handler);
      return () => {
        const current = handlers.get(idUsuario);
        if (!current) return;
        current.delete(handler);
        if (current.size === 0) handlers.delete(idUsuario);
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      handlers.clear();
      await stop();
    },
  };
}
