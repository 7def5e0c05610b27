import { and, eq, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { emailsSaida } from '../email/email.table.js';
import { pagamentoEventos } from '../checkout/pagamento.table.js';
import { notificacoes } from '../notificacao/notificacao.table.js';
import { tarefas } from '../tarefa/tarefa.table.js';

/** What the retention job prunes, each with its own age rule (ADR 007). */
export const ALVOS_RETENCAO = [
  'tarefasConcluidas',
  'tarefasFalhas',
  'emailsEnviados',
  'emailsFalhos',
  'eventosPagamento',
  'notificacoesLidas',
] as const;
export type AlvoRetencao = (typeof ALVOS_RETENCAO)[number];

/** Older than `dias` days by the database clock. */
const antesDe = (col: PgColumn, dias: number): SQL => lt(col, sql`now() - make_interval(days => ${dias})`);

interface Alvo {
  table: PgTable;
  id: PgColumn;
  /** The rows to prune, given the days they are kept. */
  where: (dias: number) => SQL | undefined;
}

/**
 * Where each target's rows are and which of them are old enough. A job's age
 * is the time of its last attempt (`executar_em`, under the queue's index on
 * status and that column); an e-mail's is its creation; a payment
 * notification's is when it was applied (only applied ones are pruned: the
 * reconciler still needs the others); a customer's notification's is when it was read (unread ones stay in the
 * bell, ADR 046).
 */
const ALVOS: Record<AlvoRetencao, Alvo> = {
  tarefasConcluidas: {
    table: tarefas,
    id: tarefas.id,
    where: (dias) => and(eq(tarefas.status, 'CONCLUIDA'), antesDe(tarefas.executarEm, dias)),
  },
  tarefasFalhas: {
    table: tarefas,
    id: tarefas.id,
    where: (dias) => and(eq(tarefas.status, 'FALHOU'), antesDe(tarefas.executarEm, dias)),
  },
  emailsEnviados: {
    table: emailsSaida,
    id: emailsSaida.id,
    where: (dias) => and(eq(emailsSaida.status, 'ENVIADO'), antesDe(emailsSaida.createdAt, dias)),
  },
  emailsFalhos: {
    table: emailsSaida,
    id: emailsSaida.id,
    where: (dias) => and(eq(emailsSaida.status, 'FALHOU'), antesDe(emailsSaida.createdAt, dias)),
  },
  eventosPagamento: {
    table: pagamentoEventos,
    id: pagamentoEventos.id,
    where: (dias) => and(isNotNull(pagamentoEventos.processadoEm), antesDe(pagamentoEventos.processadoEm, dias)),
  },
  notificacoesLidas: {
    table: notificacoes,
    id: notificacoes.id,
    where: (dias) => and(isNotNull(notificacoes.lidaEm), antesDe(notificacoes.lidaEm, dias)),
  },
};

/**
 * The retention job's SQL: deletes in small batches, each one short
 * autocommitted statement (`DELETE … WHERE id IN (SELECT id … LIMIT n)`), so
 * no long lock is held on a large table and requests interleave between
 * batches (PGlite has one connection).
 */
export function createRetencaoRepository(db: Db) {
  return {
    /** Deletes at most `lote` rows of `alvo` older than `dias` days; returns how many it deleted. */
    async apagarLote(alvo: AlvoRetencao, dias: number, lote: number): Promise<number> {
      const { table, id, where } = ALVOS[alvo];
      const velhos = db.select({ id }).from(table).where(where(dias)).orderBy(id).limit(lote);
      const rows = await db.delete(table).where(inArray(id, velhos)).returning({ id });
      return rows.length;
    },
  };
}

export type RetencaoRepository = ReturnType<typeof createRetencaoRepository>;
