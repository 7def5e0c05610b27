/**
 * Payment notifications (and notices that a customer's kept bag changed, ADR 034) to signed-in users, across instances
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
import { avisoSacolaSchema, type AvisoSacola } from '@clinica/shared/schemas/sacola';
import type { Database } from '../db/client.js';

export const NOTIFICATION_CHANNEL = 'clinica_notificacoes';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_NOTIFY_PAYLOAD_BYTES = 7900;

type NotificationHandler = (notificacao: NotificacaoPagamento) => void;
type BagHandler = (aviso: AvisoSacola) => void;

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
  /** Tells every realtime connection of user `idUsuario` that the kept bag is now at `aviso.versao` (same rules). */
  publicarSacola(idUsuario: number, aviso: AvisoSacola): Promise<void>;
  /** Receives this instance's share of the user's bag notices; returns the unsubscribe. */
  assinarSacola(idUsuario: number, handler: BagHandler): () => void;
  /** Stops listening; later publications throw. */
  close(): Promise<void>;
}

/** What travels on the channel: `u` the user id, and `n` a payment notification or `s` a bag notice. */
const envelopeSchema = z.union([
  z.object({ u: z.number().int().positive(), n: notificacaoPagamentoSchema }),
  z.object({ u: z.number().int().positive(), s: avisoSacolaSchema }),
]);
type Envelope = z.infer<typeof envelopeSchema>;

/** The handlers of one kind of message, per user. */
function handlerSets<H>() {
  const porUsuario = new Map<number, Set<H>>();
  return {
    get: (idUsuario: number): Iterable<H> => porUsuario.get(idUsuario) ?? [],
    add(idUsuario: number, handler: H): () => void {
      let set = porUsuario.get(idUsuario);
      if (!set) porUsuario.set(idUsuario, (set = new Set()));
      set.add(handler);
      return () => {
        const current = porUsuario.get(idUsuario);
        if (!current) return;
        current.delete(handler);
        if (current.size === 0) porUsuario.delete(idUsuario);
      };
    },
    clear: () => porUsuario.clear(),
  };
}

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
  const notificacoes = handlerSets<NotificationHandler>();
  const sacolas = handlerSets<BagHandler>();
  let closed = false;

  const deliver = (payload: string): void => {
    let envelope: Envelope;
    try {
      envelope = envelopeSchema.parse(JSON.parse(payload));
    } catch (err) {
      log.warn({ err, bytes: payload.length }, 'Notificação recebida com formato inválido; ignorada');
      return;
    }
    const entregar = <T>(handlers: Iterable<(m: T) => void>, mensagem: T) => {
      for (const handler of handlers) {
        try {
          handler(mensagem);
        } catch (err) {
          log.error({ err, idUsuario: envelope.u }, 'Falha ao entregar notificação');
        }
      }
    };
    if ('n' in envelope) entregar(notificacoes.get(envelope.u), envelope.n);
    else entregar(sacolas.get(envelope.u), envelope.s);
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

  async function publicarEnvelope(envelope: Envelope): Promise<void> {
    if (closed) throw new Error('Barramento de notificações encerrado');
    const payload = JSON.stringify(envelopeSchema.parse(envelope));
    if (Buffer.byteLength(payload, 'utf8') > MAX_NOTIFY_PAYLOAD_BYTES) {
      throw new Error(`Notificação maior que ${MAX_NOTIFY_PAYLOAD_BYTES} bytes`);
    }
    await send(payload);
  }

  return {
    publicar: (idUsuario, notificacao) => publicarEnvelope({ u: idUsuario, n: notificacao }),
    assinar: (idUsuario, handler) => notificacoes.add(idUsuario, handler),
    publicarSacola: (idUsuario, aviso) => publicarEnvelope({ u: idUsuario, s: aviso }),
    assinarSacola: (idUsuario, handler) => sacolas.add(idUsuario, handler),
    async close() {
      if (closed) return;
      closed = true;
      notificacoes.clear();
      sacolas.clear();
      await stop();
    },
  };
}
