import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { createPedidoSituacaoRepository, type Autor } from './pedido-situacao.repository.js';
import { toCents } from '@clinica/shared/money';
import type { Db, Tx } from '../../db/client.js';
import { jsonLista } from '../../db/json-lista.js';
import { prepareRead } from '../../db/prepared.js';
import { clientes } from '../cliente/cliente.table.js';
import { enderecos } from '../endereco/endereco.table.js';
import { municipios, ufs } from '../geografia/geografia.table.js';
import { pagamentos } from '../checkout/pagamento.table.js';
import { pedidoEnderecosEntrega, pedidoHistorico, pedidoItens, pedidos, type SituacaoPedido } from './pedido.table.js';

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
interface HistoricoJson extends Autor {
  de: SituacaoPedido | null;
  para: SituacaoPedido;
  quando: string;
}

const ultimoPagamentoId = sql`(SELECT p.id FROM ${pagamentos} p WHERE p.pedido_id = ${pedidos.id} ORDER BY p.created_at DESC, p.id DESC LIMIT 1)`;

export function createPedidoRepository(db: Db) {
  const pagamentoCols = {
    id: pagamentos.id,
    tipo: pagamentos.tipo,
    status: pagamentos.status,
    valor: pagamentos.valor,
    parcelas: pagamentos.parcelas,
    valorParcela: pagamentos.valorParcela,
    totalCobrado: pagamentos.totalCobrado,
    createdAt: pagamentos.createdAt,
    aprovadoEm: pagamentos.aprovadoEm,
    pixQrCode: pagamentos.pixQrCode,
    pixQrCodeBase64: pagamentos.pixQrCodeBase64,
    expiraEm: pagamentos.expiraEm,
    boletoLinha: pagamentos.boletoLinha,
    boletoCodigoBarras: pagamentos.boletoCodigoBarras,
    boletoVencimento: pagamentos.boletoVencimento,
    boletoPagavelAte: pagamentos.boletoPagavelAte,
    boletoPdfUrl: pagamentos.boletoPdfUrl,
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
          descontoPix: pedidos.descontoPix,
          cupomCodigo: pedidos.cupomCodigo,
          descontoCupom: pedidos.descontoCupom,
          cupomAcumulaPix: pedidos.cupomAcumulaPix,
          freteGratis: pedidos.freteGratis,
          valorTotal: pedidos.valorTotal,
          dadosCroNumero: pedidos.dadosCroNumero,
          dadosCroUf: pedidos.dadosCroUf,
          nomeRecebedor: pedidos.nomeRecebedor,
          telefoneRecebedor: pedidos.telefoneRecebedor,
          entregaIdMelhorEnvio: pedidos.entregaIdMelhorEnvio,
          entregaServico: pedidos.entregaServico,
          entregaTransportadora: pedidos.entregaTransportadora,
          entregaPrazoDias: pedidos.entregaPrazoDias,
          codigoRastreio: pedidos.codigoRastreio,
          enviadoEm: pedidos.enviadoEm,
          entregueEm: pedidos.entregueEm,
          desistenciaEm: pedidos.desistenciaEm,
          desistenciaMotivo: pedidos.desistenciaMotivo,
          devolucaoRecebidaEm: pedidos.devolucaoRecebidaEm,
          versaoTermos: pedidos.versaoTermos,
          dadosNome: pedidos.dadosNome,
          dadosEmail: pedidos.dadosEmail,
          dadosDocumento: pedidos.dadosDocumento,
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
    ...createPedidoSituacaoRepository(db),

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
