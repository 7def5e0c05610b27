/**
 * The order as the payments see it (ADR 012): its owner, status, total and payer's data, the locks every money
 * decision takes first, a course already owned, and the store's moves of its status.
 */
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { InstallmentPlan } from '@clinica/shared/installment-plan';
import type { Cents } from '@clinica/shared/money';
import type { EstadoEstoque } from '@clinica/shared/stock';
import { SITUACOES_COMPRADO, type MovimentoPedido, origensDe, TRANSICOES_PEDIDO } from '@clinica/shared/order-status';
import type { Db, Tx } from '../../db/client.js';
import { prepareWrite } from '../../db/prepared.js';
import { clientes } from '../cliente/cliente.table.js';
import { empresa } from '../empresa/empresa.table.js';
import { regrasDePrecoSql, type RegrasDePreco } from '../comercial/comercial.repository.js';
import { municipios, ufs } from '../geografia/geografia.table.js';
import type { PedidoParaEmail } from '../pedido/pedido-emails.js';
import { colunasEmail, mudarSituacaoEm, paraEmail } from '../pedido/pedido-situacao.repository.js';
import { usuarios } from '../usuario/usuario.table.js';
import { pedidoEnderecosEntrega, pedidoItens, pedidos, type SituacaoPedido } from '../pedido/pedido.table.js';
import { pagamentos } from './pagamento.table.js';

/**
 * An order as a payment needs it: owner, status, total and the payer's data given at checkout, and what it is priced
 * again with for the method of each attempt (its products and freight, the commercial rules in force).
 */
export interface PedidoParaPagamento {
  id: number;
  clienteId: number;
  usuarioId: number;
  situacao: SituacaoPedido;
  valorTotal: number;
  valorProdutos: Cents;
  valorFrete: Cents;
  /** The price it holds now: the PIX discount and a card's installments of the last attempt. */
  descontoPix: Cents;
  /** The coupon's discount and whether it combines with PIX, and free shipping, as the order was created (ADR 028). */
  descontoCupom: Cents;
  cupomAcumulaPix: boolean;
  freteGratis: boolean;
  parcelas: number | null;
  valorParcela: Cents | null;
  totalCobrado: Cents | null;
  regras: RegrasDePreco;
  /** The payer's name given at checkout (a boleto prints it). */
  nome: string | null;
  email: string | null;
  documento: string | null;
  /** A digital product (a course) is among its items. */
  temCurso: boolean;
  /** Where its physical units stand (ADR 032); null without physical lines. */
  estoqueSituacao: EstadoEstoque | null;
}

/** An order locked for a money decision (travarPedido). */
export interface PedidoTravado {
  id: number;
  situacao: SituacaoPedido;
  clienteId: number;
  /** A digital product (a course) is among its items. */
  temCurso: boolean;
  /** The placeholder payment the order was created with, while no attempt took its place; null after. */
  placeholderId: number | null;
  /** Where its physical units stand (ADR 032); null without physical lines. */
  estoqueSituacao: EstadoEstoque | null;
  /** The order as its e-mails show it (before this decision's changes). */
  email: PedidoParaEmail;
}

/** Whether an order has a digital product (a course) among its items. */
// The order's id written out whole: Drizzle leaves a column unqualified in a one-table select, where inside
// this subquery it would mean the item's own id.
const temCurso = sql<boolean>`exists (select 1 from ${pedidoItens} i where i.pedido_id = ${sql.identifier('pedidos')}.${sql.identifier('id')} and i.digital)`;

/** The columns of PedidoParaPagamento (joined with `clientes` for the user id). */
export const colunasPedido = {
  id: pedidos.id,
  clienteId: pedidos.clienteId,
  usuarioId: clientes.usuarioId,
  situacao: pedidos.situacao,
  valorTotal: pedidos.valorTotal,
  valorProdutos: pedidos.valorProdutos,
  valorFrete: pedidos.valorFrete,
  descontoPix: pedidos.descontoPix,
  descontoCupom: pedidos.descontoCupom,
  cupomAcumulaPix: pedidos.cupomAcumulaPix,
  freteGratis: pedidos.freteGratis,
  parcelas: pedidos.parcelas,
  valorParcela: pedidos.valorParcela,
  totalCobrado: pedidos.totalCobrado,
  regras: regrasDePrecoSql(),
  nome: pedidos.dadosNome,
  email: pedidos.dadosEmail,
  documento: pedidos.dadosDocumento,
  temCurso,
  estoqueSituacao: pedidos.estoqueSituacao,
};

export function createPagamentoPedidoRepository(db: Db) {
  // Built once (db/prepared.ts): every money decision of every order runs it, inside its transaction.
  const travar = prepareWrite(
    db
      .select({
        ...colunasEmail,
        situacao: pedidos.situacao,
        clienteId: pedidos.clienteId,
        temCurso,
        placeholderId: sql<
          number | null
        >`(select g.id from ${pagamentos} g where g.pedido_id = ${sql.identifier('pedidos')}.${sql.identifier('id')} and g.provider_id is null and g.status = 'pending' limit 1)`.mapWith(
          Number,
        ),
        estoqueSituacao: pedidos.estoqueSituacao,
      })
      .from(pedidos)
      .innerJoin(clientes, eq(clientes.id, pedidos.clienteId))
      .leftJoin(usuarios, eq(usuarios.id, clientes.usuarioId))
      .where(eq(pedidos.id, sql.placeholder('id')))
      .for('update', { of: pedidos }),
    'pagamento_travar_pedido',
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

    /**
     * The order's status and client, and what its e-mails show (ADR 030: read here, in the lock every payment
     * write takes first, so they cost no statement of their own), its row locked until `tx` ends: every
     * decision about an order's money (a payment approved, refused, refunded)
     * takes this lock first, so two payments of one order are decided one
     * after the other and the second sees the first's outcome.
     */
    async travarPedido(tx: Tx, id: number): Promise<PedidoTravado | undefined> {
      const [row] = await travar.execute(tx, { id });
      if (!row) return undefined;
      const { situacao, clienteId, temCurso: curso, placeholderId, estoqueSituacao, ...resto } = row;
      return { id, situacao, clienteId, temCurso: curso, placeholderId, estoqueSituacao, email: paraEmail(resto) };
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

    /**
     * The order's price for the method of the attempt recorded with it, in `tx` (the attempt's transaction): its
     * total and PIX discount, and a card's installments (null by PIX).
     */
    async gravarPreco(
      tx: Tx,
      pedidoId: number,
      p: { valorTotal: Cents; descontoPix: Cents; parcelamento: InstallmentPlan | null },
    ): Promise<void> {
      await tx
        .update(pedidos)
        .set({
          valorTotal: p.valorTotal,
          descontoPix: p.descontoPix,
          parcelas: p.parcelamento?.parcelas ?? null,
          valorParcela: p.parcelamento?.valorParcela ?? null,
          totalCobrado: p.parcelamento?.total ?? null,
          updatedAt: sql`now()`,
        })
        .where(eq(pedidos.id, pedidoId));
    },

    /** The order's delivery address as a boleto's payer address (null for an order with only courses). */
    async enderecoDoPedido(pedidoId: number) {
      const [row] = await db
        .select({
          cep: pedidoEnderecosEntrega.cep,
          logradouro: pedidoEnderecosEntrega.logradouro,
          numero: pedidoEnderecosEntrega.numero,
          bairro: pedidoEnderecosEntrega.bairro,
          cidade: municipios.nome,
          uf: ufs.sigla,
        })
        .from(pedidoEnderecosEntrega)
        .innerJoin(municipios, eq(municipios.id, pedidoEnderecosEntrega.municipioId))
        .innerJoin(ufs, eq(ufs.id, pedidoEnderecosEntrega.ufId))
        .where(eq(pedidoEnderecosEntrega.pedidoId, pedidoId))
        .limit(1);
      return row ?? null;
    },

    /**
     * What the store's printable boleto of a payment shows: the payment, its order's owner, payer and address, and
     * the store (empresa) as beneficiary; undefined when the payment does not exist.
     */
    async dadosDoBoleto(pagamentoId: number) {
      const [row] = await db
        .select({
          pagamento: pagamentos,
          clienteId: pedidos.clienteId,
          nome: pedidos.dadosNome,
          documento: pedidos.dadosDocumento,
          empresaNome: sql<
            string | null
          >`(select coalesce(e.nome_fantasia, e.nome) from ${empresa} e order by e.id limit 1)`,
          empresaCnpj: sql<string | null>`(select e.cnpj from ${empresa} e order by e.id limit 1)`,
        })
        .from(pagamentos)
        .innerJoin(pedidos, eq(pedidos.id, pagamentos.pedidoId))
        .where(eq(pagamentos.id, pagamentoId))
        .limit(1);
      return row;
    },

    /** The id of the order's latest payment attempt (a boleto's expiry cancels the order only if it is that one). */
    async ultimaTentativa(tx: Tx, pedidoId: number): Promise<number | null> {
      const [row] = await tx
        .select({ id: pagamentos.id })
        .from(pagamentos)
        .where(eq(pagamentos.pedidoId, pedidoId))
        // The order's latest payment as GET /pedido/{id} reads it (pedido.repository.ts).
        .orderBy(desc(pagamentos.createdAt), desc(pagamentos.id))
        .limit(1);
      return row?.id ?? null;
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
  };
}
