import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { clientes } from '../cliente/cliente.table.js';
import { mudarSituacaoEm } from '../pedido/pedido.repository.js';
import { pedidos, type SituacaoPedido } from '../pedido/pedido.table.js';
import {
  pagamentoEventos,
  pagamentos,
  type NovoPagamento,
  type Pagamento,
  type ProvedorPagamento,
  type StatusPagamento,
} from './pagamento.table.js';

/** An order as a payment needs it: owner, status, total and the payer's data given at checkout. */
export interface PedidoParaPagamento {
  id: number;
  clienteId: number;
  usuarioId: number;
  situacao: SituacaoPedido;
  valorTotal: number;
  email: string | null;
  documento: string | null;
}

export function createPagamentoRepository(db: Db) {
  return {
    /** The order with its client's user id; undefined when it does not exist. */
    async pedido(id: number, q: Db | Tx = db): Promise<PedidoParaPagamento | undefined> {
      const [row] = await q
        .select({
          id: pedidos.id,
          clienteId: pedidos.clienteId,
          usuarioId: clientes.usuarioId,
          situacao: pedidos.situacao,
          valorTotal: pedidos.valorTotal,
          email: pedidos.dadosEmail,
          documento: pedidos.dadosDocumento,
        })
        .from(pedidos)
        .innerJoin(clientes, eq(clientes.id, pedidos.clienteId))
        .where(eq(pedidos.id, id))
        .limit(1);
      return row;
    },

    /** The payment made with this provider key (an attempt already charged); undefined otherwise. */
    async porChaveProvedor(chave: string, q: Db | Tx = db): Promise<Pagamento | undefined> {
      const [row] = await q.select().from(pagamentos).where(eq(pagamentos.chaveProvedor, chave)).limit(1);
      return row;
    },

    async porProviderId(provedor: ProvedorPagamento, providerId: string, q: Db | Tx = db) {
      const [row] = await q
        .select()
        .from(pagamentos)
        .where(and(eq(pagamentos.provedor, provedor), eq(pagamentos.providerId, providerId)))
        .limit(1);
      return row;
    },

    async porId(id: number, q: Db | Tx = db): Promise<Pagamento | undefined> {
      const [row] = await q.select().from(pagamentos).where(eq(pagamentos.id, id)).limit(1);
      return row;
    },

    /** The order's pending attempts: live provider charges (a PIX) and the placeholder the order was created with. */
    async pendentes(pedidoId: number, q: Db | Tx = db): Promise<Pagamento[]> {
      return q
        .select()
        .from(pagamentos)
        .where(and(eq(pagamentos.pedidoId, pedidoId), inArray(pagamentos.status, ['pending', 'in_process'])));
    },

    /** The order's approved payment, if any. */
    async aprovado(pedidoId: number, q: Db | Tx = db): Promise<Pagamento | undefined> {
      const [row] = await q
        .select()
        .from(pagamentos)
        .where(and(eq(pagamentos.pedidoId, pedidoId), eq(pagamentos.status, 'approved')))
        .limit(1);
      return row;
    },

    /**
     * Removes the order's placeholder (the method chosen at checkout, pending,
     * never sent to a provider): the real attempt written next replaces it.
     */
    async substituirPlaceholders(tx: Tx, pedidoId: number): Promise<void> {
      await tx
        .delete(pagamentos)
        .where(and(eq(pagamentos.pedidoId, pedidoId), isNull(pagamentos.providerId), eq(pagamentos.status, 'pending')));
    },

    async inserir(tx: Tx, novo: NovoPagamento): Promise<Pagamento> {
      const [row] = await tx.insert(pagamentos).values(novo).returning();
      if (!row) throw new Error('pagamento não gravado');
      return row;
    },

    /**
     * Compare-and-set of a payment's status: only when it is still `de`.
     * Returns the updated row, or undefined when another writer moved it first.
     */
    async mudarStatus(
      tx: Tx,
      id: number,
      de: StatusPagamento,
      para: {
        status: StatusPagamento;
        statusDetalhe: string | null;
        aprovadoEm?: Date | null;
        lastFour?: string | null;
      },
    ): Promise<Pagamento | undefined> {
      const [row] = await tx
        .update(pagamentos)
        .set({
          status: para.status,
          statusDetalhe: para.statusDetalhe,
          ...(para.aprovadoEm !== undefined ? { aprovadoEm: para.aprovadoEm } : {}),
          ...(para.lastFour ? { lastFour: para.lastFour } : {}),
          updatedAt: sql`now()`,
        })
        .where(and(eq(pagamentos.id, id), eq(pagamentos.status, de)))
        .returning();
      return row;
    },

    /** The order's status change after its payment's, recorded as SISTEMA (pedido.repository mudarSituacaoEm). */
    mudarSituacaoPedido: (tx: Tx, pedidoId: number, de: readonly SituacaoPedido[], para: SituacaoPedido) =>
      mudarSituacaoEm(tx, pedidoId, de, para, { quem: 'SISTEMA', quemId: null }),

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

export type PagamentoRepository = ReturnType<typeof createPagamentoRepository>;
