import { and, isNull, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { toCents, type Cents } from '@clinica/shared/money';
import type { Db, Tx } from '../../db/client.js';
import { jsonLista } from '../../db/json-lista.js';
import { prepareRead, prepareWrite } from '../../db/prepared.js';
import { clientes } from '../cliente/cliente.table.js';
import { usuarios } from '../usuario/usuario.table.js';
import { condicoesDesconto } from '../desconto/desconto.table.js';
import { empresa } from '../empresa/empresa.table.js';
import { enderecos } from '../endereco/endereco.table.js';
import { municipios, ufs } from '../geografia/geografia.table.js';
import { pagamentos, type TipoPagamento } from '../pagamento/pagamento.table.js';
import { produtos } from '../produto/produto.table.js';
import {
  pedidoEnderecosEntrega,
  pedidoHistorico,
  pedidoItens,
  pedidos,
  type AutorHistorico,
  type SituacaoPedido,
} from './pedido.table.js';

/** Orders whose products count as bought (a digital product in one of them is owned). */
export const SITUACOES_COMPRADO: readonly SituacaoPedido[] = ['PAGO', 'ENVIADO', 'ENTREGUE'];

/** Who writes a history row. */
export interface Autor {
  quem: AutorHistorico;
  quemId: number | null;
}

export interface NovoPedidoData {
  clienteId: number;
  valorProdutos: Cents;
  valorFrete: Cents;
  valorTotal: Cents;
  nomeRecebedor: string | null;
  telefoneRecebedor: string | null;
  dados: { nome: string; email: string; telefone: string; documento: string | null };
  entrega: { idMelhorEnvio: number; servico: string; transportadora: string; prazoDias: number | null } | null;
  itens: Array<{
    produtoId: number;
    produtoNome: string;
    quantidade: number;
    valorUnitario: Cents;
    valorTotal: Cents;
    brinde: boolean;
    digital: boolean;
  }>;
  endereco: {
    cep: string;
    logradouro: string;
    numero: string;
    complemento: string | null;
    bairro: string;
    municipioId: number;
    ufId: number;
  } | null;
  pagamento: { tipo: TipoPagamento; paymentMethodId: string | null };
}

/** What an order is priced with (pedidoRepository.paraPrecificar). */
export interface DadosParaPrecificar {
  produtos: Array<{
    id: number;
    nome: string;
    preco: Cents;
    digital: boolean;
    brinde: boolean;
    ativo: boolean;
    disponivel: boolean;
    /** Measures (numeric strings or null), for the freight quote. */
    peso: string | null;
    altura: string | null;
    largura: string | null;
    comprimento: string | null;
    /** A digital product the client already bought (paid, shipped or delivered order). */
    jaComprado: boolean;
  }>;
  limiarBrinde: Cents | null;
  brinde: { id: number; nome: string; digital: boolean } | null;
  municipioDaUf: boolean;
  cepDaEmpresa: string | null;
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

/** The gift product, beside the products of the order's lines (paraPrecificar). */
const produtoBrinde = alias(produtos, 'produto_brinde');

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

  // The order's pricing read (paraPrecificar), built once (db/prepared.ts): it runs for every order.
  const limiarAtivo = db
    .select({ valor: condicoesDesconto.valor })
    .from(condicoesDesconto)
    .where(eq(condicoesDesconto.ativo, true))
    .orderBy(desc(condicoesDesconto.updatedAt), desc(condicoesDesconto.id))
    .limit(1);
  const brindeAtivo = db
    .select({ id: produtoBrinde.id })
    .from(produtoBrinde)
    .where(and(eq(produtoBrinde.brinde, true), eq(produtoBrinde.ativo, true), eq(produtoBrinde.disponivel, true)))
    .orderBy(produtoBrinde.id)
    .limit(1);
  // The client's bought products: uncorrelated, so run once, and only if a line is digital.
  const comprados = db
    .select({ produtoId: pedidoItens.produtoId })
    .from(pedidoItens)
    .innerJoin(pedidos, eq(pedidos.id, pedidoItens.pedidoId))
    .where(
      and(eq(pedidos.clienteId, sql.placeholder('clienteId')), inArray(pedidos.situacao, [...SITUACOES_COMPRADO])),
    );
  // False when either is null (`= null` is never true).
  const municipioNaUf = sql<boolean>`exists (${db
    .select({ id: municipios.id })
    .from(municipios)
    .where(and(eq(municipios.id, sql.placeholder('municipioId')), eq(municipios.ufId, sql.placeholder('ufId'))))})`;
  const cepEmpresa = db.select({ cep: empresa.cep }).from(empresa).where(eq(empresa.id, 1));
  const precificacao = prepareRead(
    db
      .select({
        produto: {
          id: produtos.id,
          nome: produtos.nome,
          preco: produtos.preco,
          digital: produtos.digital,
          brinde: produtos.brinde,
          ativo: produtos.ativo,
          disponivel: produtos.disponivel,
          peso: produtos.peso,
          altura: produtos.altura,
          largura: produtos.largura,
          comprimento: produtos.comprimento,
        },
        jaComprado: sql<boolean>`coalesce(${produtos.digital} and ${produtos.id} in ${comprados}, false)`,
        limiarBrinde: sql<Cents | null>`(${limiarAtivo})`.mapWith(condicoesDesconto.valor),
        brinde: { id: produtoBrinde.id, nome: produtoBrinde.nome, digital: produtoBrinde.digital },
        municipioDaUf: municipioNaUf,
        cepDaEmpresa: sql<string | null>`(${cepEmpresa})`,
      })
      // One row whatever matches: the products and the gift are LEFT JOINed to it. The ids travel as one
      // array literal ('{1,2}'), the same text on PostgreSQL and PGlite.
      .from(sql`(select 1) as loja`)
      .leftJoin(produtos, sql`${produtos.id} = any(${sql.placeholder('ids')}::int[])`)
      .leftJoin(produtoBrinde, eq(produtoBrinde.id, sql`(${brindeAtivo})`)),
    'pedido_precificacao',
  );

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

  // A new order (criar) in one statement built once (db/prepared.ts): the order's row, then, from its id, its
  // lines (a JSON array, in the cart's order), its delivery address (an array of zero or one), the payment
  // placeholder and the first history entry. Data-modifying CTEs all run once, to completion.
  const pedidoCte = db.$with('pedido', {}).as(
    db
      .insert(pedidos)
      .values({
        clienteId: sql.placeholder('clienteId'),
        situacao: 'PENDENTE',
        valorProdutos: sql.placeholder('valorProdutos'),
        valorFrete: sql.placeholder('valorFrete'),
        valorTotal: sql.placeholder('valorTotal'),
        nomeRecebedor: sql.placeholder('nomeRecebedor'),
        telefoneRecebedor: sql.placeholder('telefoneRecebedor'),
        dadosNome: sql.placeholder('dadosNome'),
        dadosEmail: sql.placeholder('dadosEmail'),
        dadosTelefone: sql.placeholder('dadosTelefone'),
        dadosDocumento: sql.placeholder('dadosDocumento'),
        entregaIdMelhorEnvio: sql.placeholder('entregaIdMelhorEnvio'),
        entregaServico: sql.placeholder('entregaServico'),
        entregaTransportadora: sql.placeholder('entregaTransportadora'),
        entregaPrazoDias: sql.placeholder('entregaPrazoDias'),
      })
      .returning({ id: pedidos.id, valorTotal: pedidos.valorTotal })
      .getSQL(),
  );
  // Money travels in cents (integers) and becomes numeric(12,2) by an exact division.
  const itensCte = db.$with('itens', {}).as(
    sql`insert into ${pedidoItens} (pedido_id, produto_id, produto_nome, quantidade, valor_unitario, valor_total, brinde, digital)
      select p.id, (x.e->>'produtoId')::int, x.e->>'produtoNome', (x.e->>'quantidade')::int,
        (x.e->>'valorUnitario')::numeric / 100, (x.e->>'valorTotal')::numeric / 100,
        (x.e->>'brinde')::boolean, (x.e->>'digital')::boolean
      from pedido p, jsonb_array_elements(${sql.placeholder('itens')}::jsonb) with ordinality as x(e, n)
      order by x.n`,
  );
  const enderecoCte = db.$with('endereco', {}).as(
    sql`insert into ${pedidoEnderecosEntrega} (pedido_id, cep, logradouro, numero, complemento, bairro, municipio_id, uf_id)
      select p.id, x.e->>'cep', x.e->>'logradouro', x.e->>'numero', x.e->>'complemento', x.e->>'bairro',
        (x.e->>'municipioId')::int, (x.e->>'ufId')::int
      from pedido p, jsonb_array_elements(${sql.placeholder('endereco')}::jsonb) as x(e)`,
  );
  const pagamentoCte = db.$with('pagamento', {}).as(
    sql`insert into ${pagamentos} (pedido_id, tipo, status, valor, payment_method_id)
      select p.id, ${sql.placeholder('tipoPagamento')}::varchar, 'pending', p.valor_total, ${sql.placeholder('paymentMethodId')}::varchar
      from pedido p`,
  );
  const historicoCte = db.$with('historico', {}).as(
    sql`insert into ${pedidoHistorico} (pedido_id, de, para, quem, quem_id)
      select p.id, null, 'PENDENTE', ${sql.placeholder('quem')}::varchar, ${sql.placeholder('quemId')}::int
      from pedido p`,
  );
  const novoPedido = prepareWrite(
    db
      .with(pedidoCte, itensCte, enderecoCte, pagamentoCte, historicoCte)
      .select({ id: sql<number>`p.id`.mapWith(Number) })
      .from(sql`pedido p`),
    'pedido_criar',
  );

  return {
    /**
     * Everything an order is priced with, in one statement (QUALITY.md P4: on
     * PGlite's single connection and a busy PostgreSQL each statement waits its
     * turn), read at each order (staff may change any of it at any time):
     *  - `produtos`: the products of `ids` (unknown ids are absent) with their
     *    prices, state and measures (the freight quote uses them too), and
     *    `jaComprado`: a digital product the client already bought in a paid,
     *    shipped or delivered order;
     *  - `limiarBrinde`: the active discount condition's threshold in cents
     *    (as GET /condicaodesconto/ativa chooses it), or null;
     *  - `brinde`: the gift as GET /produto/produtobrinde chooses it (active,
     *    available, oldest), or null;
     *  - `municipioDaUf`: whether `municipioId` is a city of `ufId`;
     *  - `cepDaEmpresa`: the company's CEP (the freight's origin), or null.
     * One row per product, the rest repeated on each; a single row with no
     * product when none of `ids` exists.
     */
    async paraPrecificar(
      ids: number[],
      c: { clienteId: number; municipioId: number | null; ufId: number | null },
    ): Promise<DadosParaPrecificar> {
      const rows = await precificacao.execute({
        ids: `{${ids.join(',')}}`,
        clienteId: c.clienteId,
        municipioId: c.municipioId,
        ufId: c.ufId,
      });
      const [loja] = rows;
      return {
        produtos: rows.flatMap((r) => (r.produto ? [{ ...r.produto, jaComprado: r.jaComprado }] : [])),
        limiarBrinde: loja?.limiarBrinde ?? null,
        brinde: loja?.brinde ?? null,
        municipioDaUf: loja?.municipioDaUf ?? false,
        cepDaEmpresa: loja?.cepDaEmpresa ?? null,
      };
    },

    /**
     * Writes the order, its items, delivery address, pending payment and the
     * first history row with `tx` (the caller's transaction); returns the id.
     * Two statements: the order, then its other rows together (each INSERT
     * in a WITH runs once, whether or not the statement reads its output).
     */
    async criar(tx: Tx, p: NovoPedidoData, autor: Autor): Promise<number> {
      const [row] = await novoPedido.execute(tx, {
        clienteId: p.clienteId,
        valorProdutos: p.valorProdutos,
        valorFrete: p.valorFrete,
        valorTotal: p.valorTotal,
        nomeRecebedor: p.nomeRecebedor,
        telefoneRecebedor: p.telefoneRecebedor,
        dadosNome: p.dados.nome,
        dadosEmail: p.dados.email,
        dadosTelefone: p.dados.telefone,
        dadosDocumento: p.dados.documento,
        entregaIdMelhorEnvio: p.entrega?.idMelhorEnvio ?? null,
        entregaServico: p.entrega?.servico ?? null,
        entregaTransportadora: p.entrega?.transportadora ?? null,
        entregaPrazoDias: p.entrega?.prazoDias ?? null,
        itens: JSON.stringify(p.itens),
        endereco: JSON.stringify(p.endereco ? [p.endereco] : []),
        tipoPagamento: p.pagamento.tipo,
        paymentMethodId: p.pagamento.paymentMethodId,
        quem: autor.quem,
        quemId: autor.quemId,
      });
      if (!row) throw new Error('pedido não gravado');
      return row.id;
    },

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
