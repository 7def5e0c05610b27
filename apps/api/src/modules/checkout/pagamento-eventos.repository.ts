/**
 * What the provider told and what is still open there (ADR 012): its notifications recorded once and marked
 * applied, and what the reconciler re-reads (attempts still open, refunds owed, notifications never applied).
 */
import { and, asc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { pagamentoEventos, pagamentos, type Pagamento, type ProvedorPagamento } from './pagamento.table.js';

export function createPagamentoEventosRepository(db: Db) {
  return {
    /**
     * Attempts still open at the provider (pending, in review, authorized)
     * created before `antesDe`, oldest first: what the reconciler re-reads.
     */
    async abertosNoProvedor(antesDe: Date, limite: number): Promise<Pagamento[]> {
      return db
        .select()
        .from(pagamentos)
        .where(
          and(
            sql`${pagamentos.providerId} IS NOT NULL`,
            inArray(pagamentos.status, ['pending', 'in_process', 'authorized']),
            lt(pagamentos.createdAt, antesDe),
            // A boleto waits days for its bank: its notification, the sandbox bank's own re-read and its expiry job
            // settle it; re-reading each one every round would crowd out the cards and PIX (ADR 029).
            ne(pagamentos.tipo, 'boleto'),
          ),
        )
        .orderBy(asc(pagamentos.createdAt))
        .limit(limite);
    },

    /** Approved payments owed back (their refund still to be confirmed by the provider). */
    async estornosDevidos(limite: number): Promise<Pagamento[]> {
      return db
        .select()
        .from(pagamentos)
        .where(and(eq(pagamentos.status, 'approved'), eq(pagamentos.estornoDevido, true)))
        .orderBy(asc(pagamentos.id))
        .limit(limite);
    },

    /** Notifications recorded before `antesDe` and never applied: the payments they are about. */
    async eventosNaoAplicados(
      antesDe: Date,
      limite: number,
    ): Promise<Array<{ provedor: ProvedorPagamento; providerId: string }>> {
      return db
        .selectDistinct({ provedor: pagamentoEventos.provedor, providerId: pagamentoEventos.providerId })
        .from(pagamentoEventos)
        .where(and(isNull(pagamentoEventos.processadoEm), lt(pagamentoEventos.recebidoEm, antesDe)))
        .limit(limite);
    },

    /**
     * Records a provider notification once. Returns true when it is new,
     * false when this provider event id was already recorded.
     */
    async registrarEvento(
      tx: Tx,
      e: { provedor: ProvedorPagamento; eventoId: string; providerId: string; acao: string | null; payload: unknown },
    ): Promise<boolean> {
      const rows = await tx
        .insert(pagamentoEventos)
        .values({ ...e, payload: e.payload ?? {} })
        .onConflictDoNothing({ target: [pagamentoEventos.provedor, pagamentoEventos.eventoId] })
        .returning({ id: pagamentoEventos.id });
      return rows.length > 0;
    },

    /** Marks every recorded event of this payment as processed (the payment was re-read and applied). */
    async eventosProcessados(provedor: ProvedorPagamento, providerId: string): Promise<void> {
      await db
        .update(pagamentoEventos)
        .set({ processadoEm: sql`now()` })
        .where(
          and(
            eq(pagamentoEventos.provedor, provedor),
            eq(pagamentoEventos.providerId, providerId),
            isNull(pagamentoEventos.processadoEm),
          ),
        );
    },
  };
}
