import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { toCents, type Cents } from '@clinica/shared/money';
import type { Db, Tx } from '../../db/client.js';
import { pagamentos } from '../checkout/pagamento.table.js';
import { clientes } from '../cliente/cliente.table.js';
import { municipios, ufs } from '../geografia/geografia.table.js';
import { usuarios } from '../usuario/usuario.table.js';
import type { PedidoParaEmail } from './pedido-emails.js';
import { moverEstoque, movimentoDaSituacao } from './pedido-estoque.js';
import {
  pedidoEnderecosEntrega,
  pedidoHistorico,
  pedidoItens,
  pedidos,
  type AutorHistorico,
  type SituacaoPedido,
} from './pedido.table.js';

/** Who writes a history row. */
export interface Autor {
  quem: AutorHistorico;
  quemId: number | null;
}

/** An order's status and shipping columns (the staff moves' audit snapshots). */
const colunasEnvio = {
  id: pedidos.id,
  situacao: pedidos.situacao,
  codigoRastreio: pedidos.codigoRastreio,
  enviadoEm: pedidos.enviadoEm,
  entregueEm: pedidos.entregueEm,
};

/** The order's own id inside a correlated subquery (Drizzle leaves a column unqualified in a one-table select). */
const idDoPedido = sql`${sql.identifier('pedidos')}.${sql.identifier('id')}`;

/**
 * What the order's e-mails show (pedido-emails.ts PedidoParaEmail), as columns of a select from `pedidos` joined
 * with `clientes` and (left) `usuarios`: the buyer's e-mail given at checkout (else the account's), the name, the
 * totals, and the items and delivery address as JSON from correlated subqueries, so the read costs no statement of
 * its own where the order is read anyway (the payments' lock, pagamento-pedido.repository.ts travarPedido).
 */
export const colunasEmail = {
  id: pedidos.id,
  usuarioId: clientes.usuarioId,
  email: sql<string | null>`coalesce(nullif(${pedidos.dadosEmail}, ''), ${usuarios.email})`,
  nome: sql<
    string | null
  >`coalesce(nullif(${pedidos.dadosNome}, ''), nullif(${clientes.nome}, ''), nullif(${clientes.razaoSocial}, ''))`,
  valorProdutos: pedidos.valorProdutos,
  valorFrete: pedidos.valorFrete,
  descontoPix: pedidos.descontoPix,
  cupomCodigo: pedidos.cupomCodigo,
  descontoCupom: pedidos.descontoCupom,
  freteGratis: pedidos.freteGratis,
  valorTotal: pedidos.valorTotal,
  parcelas: pedidos.parcelas,
  valorParcela: pedidos.valorParcela,
  totalCobrado: pedidos.totalCobrado,
  nomeRecebedor: pedidos.nomeRecebedor,
  transportadora: pedidos.entregaTransportadora,
  servico: pedidos.entregaServico,
  prazoDias: pedidos.entregaPrazoDias,
  itens: sql<ItemJson[]>`(select coalesce(json_agg(json_build_object('produtoId', i.produto_id, 'nome', i.produto_nome,
      'quantidade', i.quantidade, 'valorTotal', i.valor_total, 'brinde', i.brinde, 'digital', i.digital) order by i.id), '[]'::json)
    from ${pedidoItens} i where i.pedido_id = ${idDoPedido})`,
  endereco: sql<EnderecoJson | null>`(select json_build_object('logradouro', e.logradouro, 'numero', e.numero,
      'complemento', e.complemento, 'bairro', e.bairro, 'cep', e.cep, 'cidade', m.nome, 'uf', u.sigla)
    from ${pedidoEnderecosEntrega} e join ${municipios} m on m.id = e.municipio_id join ${ufs} u on u.id = e.uf_id
    where e.pedido_id = ${idDoPedido} limit 1)`,
};

interface ItemJson {
  produtoId: number;
  nome: string;
  quantidade: number;
  valorTotal: number | string;
  brinde: boolean;
  digital: boolean;
}
interface EnderecoJson {
  logradouro: string;
  numero: string;
  complemento: string | null;
  bairro: string;
  cep: string;
  cidade: string;
  uf: string;
}

/** A row read with colunasEmail as pedido-emails.ts takes it (JSON money in reais made cents). */
interface LinhaEmail {
  id: number;
  usuarioId: number | null;
  email: string | null;
  nome: string | null;
  valorProdutos: Cents;
  valorFrete: Cents;
  descontoPix: Cents;
  cupomCodigo: string | null;
  descontoCupom: Cents;
  freteGratis: boolean;
  valorTotal: Cents;
  parcelas: number | null;
  valorParcela: Cents | null;
  totalCobrado: Cents | null;
  nomeRecebedor: string | null;
  transportadora: string | null;
  servico: string | null;
  prazoDias: number | null;
  itens: ItemJson[] | string;
  endereco: EnderecoJson | string | null;
}

export function paraEmail(r: LinhaEmail): PedidoParaEmail {
  const itens = (typeof r.itens === 'string' ? JSON.parse(r.itens) : r.itens) as ItemJson[];
  const endereco = (typeof r.endereco === 'string' ? JSON.parse(r.endereco) : r.endereco) as EnderecoJson | null;
  return {
    id: r.id,
    usuarioId: r.usuarioId,
    email: r.email,
    nome: r.nome,
    itens: itens.map((i) => ({
      produtoId: Number(i.produtoId),
      nome: i.nome,
      quantidade: Number(i.quantidade),
      valorTotal: toCents(i.valorTotal),
      brinde: i.brinde,
      digital: i.digital,
    })),
    valorProdutos: r.valorProdutos,
    valorFrete: r.valorFrete,
    descontoPix: r.descontoPix,
    cupomCodigo: r.cupomCodigo,
    descontoCupom: r.descontoCupom,
    freteGratis: r.freteGratis,
    valorTotal: r.valorTotal,
    parcelamento:
      r.parcelas && r.valorParcela !== null && r.totalCobrado !== null
        ? { parcelas: r.parcelas, valorParcela: r.valorParcela, total: r.totalCobrado }
        : null,
    endereco: endereco ? { ...endereco, recebedor: r.nomeRecebedor } : null,
    entrega:
      r.transportadora || r.servico
        ? { transportadora: r.transportadora, servico: r.servico, prazoDias: r.prazoDias }
        : null,
  };
}

/** The order as its e-mails show it, read through `q` (the caller's transaction); undefined when it does not exist. */
export async function lerParaEmail(q: Db | Tx, id: number): Promise<PedidoParaEmail | undefined> {
  const [row] = await q
    .select(colunasEmail)
    .from(pedidos)
    .innerJoin(clientes, eq(clientes.id, pedidos.clienteId))
    .leftJoin(usuarios, eq(usuarios.id, clientes.usuarioId))
    .where(eq(pedidos.id, id))
    .limit(1);
  return row ? paraEmail(row) : undefined;
}

/**
 * Moves an order from one of `de` to `para` inside `tx` (a compare-and-set
 * under a row lock, so two concurrent changes cannot both apply), moves its
 * units in stock with it (pedido-estoque.ts) and records the history row. Returns the previous status, or undefined when the order
 * was in none of `de`. Also used by the payments module (as SISTEMA).
 */
export async function mudarSituacaoEm(
  tx: Tx,
  id: number,
  de: readonly SituacaoPedido[],
  para: SituacaoPedido,
  autor: Autor,
): Promise<SituacaoPedido | undefined> {
  const [antes] = await tx
    .select({ situacao: pedidos.situacao, estoqueSituacao: pedidos.estoqueSituacao })
    .from(pedidos)
    .where(and(eq(pedidos.id, id), inArray(pedidos.situacao, [...de])))
    .for('update');
  if (!antes) return undefined;
  // The order's units move with it, under the same lock and in the same transaction (ADR 032): sold when paid,
  // released when cancelled.
  const estoque = movimentoDaSituacao(para);
  if (estoque) await moverEstoque(tx, id, antes.estoqueSituacao, estoque, autor);
  await tx
    .update(pedidos)
    .set({
      situacao: para,
      updatedAt: sql`now()`,
      ...(para === 'CANCELADO' ? { canceladoEm: sql`now()` } : {}),
    })
    .where(eq(pedidos.id, id));
  await tx.insert(pedidoHistorico).values({ pedidoId: id, de: antes.situacao, para, ...autor });
  return antes.situacao;
}

/**
 * An order's status and its staff moves: who owns it and where it stands, a status change with its history row,
 * the shipping moves (ENVIADO, ENTREGUE) under a row lock, and whom their e-mails go to. The reads that show
 * orders (detail, lists) are pedido.repository.ts.
 */
export function createPedidoSituacaoRepository(db: Db) {
  return {
    /** Owner and status of an order; undefined when it does not exist. */
    async situacao(id: number) {
      const [row] = await db
        .select({ clienteId: pedidos.clienteId, situacao: pedidos.situacao })
        .from(pedidos)
        .where(eq(pedidos.id, id))
        .limit(1);
      return row;
    },

    /**
     * Moves an order from one of `de` to `para` (a compare-and-set, so two
     * concurrent changes cannot both apply), records the history row, and
     * cancels pending payments when cancelling. Returns the previous status,
     * or undefined when the order was not in one of `de`.
     */
    async mudarSituacao(
      id: number,
      de: readonly SituacaoPedido[],
      para: SituacaoPedido,
      autor: Autor,
      /** Runs in the same transaction once the order moved (the staff's audit entry, the customer's e-mail). */
      depois?: (tx: Tx, antes: SituacaoPedido) => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        const antes = await mudarSituacaoEm(tx, id, de, para, autor);
        if (antes !== undefined && depois) await depois(tx, antes);
        if (antes !== undefined && para === 'CANCELADO') {
          await tx
            .update(pagamentos)
            .set({ status: 'cancelled', statusDetalhe: 'pedido_cancelado', updatedAt: sql`now()` })
            // Only attempts never sent to a provider: a live PIX is cancelled at the provider
            // (pagamentoService.cancelarCobrancasVivas), so a late payment of it is seen and refunded.
            .where(and(eq(pagamentos.pedidoId, id), eq(pagamentos.status, 'pending'), isNull(pagamentos.providerId)));
        }
        return antes;
      });
    },

    /**
     * The order's status and shipping columns, its row locked until `tx` ends
     * (so two staff moves of one order run one after the other, and the
     * second sees the first's result); undefined when it does not exist.
     */
    async travarEnvio(tx: Tx, id: number) {
      const [row] = await tx.select(colunasEnvio).from(pedidos).where(eq(pedidos.id, id)).for('update');
      return row;
    },

    /**
     * Whether the order has something to carry: a physical line (the gift
     * included) and a delivery address. Orders of digital products only do not.
     */
    async temEnvio(tx: Tx, id: number): Promise<boolean> {
      const [row] = await tx
        .select({ id: pedidoItens.id })
        .from(pedidoItens)
        .innerJoin(pedidoEnderecosEntrega, eq(pedidoEnderecosEntrega.pedidoId, pedidoItens.pedidoId))
        .where(and(eq(pedidoItens.pedidoId, id), eq(pedidoItens.digital, false)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * A staff move (ENVIADO or ENTREGUE) in `tx`, on an order already locked by
     * travarEnvio: the new status with its shipping columns (ENVIADO: the
     * tracking code and enviado_em; ENTREGUE: entregue_em) and the history
     * row. Returns the shipping columns afterwards.
     */
    async moverEnvio(
      tx: Tx,
      id: number,
      mudanca: { de: SituacaoPedido; para: 'ENVIADO' | 'ENTREGUE'; codigoRastreio?: string },
      autor: Autor,
    ) {
      const { de, para, codigoRastreio } = mudanca;
      const [row] = await tx
        .update(pedidos)
        .set({
          situacao: para,
          updatedAt: sql`now()`,
          ...(para === 'ENVIADO' ? { codigoRastreio, enviadoEm: sql`now()` } : { entregueEm: sql`now()` }),
        })
        .where(eq(pedidos.id, id))
        .returning(colunasEnvio);
      await tx.insert(pedidoHistorico).values({ pedidoId: id, de, para, ...autor });
      return row!;
    },

    /** The order as its e-mails show it (whom they go to, its summary), read through `tx`. */
    paraEmail: (tx: Tx, id: number) => lerParaEmail(tx, id),
  };
}
