import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { MSG_API } from '@clinica/shared/messages-api';
import { NOTIFICACOES_LISTADAS, type Notificacoes, type TipoNotificacao } from '@clinica/shared/schemas/notificacao';
import type { StatusPagamento } from '@clinica/shared/schemas/pagamento';
import type { Db, Tx } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { notificacoes } from './notificacao.table.js';

/** A notification to keep (ADR 046), written by the event's own transaction. */
export interface NovaNotificacao {
  clienteId: number;
  tipo: TipoNotificacao;
  texto: string;
  statusPagamento: StatusPagamento | null;
  pedidoId: number | null;
}

/** Keeps a notification in `tx` (the transaction of the event that causes it); returns its id. */
export async function gravarNotificacao(tx: Tx, n: NovaNotificacao): Promise<number> {
  const [row] = await tx.insert(notificacoes).values(n).returning({ id: notificacoes.id });
  return row!.id;
}

/** The customer's kept notifications (ADR 046): the bell's list, and reading them. */
export function createNotificacaoRepository(db: Db) {
  /** The latest NOTIFICACOES_LISTADAS, newest first, and the unread count, in one statement. */
  async function listar(clienteId: number): Promise<Notificacoes> {
    const rows = await db
      .select({
        id: notificacoes.id,
        tipo: notificacoes.tipo,
        texto: notificacoes.texto,
        statusPagamento: notificacoes.statusPagamento,
        pedidoId: notificacoes.pedidoId,
        criadaEm: notificacoes.criadaEm,
        lidaEm: notificacoes.lidaEm,
        naoLidas: sql<number>`(select count(*)::int from ${notificacoes} n
          where n.cliente_id = ${clienteId} and n.lida_em is null)`.mapWith(Number),
      })
      .from(sql`(select 1) as um`)
      .leftJoin(
        notificacoes,
        sql`${notificacoes.id} in (select n.id from ${notificacoes} n where n.cliente_id = ${clienteId}
          order by n.id desc limit ${NOTIFICACOES_LISTADAS})`,
      )
      .orderBy(desc(notificacoes.id));
    return {
      naoLidas: rows[0]?.naoLidas ?? 0,
      itens: rows.flatMap((r) =>
        r.id === null
          ? []
          : [
              {
                id: r.id,
                tipo: r.tipo!,
                message: r.texto!,
                statusPayment: r.statusPagamento,
                idPedido: r.pedidoId,
                criadaEm: r.criadaEm!.toISOString(),
                lidaEm: r.lidaEm?.toISOString() ?? null,
              },
            ],
      ),
    };
  }

  return {
    listar,

    /** Marks one read; another customer's: 403; none: 404. Already read: kept as it was. */
    async marcarLida(clienteId: number, id: number): Promise<Notificacoes> {
      const [row] = await db
        .select({ clienteId: notificacoes.clienteId })
        .from(notificacoes)
        .where(eq(notificacoes.id, id))
        .limit(1);
      if (!row) throw notFound(MSG_API.notificacaoNaoEncontrada);
      if (row.clienteId !== clienteId) throw forbidden();
      await db
        .update(notificacoes)
        .set({ lidaEm: sql`now()` })
        .where(and(eq(notificacoes.id, id), isNull(notificacoes.lidaEm)));
      return listar(clienteId);
    },

    /** Marks every unread notification of the customer read. */
    async marcarTodasLidas(clienteId: number): Promise<Notificacoes> {
      await db
        .update(notificacoes)
        .set({ lidaEm: sql`now()` })
        .where(and(eq(notificacoes.clienteId, clienteId), isNull(notificacoes.lidaEm)));
      return listar(clienteId);
    },
  };
}

export type NotificacaoRepository = ReturnType<typeof createNotificacaoRepository>;
