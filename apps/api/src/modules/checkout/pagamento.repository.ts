import { and, asc, eq, getTableColumns, inArray, isNull, lt, ne, or, sql, type Placeholder } from 'drizzle-orm';
import type { Cents } from '@clinica/shared/money';
import { SITUACOES_COMPRADO, type MovimentoPedido, origensDe, TRANSICOES_PEDIDO } from '@clinica/shared/order-status';
import type { Db, Tx } from '../../db/client.js';
import { prepareRead, prepareWrite, valorDe } from '../../db/prepared.js';
import { clientes } from '../cliente/cliente.table.js';
import { mudarSituacaoEm } from '../pedido/pedido-situacao.repository.js';
import { pedidoItens, pedidos, type SituacaoPedido } from '../pedido/pedido.table.js';
import {
  pagamentoEventos,
  pagamentos,
  type NovoPagamento,
  type Pagamento,
  type ProvedorPagamento,
  type StatusPagamento,
  type TipoPagamento,
} from './pagamento.table.js';

/** A new attempt: what a new payment row holds, its status and provider always given. */
export type NovaTentativa = NovoPagamento & Required<Pick<NovoPagamento, 'status' | 'provedor'>>;

/** An order as a payment needs it: owner, status, total and the payer's data given at checkout. */
export interface PedidoParaPagamento {
  id: number;
  clienteId: number;
  usuarioId: number;
  situacao: SituacaoPedido;
  valorTotal: number;
  email: string | null;
  documento: string | null;
  /** A digital product (a course) is among its items. */
  temCurso: boolean;
}

/** Whether an order has a digital product (a course) among its items. */
// The order's id written out whole: Drizzle leaves a column unqualified in a one-table select, where inside
// this subquery it would mean the item's own id.
const temCurso = sql<boolean>`exists (select 1 from ${pedidoItens} i where i.pedido_id = ${sql.identifier('pedidos')}.${sql.identifier('id')} and i.digital)`;

/** Statuses of an attempt still running at the provider (a PIX to pay, a card in review) or a placeholder. */
const PENDENTES: readonly StatusPagamento[] = ['pending', 'in_process'];

/** What an attempt looks at before charging (pagamentoRepository.tentativas). */
export interface Tentativas {
  /** The payment made with this provider key (the attempt already charged), if any. */
  porChave: Pagamento | undefined;
  /** The order's pending attempts: live provider charges (a PIX) and the placeholder the order was created with. */
  pendentes: Pagamento[];
}

/** The rows an attempt of `pedidoId` with provider key `chave` looks at: the key's, and the order's pending ones. */
const daTentativa = (pedidoId: number | typeof pedidos.id, chave: string | Placeholder) =>
  or(
    eq(pagamentos.chaveProvedor, chave),
    and(eq(pagamentos.pedidoId, pedidoId), inArray(pagamentos.status, [...PENDENTES])),
  );

/** Splits the rows read with `daTentativa` (a row may be both the key's and pending). */
function separar(rows: Pagamento[], pedidoId: number, chave: string): Tentativas {
  return {
    porChave: rows.find((p) => p.chaveProvedor === chave),
    pendentes: rows.filter((p) => p.pedidoId === pedidoId && PENDENTES.includes(p.status)),
  };
}

/** The order's placeholder: the method chosen at checkout, pending, never sent to a provider. */
const placeholderDe = (pedidoId: number | Placeholder) =>
  and(eq(pagamentos.pedidoId, pedidoId), isNull(pagamentos.providerId), eq(pagamentos.status, 'pending'));

export function createPagamentoRepository(db: Db) {
  const colunasPedido = {
    id: pedidos.id,
    clienteId: pedidos.clienteId,
    usuarioId: clientes.usuarioId,
    situacao: pedidos.situacao,
    valorTotal: pedidos.valorTotal,
    email: pedidos.dadosEmail,
    documento: pedidos.dadosDocumento,
    temCurso,
  };

  async function inserir(tx: Tx, novo: NovoPagamento): Promise<Pagamento> {
    const [row] = await tx.insert(pagamentos).values(novo).returning();
    if (!row) throw new Error('pagamento não gravado');
    return row;
  }

  // The attempt written over the order's placeholder (gravarTentativa), for every payment: built once
  // (db/prepared.ts). The conditions are on the row itself (not a subquery's id): an attempt that waited for
  // another's lock on the placeholder finds it no longer one, and inserts its own row.
  const sobreOPlaceholder = prepareWrite(
    db
      .update(pagamentos)
      .set({
        tipo: valorDe<TipoPagamento>('tipo'),
        status: valorDe<StatusPagamento>('status'),
        statusDetalhe: valorDe<string | null>('statusDetalhe'),
        provedor: valorDe<ProvedorPagamento>('provedor'),
        providerId: valorDe<string | null>('providerId'),
        chaveProvedor: valorDe<string | null>('chaveProvedor'),
        valor: valorDe<Cents>('valor'),
        pixQrCode: valorDe<string | null>('pixQrCode'),
        pixQrCodeBase64: valorDe<string | null>('pixQrCodeBase64'),
        expiraEm: valorDe<Date | null>('expiraEm'),
        lastFour: valorDe<string | null>('lastFour'),
        paymentMethodId: valorDe<string | null>('paymentMethodId'),
        aprovadoEm: valorDe<Date | null>('aprovadoEm'),
        estornoDevido: valorDe<boolean>('estornoDevido'),
        createdAt: sql`coalesce(${sql.placeholder('createdAt')}, now())`,
        updatedAt: sql`now()`,
      })
      .where(placeholderDe(sql.placeholder('pedidoId')))
      .returning(),
    'pagamento_sobre_placeholder',
  );

  // Read by every payment attempt (the checkout's charge among them): built once (db/prepared.ts).
  const pedidoETentativas = prepareRead(
    db
      .select({ pedido: colunasPedido, pagamento: getTableColumns(pagamentos) })
      .from(pedidos)
      .innerJoin(clientes, eq(clientes.id, pedidos.clienteId))
      .leftJoin(pagamentos, daTentativa(pedidos.id, sql.placeholder('chave')))
      .where(eq(pedidos.id, sql.placeholder('id'))),
    'pagamento_pedido_tentativas',
  );

  return {
    /** The order with its client's user id; undefined when it does not exist. */
    async pedido(id: number, q: Db | Tx = db): Promise<PedidoParaPagamento | undefined> {
      const [row] = await q
        .select(colunasPedido)
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
        .where(and(eq(pagamentos.pedidoId, pedidoId), inArray(pagamentos.status, [...PENDENTES])));
    },

    /** The payment made with provider key `chave` and the order's pending attempts, in one statement. */
    async tentativas(pedidoId: number, chave: string): Promise<Tentativas> {
      return separar(await db.select().from(pagamentos).where(daTentativa(pedidoId, chave)), pedidoId, chave);
    },

    /**
     * The order (as `pedido` reads it) with its attempts (as `tentativas`
     * reads them) in one statement; undefined when the order does not exist.
     */
    async pedidoComTentativas(
      id: number,
      chave: string,
    ): Promise<{ pedido: PedidoParaPagamento; tentativas: Tentativas } | undefined> {
      const rows = await pedidoETentativas.execute({ id, chave });
      const [primeira] = rows;
      if (!primeira) return undefined;
      const pagamentosLidos = rows.flatMap((r) => (r.pagamento ? [r.pagamento] : []));
      return { pedido: primeira.pedido, tentativas: separar(pagamentosLidos, id, chave) };
    },

    /** The approved payment that pays the order (not one owed back), if any. */
    async aprovado(pedidoId: number, q: Db | Tx = db): Promise<Pagamento | undefined> {
      const [row] = await q
        .select()
        .from(pagamentos)
        .where(
          and(
            eq(pagamentos.pedidoId, pedidoId),
            eq(pagamentos.status, 'approved'),
            eq(pagamentos.estornoDevido, false),
          ),
        )
        .limit(1);
      return row;
    },

    /**
     * The order's status and client, its row locked until `tx` ends: every
     * decision about an order's money (a payment approved, refused, refunded)
     * takes this lock first, so two payments of one order are decided one
     * after the other and the second sees the first's outcome.
     */
    async travarPedido(tx: Tx, id: number) {
      const [row] = await tx
        .select({
          id: pedidos.id,
          situacao: pedidos.situacao,
          clienteId: pedidos.clienteId,
          temCurso,
        })
        .from(pedidos)
        .where(eq(pedidos.id, id))
        .for('update', { of: pedidos });
      return row;
    },

    /**
     * Locks the client's row until `tx` ends: approvals of orders with courses
     * take it, so two orders of one customer with the same course are decided
     * one after the other (cursoJaComprado then sees the first one paid).
     */
    async travarCliente(tx: Tx, clienteId: number): Promise<void> {
      await tx.select({ id: clientes.id }).from(clientes).where(eq(clientes.id, clienteId)).for('update');
    },

    /**
     * The name of a course of the order that the client already owns through
     * another order (paid, shipped or delivered); null when there is none.
     */
    async cursoJaComprado(pedidoId: number, clienteId: number, q: Db | Tx = db): Promise<string | null> {
      const outros = q
        .select({ produtoId: pedidoItens.produtoId })
        .from(pedidoItens)
        .innerJoin(pedidos, eq(pedidos.id, pedidoItens.pedidoId))
        .where(
          and(
            eq(pedidos.clienteId, clienteId),
            ne(pedidos.id, pedidoId),
            inArray(pedidos.situacao, [...SITUACOES_COMPRADO]),
          ),
        );
      const [row] = await q
        .select({ nome: pedidoItens.produtoNome })
        .from(pedidoItens)
        .where(
          and(
            eq(pedidoItens.pedidoId, pedidoId),
            eq(pedidoItens.digital, true),
            inArray(pedidoItens.produtoId, outros),
          ),
        )
        .limit(1);
      return row?.nome ?? null;
    },

    /** Marks the payment as owed back (its refund job is enqueued in the same transaction). */
    async marcarEstornoDevido(tx: Tx, id: number): Promise<void> {
      await tx
        .update(pagamentos)
        .set({ estornoDevido: true, updatedAt: sql`now()` })
        .where(eq(pagamentos.id, id));
    },

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
     * Records an attempt in `tx`: it takes the place of the order's
     * placeholder (the method chosen at checkout, pending, never sent to a
     * provider), whose row is rewritten with every column of the attempt, as
     * a new row would have them; with no placeholder left, a new row.
     * Returns the attempt's row.
     */
    async gravarTentativa(tx: Tx, novo: NovaTentativa): Promise<Pagamento> {
      const [substituido] = await sobreOPlaceholder.execute(tx, {
        pedidoId: novo.pedidoId,
        tipo: novo.tipo,
        status: novo.status,
        statusDetalhe: novo.statusDetalhe ?? null,
        provedor: novo.provedor,
        providerId: novo.providerId ?? null,
        chaveProvedor: novo.chaveProvedor ?? null,
        valor: novo.valor,
        pixQrCode: novo.pixQrCode ?? null,
        pixQrCodeBase64: novo.pixQrCodeBase64 ?? null,
        expiraEm: novo.expiraEm ?? null,
        lastFour: novo.lastFour ?? null,
        paymentMethodId: novo.paymentMethodId ?? null,
        aprovadoEm: novo.aprovadoEm ?? null,
        estornoDevido: novo.estornoDevido ?? false,
        createdAt: novo.createdAt?.toISOString() ?? null,
      });
      return substituido ?? inserir(tx, novo);
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
        estornoDevido?: boolean;
      },
    ): Promise<Pagamento | undefined> {
      const [row] = await tx
        .update(pagamentos)
        .set({
          status: para.status,
          statusDetalhe: para.statusDetalhe,
          ...(para.aprovadoEm !== undefined ? { aprovadoEm: para.aprovadoEm } : {}),
          ...(para.lastFour ? { lastFour: para.lastFour } : {}),
          ...(para.estornoDevido ? { estornoDevido: true } : {}),
          updatedAt: sql`now()`,
        })
        .where(and(eq(pagamentos.id, id), eq(pagamentos.status, de)))
        .returning();
      return row;
    },

    /**
     * A move of the order's status table (packages/shared/src/order-status.ts)
     * made by the store (history author SISTEMA): a compare-and-set from the
     * move's origins. Returns the previous status, or undefined when the order
     * was in none of them.
     */
    moverPedido: (tx: Tx, pedidoId: number, movimento: MovimentoPedido) =>
      mudarSituacaoEm(tx, pedidoId, origensDe(movimento), TRANSICOES_PEDIDO[movimento].para, {
        quem: 'SISTEMA',
        quemId: null,
      }),

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
