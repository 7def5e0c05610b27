/**
 * The payment rows (ADR 012): an attempt's reads and writes, over the order's placeholder. The order's side is
 * pagamento-pedido.repository.ts, the provider's notices and the reconciler's reads pagamento-eventos.repository.ts;
 * createPagamentoRepository puts the three together.
 */
import { and, eq, getTableColumns, inArray, isNull, or, sql, type Placeholder } from 'drizzle-orm';
import type { Cents } from '@clinica/shared/money';
import type { Db, Tx } from '../../db/client.js';
import { prepareRead, prepareWrite, valorDe } from '../../db/prepared.js';
import { clientes } from '../cliente/cliente.table.js';
import { regrasDePrecoSql, type RegrasDePreco } from '../comercial/comercial.repository.js';
import { pedidos } from '../pedido/pedido.table.js';
import {
  pagamentos,
  type NovoPagamento,
  type Pagamento,
  type ProvedorPagamento,
  type StatusPagamento,
  type TipoPagamento,
} from './pagamento.table.js';
import {
  colunasPedido,
  createPagamentoPedidoRepository,
  type PedidoParaPagamento,
} from './pagamento-pedido.repository.js';
import { createPagamentoEventosRepository } from './pagamento-eventos.repository.js';

/** A new attempt: what a new payment row holds, its status and provider always given. */
export type NovaTentativa = NovoPagamento & Required<Pick<NovoPagamento, 'status' | 'provedor'>>;

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
        parcelas: valorDe<number | null>('parcelas'),
        // Cents (or null, by PIX) made numeric(12,2) by an exact division: the money column's encoder takes no null.
        valorParcela: sql`(${sql.placeholder('valorParcela')})::numeric / 100`,
        totalCobrado: sql`(${sql.placeholder('totalCobrado')})::numeric / 100`,
        pixQrCode: valorDe<string | null>('pixQrCode'),
        pixQrCodeBase64: valorDe<string | null>('pixQrCodeBase64'),
        expiraEm: valorDe<Date | null>('expiraEm'),
        boletoLinha: valorDe<string | null>('boletoLinha'),
        boletoCodigoBarras: valorDe<string | null>('boletoCodigoBarras'),
        boletoVencimento: valorDe<string | null>('boletoVencimento'),
        boletoPagavelAte: valorDe<string | null>('boletoPagavelAte'),
        boletoPdfUrl: valorDe<string | null>('boletoPdfUrl'),
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

  const regras = prepareRead(
    db.select({ regras: regrasDePrecoSql() }).from(sql`(select 1) as loja`),
    'pagamento_regras_de_preco',
  );

  return {
    ...createPagamentoPedidoRepository(db),
    ...createPagamentoEventosRepository(db),

    /** The commercial rules in force for a price (the installments offer of GET /pagamento/parcelas). */
    async regrasDePreco(): Promise<RegrasDePreco> {
      const [row] = await regras.execute({});
      return row!.regras;
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

    /** Marks the payment as owed back (its refund job is enqueued in the same transaction). */
    async marcarEstornoDevido(tx: Tx, id: number): Promise<void> {
      await tx
        .update(pagamentos)
        .set({ estornoDevido: true, updatedAt: sql`now()` })
        .where(eq(pagamentos.id, id));
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
        parcelas: novo.parcelas ?? null,
        valorParcela: novo.valorParcela ?? null,
        totalCobrado: novo.totalCobrado ?? null,
        pixQrCode: novo.pixQrCode ?? null,
        pixQrCodeBase64: novo.pixQrCodeBase64 ?? null,
        expiraEm: novo.expiraEm ?? null,
        boletoLinha: novo.boletoLinha ?? null,
        boletoCodigoBarras: novo.boletoCodigoBarras ?? null,
        boletoVencimento: novo.boletoVencimento ?? null,
        boletoPagavelAte: novo.boletoPagavelAte ?? null,
        boletoPdfUrl: novo.boletoPdfUrl ?? null,
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
  };
}

export type PagamentoRepository = ReturnType<typeof createPagamentoRepository>;
