import { and, isNull, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { toCents } from '@clinica/shared/money';
import type { Db, Tx } from '../../db/client.js';
import { jsonLista } from '../../db/json-lista.js';
import { prepareRead } from '../../db/prepared.js';
import { clientes } from '../cliente/cliente.table.js';
import { usuarios } from '../usuario/usuario.table.js';
import { enderecos } from '../endereco/endereco.table.js';
import { municipios, ufs } from '../geografia/geografia.table.js';
import { pagamentos } from '../checkout/pagamento.table.js';
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

export interface FiltrosPedido {
  clienteId?: number | undefined;
  idPedido?: number | undefined;
  idProduto?: number | undefined;
  idUf?: number | undefined;
  idCidade?: number | undefined;
  situacao?: SituacaoPedido | undefined;
  /** Inclusive lower bound and exclusive upper bound (instants). */
  desde?: Date | undefined;
  ate?: Date | undefined;
}

/** The client's display name: the person's name or the company's razão social. */
const nomeCliente = sql<string>`coalesce(nullif(${clientes.nome}, ''), nullif(${clientes.razaoSocial}, ''), 'Cliente')`;

/** An order's status and shipping columns (the staff moves' audit snapshots). */
const colunasEnvio = {
  id: pedidos.id,
  situacao: pedidos.situacao,
  codigoRastreio: pedidos.codigoRastreio,
  enviadoEm: pedidos.enviadoEm,
  entregueEm: pedidos.entregueEm,
};

/** The latest payment attempt of an order (a lateral-free correlated subquery, same on PGlite and PostgreSQL). */
/** An item of an order as its JSON list carries it (money as numeric text). */
interface ItemJson {
  produtoId: number;
  produtoNome: string;
  quantidade: number;
  valorUnitario: string;
  valorTotal: string;
  brinde: boolean;
  digital: boolean;
}

/** A history entry of an order as its JSON list carries it (the instant as an ISO string). */
interface HistoricoJson {
  de: SituacaoPedido | null;
  para: SituacaoPedido;
  quem: AutorHistorico;
  quemId: number | null;
  quando: string;
}

const ultimoPagamentoId = sql`(SELECT p.id FROM ${pagamentos} p WHERE p.pedido_id = ${pedidos.id} ORDER BY p.created_at DESC, p.id DESC LIMIT 1)`;

/**
 * Moves an order from one of `de` to `para` inside `tx` (a compare-and-set
 * under a row lock, so two concurrent changes cannot both apply) and records
 * the history row. Returns the previous status, or undefined when the order
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
    .select({ situacao: pedidos.situacao })
    .from(pedidos)
    .where(and(eq(pedidos.id, id), inArray(pedidos.situacao, [...de])))
    .for('update');
  if (!antes) return undefined;
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

export function createPedidoRepository(db: Db) {
  const pagamentoCols = {
    id: pagamentos.id,
    tipo: pagamentos.tipo,
    status: pagamentos.status,
    valor: pagamentos.valor,
    createdAt: pagamentos.createdAt,
    aprovadoEm: pagamentos.aprovadoEm,
    pixQrCode: pagamentos.pixQrCode,
    pixQrCodeBase64: pagamentos.pixQrCodeBase64,
    expiraEm: pagamentos.expiraEm,
  };

  async function itensDe(ids: number[]) {
    if (ids.length === 0) return [];
    return db
      .select({
        pedidoId: pedidoItens.pedidoId,
        produtoId: pedidoItens.produtoId,
        produtoNome: pedidoItens.produtoNome,
        quantidade: pedidoItens.quantidade,
        valorUnitario: pedidoItens.valorUnitario,
        valorTotal: pedidoItens.valorTotal,
        brinde: pedidoItens.brinde,
        digital: pedidoItens.digital,
      })
      .from(pedidoItens)
      .where(inArray(pedidoItens.pedidoId, ids))
      .orderBy(pedidoItens.pedidoId, pedidoItens.id);
  }

  function condicoes(f: FiltrosPedido): SQL | undefined {
    const c: SQL[] = [];
    if (f.clienteId !== undefined) c.push(eq(pedidos.clienteId, f.clienteId));
    if (f.idPedido !== undefined) c.push(eq(pedidos.id, f.idPedido));
    if (f.situacao !== undefined) c.push(eq(pedidos.situacao, f.situacao));
    if (f.desde) c.push(gte(pedidos.createdAt, f.desde));
    if (f.ate) c.push(lt(pedidos.createdAt, f.ate));
    if (f.idProduto !== undefined) {
      c.push(
        sql`EXISTS (SELECT 1 FROM ${pedidoItens} i WHERE i.pedido_id = ${pedidos.id} AND i.produto_id = ${f.idProduto})`,
      );
    }
    // Region: the delivery address, or the client's own address for orders that ship nothing.
    if (f.idUf !== undefined) c.push(sql`coalesce(${pedidoEnderecosEntrega.ufId}, ${enderecos.ufId}) = ${f.idUf}`);
    if (f.idCidade !== undefined) {
      c.push(sql`coalesce(${pedidoEnderecosEntrega.municipioId}, ${enderecos.municipioId}) = ${f.idCidade}`);
    }
    return c.length ? and(...c) : undefined;
  }

  /** An order with its address, latest payment, items and history (detalhe): one statement. */
  const detalheDe = (q: Db | Tx) =>
    q
      .select({
        pedido: {
          id: pedidos.id,
          clienteId: pedidos.clienteId,
          clienteNome: nomeCliente,
          situacao: pedidos.situacao,
          valorProdutos: pedidos.valorProdutos,
          valorFrete: pedidos.valorFrete,
          valorTotal: pedidos.valorTotal,
          nomeRecebedor: pedidos.nomeRecebedor,
          telefoneRecebedor: pedidos.telefoneRecebedor,
          entregaIdMelhorEnvio: pedidos.entregaIdMelhorEnvio,
          entregaServico: pedidos.entregaServico,
          entregaTransportadora: pedidos.entregaTransportadora,
          entregaPrazoDias: pedidos.entregaPrazoDias,
          codigoRastreio: pedidos.codigoRastreio,
          enviadoEm: pedidos.enviadoEm,
          entregueEm: pedidos.entregueEm,
          createdAt: pedidos.createdAt,
        },
        endereco: {
          logradouro: pedidoEnderecosEntrega.logradouro,
          numero: pedidoEnderecosEntrega.numero,
          complemento: pedidoEnderecosEntrega.complemento,
          bairro: pedidoEnderecosEntrega.bairro,
          cep: pedidoEnderecosEntrega.cep,
          municipioId: municipios.id,
          municipioNome: municipios.nome,
          ufId: ufs.id,
          ufSigla: ufs.sigla,
        },
        pagamento: pagamentoCols,
        itens: jsonLista<ItemJson>(
          sql`select json_agg(json_build_object('produtoId', i.produto_id, 'produtoNome', i.produto_nome, 'quantidade', i.quantidade, 'valorUnitario', i.valor_unitario::text, 'valorTotal', i.valor_total::text, 'brinde', i.brinde, 'digital', i.digital) order by i.id) from ${pedidoItens} i where i.pedido_id = ${pedidos.id}`,
        ),
        historico: jsonLista<HistoricoJson>(
          sql`select json_agg(json_build_object('de', h.de, 'para', h.para, 'quem', h.quem, 'quemId', h.quem_id, 'quando', h.quando) order by h.quando, h.id) from ${pedidoHistorico} h where h.pedido_id = ${pedidos.id}`,
        ),
      })
      .from(pedidos)
      .innerJoin(clientes, eq(clientes.id, pedidos.clienteId))
      // One-to-one: pedido_id is unique in the address table; the payment is the latest one.
      .leftJoin(pedidoEnderecosEntrega, eq(pedidoEnderecosEntrega.pedidoId, pedidos.id))
      .leftJoin(municipios, eq(municipios.id, pedidoEnderecosEntrega.municipioId))
      .leftJoin(ufs, eq(ufs.id, pedidoEnderecosEntrega.ufId))
      .leftJoin(pagamentos, eq(pagamentos.id, ultimoPagamentoId))
      .where(eq(pedidos.id, sql.placeholder('id')))
      .limit(1);
  // Read for every order created and every order opened: built once (db/prepared.ts) outside transactions.
  const detalhePreparado = prepareRead(detalheDe(db), 'pedido_detalhe');

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
      /** Runs in the same transaction once the order moved (the staff's audit entry). */
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
     * A staff move (issue 11) in `tx`, on an order already locked by
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

    /**
     * Whom the shipping e-mails go to and what they say: the buyer's e-mail
     * given at checkout (else the client's account e-mail), the name, the
     * freight option and the total. Reads through `tx`.
     */
    async destinatario(tx: Tx, id: number) {
      const [row] = await tx
        .select({
          email: sql<string | null>`coalesce(nullif(${pedidos.dadosEmail}, ''), ${usuarios.email})`,
          nome: sql<
            string | null
          >`coalesce(nullif(${pedidos.dadosNome}, ''), nullif(${clientes.nome}, ''), nullif(${clientes.razaoSocial}, ''))`,
          transportadora: pedidos.entregaTransportadora,
          servico: pedidos.entregaServico,
          prazoDias: pedidos.entregaPrazoDias,
          valorTotal: pedidos.valorTotal,
        })
        .from(pedidos)
        .innerJoin(clientes, eq(clientes.id, pedidos.clienteId))
        .leftJoin(usuarios, eq(usuarios.id, clientes.usuarioId))
        .where(eq(pedidos.id, id))
        .limit(1);
      return row;
    },

    /**
     * Everything GET /pedido/{id} shows; undefined when the order does not exist. One statement, whatever the
     * number of items and history entries: the order with its address and latest payment (one-to-one joins), and
     * its items and history as JSON lists. Reads through `q` (a transaction or the database).
     */
    async detalhe(id: number, q: Db | Tx = db) {
      const [row] = q === db ? await detalhePreparado.execute({ id }) : await detalheDe(q).execute({ id });
      if (!row) return undefined;
      const e = row.endereco;
      const endereco =
        e && e.cep !== null && e.municipioId !== null && e.ufId !== null
          ? {
              logradouro: e.logradouro!,
              numero: e.numero!,
              complemento: e.complemento,
              bairro: e.bairro!,
              cep: e.cep,
              municipioId: e.municipioId,
              municipioNome: e.municipioNome!,
              ufId: e.ufId,
              ufSigla: e.ufSigla!,
            }
          : undefined;
      return {
        pedido: row.pedido,
        itens: row.itens.map((i) => ({
          ...i,
          valorUnitario: toCents(i.valorUnitario),
          valorTotal: toCents(i.valorTotal),
        })),
        endereco,
        pagamento: row.pagamento ?? undefined,
        historico: row.historico.map((h) => ({ ...h, quando: new Date(h.quando) })),
      };
    },

    /** One page of orders matching `f`, by order date (`ordem`), with their items, latest payment and the total count. */
    async listar(f: FiltrosPedido, pagina: { page: number; size: number; ordem: 'asc' | 'desc' }) {
      const where = condicoes(f);
      // Both joins are one-to-one (unique pedido_id, unique cliente_id): they never multiply rows.
      const totalQuery = db
        .select({ n: count() })
        .from(pedidos)
        .leftJoin(pedidoEnderecosEntrega, eq(pedidoEnderecosEntrega.pedidoId, pedidos.id))
        .leftJoin(enderecos, eq(enderecos.clienteId, pedidos.clienteId));
      const rowsQuery = db
        .select({
          id: pedidos.id,
          clienteId: pedidos.clienteId,
          clienteNome: nomeCliente,
          situacao: pedidos.situacao,
          valorTotal: pedidos.valorTotal,
          createdAt: pedidos.createdAt,
          pagamentoId: pagamentos.id,
          pagamentoTipo: pagamentos.tipo,
          pagamentoStatus: pagamentos.status,
          pagamentoCriado: pagamentos.createdAt,
          pagamentoAprovado: pagamentos.aprovadoEm,
        })
        .from(pedidos)
        .innerJoin(clientes, eq(clientes.id, pedidos.clienteId))
        .leftJoin(pedidoEnderecosEntrega, eq(pedidoEnderecosEntrega.pedidoId, pedidos.id))
        .leftJoin(enderecos, eq(enderecos.clienteId, pedidos.clienteId))
        .leftJoin(pagamentos, eq(pagamentos.id, ultimoPagamentoId));
      const order =
        pagina.ordem === 'asc'
          ? [asc(pedidos.createdAt), asc(pedidos.id)]
          : [desc(pedidos.createdAt), desc(pedidos.id)];
      const [[total], rows] = await Promise.all([
        totalQuery.where(where),
        rowsQuery
          .where(where)
          .orderBy(...order)
          .limit(pagina.size)
          .offset(pagina.page * pagina.size),
      ]);
      const itens = await itensDe(rows.map((r) => r.id));
      return { total: Number(total?.n ?? 0), rows, itens };
    },
  };
}

export type PedidoRepository = ReturnType<typeof createPedidoRepository>;
