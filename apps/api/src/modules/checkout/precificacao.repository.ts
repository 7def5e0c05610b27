import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { MSG_API } from '@clinica/shared/messages-api';
import { alias } from 'drizzle-orm/pg-core';
import type { InstallmentPlan } from '@clinica/shared/installment-plan';
import type { Cents } from '@clinica/shared/money';
import { SITUACOES_COMPRADO } from '@clinica/shared/order-status';
import type { Db, Tx } from '../../db/client.js';
import { prepareRead, prepareWrite } from '../../db/prepared.js';
import { regrasDePrecoSql, type RegrasDePreco } from '../comercial/comercial.repository.js';
import { clientes } from '../cliente/cliente.table.js';
import { condicoesDesconto } from '../desconto/desconto.table.js';
import { empresa } from '../empresa/empresa.table.js';
import type { DadosEndereco } from '../endereco/endereco.table.js';
import { municipios } from '../geografia/geografia.table.js';
import type { Autor } from '../pedido/pedido-situacao.repository.js';
import { pedidoEnderecosEntrega, pedidoHistorico, pedidoItens, pedidos } from '../pedido/pedido.table.js';
import { notificacoes } from '../notificacao/notificacao.table.js';
import { brindeVigente, produtos } from '../produto/produto.table.js';
import { pagamentos, type TipoPagamento } from './pagamento.table.js';

/**
 * The SQL of a new order (the checkout module, ADR 010): everything the server
 * prices it with, read in one statement, and the order with all its rows
 * written in one statement, once per checkout attempt.
 */

/** An item of a new order as written (pedido_itens), the gift included; also the demo sales' items. */
export interface ItemNovoPedido {
  produtoId: number;
  produtoNome: string;
  quantidade: number;
  valorUnitario: Cents;
  valorTotal: Cents;
  brinde: boolean;
  digital: boolean;
}

export interface NovoPedidoData {
  clienteId: number;
  /** SHA-256 (hex) of the checkout attempt's key (pedidos.chave_checkout). */
  chaveCheckout: string;
  valorProdutos: Cents;
  valorFrete: Cents;
  /** The PIX discount inside valorTotal (0 unless priced for PIX). */
  descontoPix: Cents;
  /**
   * The coupon the order uses (ADR 028): its code, its discount inside valorTotal, what it combines with, and the
   * lines it was evaluated on (registrarUso evaluates them again in the order's transaction).
   */
  cupom: {
    codigo: string;
    desconto: Cents;
    acumulaPix: boolean;
    acumulaBrinde: boolean;
    linhas: Array<{ produtoId: number; valor: Cents; brinde: boolean }>;
  } | null;
  /** The store's free shipping applies: valorFrete is 0. */
  freteGratis: boolean;
  valorTotal: Cents;
  /** The terms of purchase accepted (the current VERSAO_TERMOS, checked by the pricing: ADR 035). */
  versaoTermos: string;
  nomeRecebedor: string | null;
  telefoneRecebedor: string | null;
  dados: { nome: string; email: string; telefone: string; documento: string | null };
  /** The buyer's CRO, recorded when the order has a professional-use item (ADR 037); null otherwise. */
  cro: { numero: string; uf: string } | null;
  entrega: { idMelhorEnvio: number; servico: string; transportadora: string; prazoDias: number | null } | null;
  itens: ItemNovoPedido[];
  endereco: DadosEndereco | null;
  /** The method chosen and, for a card, the installments the server offered for the total. */
  pagamento: { tipo: TipoPagamento; paymentMethodId: string | null; parcelamento: InstallmentPlan | null };
  /**
   * The units the order reserves (ADR 032): each physical product bought (not the gift) and its quantity, by id;
   * all of them or no order. `brindeReserva`: the physical gift's id, reserved only if a unit is left (else the
   * order is written without its gift line).
   */
  reservas: Array<{ id: number; q: number }>;
  brindeReserva: number | null;
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
    /** A course in another open order of the client whose charge is still running at the provider (its id). */
    pedidoEmAberto: number | null;
    /** Units free to order now (on hand minus reserved; ADR 032); ignored for a digital product. */
    restam: number;
    /** Sold only to a customer with a CRO (ADR 037). */
    usoProfissional: boolean;
  }>;
  /** The client's CRO now (ADR 037), or null. */
  cro: { numero: string; uf: string } | null;
  limiarBrinde: Cents | null;
  /** The gift, with its units free to order (ignored when digital). */
  brinde: { id: number; nome: string; digital: boolean; restam: number } | null;
  municipioDaUf: boolean;
  cepDaEmpresa: string | null;
  /** The order this checkout attempt already created (its key's hash), if any. */
  pedidoDaTentativa: number | null;
  /** The commercial rules in force: the PIX discount and the installments. */
  regras: RegrasDePreco;
}

/** The gift product, beside the products of the order's lines (paraPrecificar). */
const produtoBrinde = alias(produtos, 'produto_brinde');

export function createPrecificacaoRepository(db: Db) {
  /** The order of a checkout attempt: the client's order with this attempt's key (placeholders clienteId, chaveCheckout). */
  const daTentativa = () =>
    db
      .select({ id: pedidos.id })
      .from(pedidos)
      .where(
        and(
          eq(pedidos.clienteId, sql.placeholder('clienteId')),
          eq(pedidos.chaveCheckout, sql.placeholder('chaveCheckout')),
        ),
      );

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
    .where(brindeVigente(produtoBrinde))
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
  // An open order (PENDENTE or RECUSADO) of the client with this course and a charge still running at the
  // provider (a PIX that can still be paid, a card in review): correlated to the product row.
  const pedidoEmAberto = sql<number | null>`(select p.id from ${pedidos} p
      join ${pedidoItens} i on i.pedido_id = p.id and i.produto_id = ${produtos.id}
      where ${produtos.digital} and p.cliente_id = ${sql.placeholder('clienteId')}
        and p.situacao in ('PENDENTE', 'RECUSADO')
        and exists (select 1 from ${pagamentos} g where g.pedido_id = p.id and g.provider_id is not null
          and g.status in ('pending', 'in_process', 'authorized')
          and (g.tipo <> 'pix' or g.expira_em > now()))
      order by p.id limit 1)`.mapWith(Number);
  // False when either is null (`= null` is never true).
  const municipioNaUf = sql<boolean>`exists (${db
    .select({ id: municipios.id })
    .from(municipios)
    .where(and(eq(municipios.id, sql.placeholder('municipioId')), eq(municipios.ufId, sql.placeholder('ufId'))))})`;
  const cepEmpresa = db.select({ cep: empresa.cep }).from(empresa).where(eq(empresa.id, 1));
  // The client's CRO (ADR 037), as two scalar columns of the same row.
  const croDoCliente = (coluna: typeof clientes.croNumero | typeof clientes.croUf) =>
    db
      .select({ v: coluna })
      .from(clientes)
      .where(eq(clientes.id, sql.placeholder('clienteId')));
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
          restam: sql<number>`greatest(${produtos.estoque} - ${produtos.reservado}, 0)`.mapWith(Number),
          usoProfissional: produtos.usoProfissional,
        },
        jaComprado: sql<boolean>`coalesce(${produtos.digital} and ${produtos.id} in ${comprados}, false)`,
        pedidoEmAberto,
        limiarBrinde: sql<Cents | null>`(${limiarAtivo})`.mapWith(condicoesDesconto.valor),
        brinde: {
          id: produtoBrinde.id,
          nome: produtoBrinde.nome,
          digital: produtoBrinde.digital,
          restam: sql<number>`greatest(${produtoBrinde.estoque} - ${produtoBrinde.reservado}, 0)`.mapWith(Number),
        },
        municipioDaUf: municipioNaUf,
        pedidoDaTentativa: sql<number | null>`(${daTentativa()})`.mapWith(Number),
        cepDaEmpresa: sql<string | null>`(${cepEmpresa})`,
        croNumero: sql<string | null>`(${croDoCliente(clientes.croNumero)})`,
        croUf: sql<string | null>`(${croDoCliente(clientes.croUf)})`,
        regras: regrasDePrecoSql(),
      })
      // One row whatever matches: the products and the gift are LEFT JOINed to it. The ids travel as one
      // array literal ('{1,2}'), the same text on PostgreSQL and PGlite.
      .from(sql`(select 1) as loja`)
      .leftJoin(produtos, sql`${produtos.id} = any(${sql.placeholder('ids')}::int[])`)
      .leftJoin(produtoBrinde, eq(produtoBrinde.id, sql`(${brindeAtivo})`)),
    'pedido_precificacao',
  );

  // A new order (criar) in one statement built once (db/prepared.ts): the order's row, then, from its id, its
  // lines (a JSON array, in the cart's order), its delivery address (an array of zero or one), the payment
  // placeholder and the first history entry. Data-modifying CTEs all run once, to completion.
  const pedidoCte = db.$with('pedido', {}).as(
    db
      .insert(pedidos)
      .values({
        clienteId: sql.placeholder('clienteId'),
        chaveCheckout: sql.placeholder('chaveCheckout'),
        situacao: 'PENDENTE',
        valorProdutos: sql.placeholder('valorProdutos'),
        valorFrete: sql.placeholder('valorFrete'),
        descontoPix: sql.placeholder('descontoPix'),
        cupomCodigo: sql.placeholder('cupomCodigo'),
        descontoCupom: sql.placeholder('descontoCupom'),
        cupomAcumulaPix: sql.placeholder('cupomAcumulaPix'),
        freteGratis: sql.placeholder('freteGratis'),
        valorTotal: sql.placeholder('valorTotal'),
        // A card's installments (null by PIX): cents made numeric(12,2) by an exact division, as the lines below.
        parcelas: sql`${sql.placeholder('parcelas')}::int`,
        valorParcela: sql`(${sql.placeholder('valorParcela')})::numeric / 100`,
        totalCobrado: sql`(${sql.placeholder('totalCobrado')})::numeric / 100`,
        nomeRecebedor: sql.placeholder('nomeRecebedor'),
        telefoneRecebedor: sql.placeholder('telefoneRecebedor'),
        dadosNome: sql.placeholder('dadosNome'),
        dadosEmail: sql.placeholder('dadosEmail'),
        dadosTelefone: sql.placeholder('dadosTelefone'),
        dadosDocumento: sql.placeholder('dadosDocumento'),
        dadosCroNumero: sql`${sql.placeholder('dadosCroNumero')}::varchar`,
        dadosCroUf: sql`${sql.placeholder('dadosCroUf')}::varchar`,
        entregaIdMelhorEnvio: sql.placeholder('entregaIdMelhorEnvio'),
        entregaServico: sql.placeholder('entregaServico'),
        entregaTransportadora: sql.placeholder('entregaTransportadora'),
        entregaPrazoDias: sql.placeholder('entregaPrazoDias'),
        estoqueSituacao: sql`${sql.placeholder('estoqueSituacao')}::varchar`,
        versaoTermos: sql.placeholder('versaoTermos'),
      })
      // A second order of the same checkout attempt is never written (pedidos_chave_checkout_uq): the
      // statement then returns no row, and the caller reads the attempt's order instead.
      .onConflictDoNothing({ target: [pedidos.clienteId, pedidos.chaveCheckout] })
      .returning({ id: pedidos.id, valorTotal: pedidos.valorTotal })
      .getSQL(),
  );
  // The order's units (ADR 032), reserved by the statement that writes it, so concurrent orders cannot oversell:
  // each product only while its free units cover the line (the condition is evaluated again on the row a concurrent
  // order just changed). The caller compares what was reserved with what was asked and refuses the order (409,
  // rolling it back) when a line is short. The physical gift separately: its line is written only with its unit.
  const reservaCte = db.$with('reserva', {}).as(
    sql`update ${produtos} p set reservado = p.reservado + x.q
      from pedido o, jsonb_to_recordset(${sql.placeholder('reservas')}::jsonb) as x(id int, q int)
      where p.id = x.id and p.estoque - p.reservado >= x.q
      returning p.id, x.q`,
  );
  const brindeReservaCte = db.$with('brinde_reserva', {}).as(
    sql`update ${produtos} p set reservado = p.reservado + 1
      from pedido o
      where p.id = ${sql.placeholder('brindeReserva')}::int and p.estoque - p.reservado >= 1
      returning p.id, 1 as q`,
  );
  const movimentosCte = db.$with('movimentos', {}).as(
    sql`insert into estoque_movimentos (produto_id, pedido_id, tipo, quantidade, delta_estoque, delta_reservado, quem, quem_id)
      select r.id, o.id, 'reserva', r.q, 0, r.q, ${sql.placeholder('quem')}::varchar, ${sql.placeholder('quemId')}::int
      from pedido o, (select id, q from reserva union all select id, q from brinde_reserva) r`,
  );
  // Money travels in cents (integers) and becomes numeric(12,2) by an exact division.
  const itensCte = db.$with('itens', {}).as(
    sql`insert into ${pedidoItens} (pedido_id, produto_id, produto_nome, quantidade, valor_unitario, valor_total, brinde, digital)
      select p.id, (x.e->>'produtoId')::int, x.e->>'produtoNome', (x.e->>'quantidade')::int,
        (x.e->>'valorUnitario')::numeric / 100, (x.e->>'valorTotal')::numeric / 100,
        (x.e->>'brinde')::boolean, (x.e->>'digital')::boolean
      from pedido p, jsonb_array_elements(${sql.placeholder('itens')}::jsonb) with ordinality as x(e, n)
      where not coalesce((x.e->>'reservaBrinde')::boolean, false) or exists (select 1 from brinde_reserva)
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
  // The customer's notification of the new order (ADR 046), kept by the same statement: no extra round trip on
  // the benchmarked path (README, Desempenho: P4).
  const notificacaoCte = db.$with('notificacao', {}).as(
    sql`insert into ${notificacoes} (cliente_id, tipo, texto, status_pagamento, pedido_id)
      select ${sql.placeholder('clienteId')}::int, 'pedido', replace(${sql.placeholder('textoRecebido')}::text, '{id}', p.id::text),
        'pending', p.id
      from pedido p
      returning id`,
  );
  const novoPedido = prepareWrite(
    db
      .with(
        pedidoCte,
        reservaCte,
        brindeReservaCte,
        movimentosCte,
        itensCte,
        enderecoCte,
        pagamentoCte,
        historicoCte,
        notificacaoCte,
      )
      .select({
        id: sql<number>`p.id`.mapWith(Number),
        reservados: sql<number[]>`array(select id from reserva)`,
        notificacaoId: sql<number>`(select id from notificacao)`.mapWith(Number),
      })
      .from(sql`pedido p`),
    'pedido_criar',
  );

  const porTentativa = prepareRead(daTentativa().limit(1), 'pedido_da_tentativa');

  return {
    /**
     * Everything an order is priced with, in one statement (README, Desempenho: P4: on
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
     *  - `cepDaEmpresa`: the company's CEP (the freight's origin), or null;
     *  - `regras`: the commercial rules (PIX discount, installments).
     * One row per product, the rest repeated on each; a single row with no
     * product when none of `ids` exists.
     */
    async paraPrecificar(
      ids: number[],
      c: { clienteId: number; chaveCheckout: string; municipioId: number | null; ufId: number | null },
    ): Promise<DadosParaPrecificar> {
      const rows = await precificacao.execute({
        ids: `{${ids.join(',')}}`,
        clienteId: c.clienteId,
        chaveCheckout: c.chaveCheckout,
        municipioId: c.municipioId,
        ufId: c.ufId,
      });
      const [loja] = rows;
      return {
        produtos: rows.flatMap((r) =>
          r.produto ? [{ ...r.produto, jaComprado: r.jaComprado, pedidoEmAberto: r.pedidoEmAberto ?? null }] : [],
        ),
        limiarBrinde: loja?.limiarBrinde ?? null,
        brinde: loja?.brinde ?? null,
        municipioDaUf: loja?.municipioDaUf ?? false,
        cepDaEmpresa: loja?.cepDaEmpresa ?? null,
        pedidoDaTentativa: loja?.pedidoDaTentativa ?? null,
        cro: loja?.croNumero && loja.croUf ? { numero: loja.croNumero, uf: loja.croUf } : null,
        regras: loja!.regras,
      };
    },

    /**
     * Writes the order, its items, delivery address, pending payment and the
     * first history row, and reserves its units with their movements (ADR 032),
     * with `tx` (the caller's transaction) in one statement (each INSERT or
     * UPDATE in a WITH runs once, whether or not the statement reads its
     * output); returns the id and the products whose units were reserved (the
     * caller refuses the order when one of `reservas` is missing), or null when
     * the checkout attempt already has its order (nothing is written then).
     */
    async criar(
      tx: Tx,
      p: NovoPedidoData,
      autor: Autor,
    ): Promise<{ id: number; reservados: number[]; notificacaoId: number } | null> {
      const [row] = await novoPedido.execute(tx, {
        clienteId: p.clienteId,
        chaveCheckout: p.chaveCheckout,
        valorProdutos: p.valorProdutos,
        valorFrete: p.valorFrete,
        descontoPix: p.descontoPix,
        cupomCodigo: p.cupom?.codigo ?? null,
        descontoCupom: p.cupom?.desconto ?? 0,
        cupomAcumulaPix: p.cupom?.acumulaPix ?? false,
        freteGratis: p.freteGratis,
        valorTotal: p.valorTotal,
        parcelas: p.pagamento.parcelamento?.parcelas ?? null,
        valorParcela: p.pagamento.parcelamento?.valorParcela ?? null,
        totalCobrado: p.pagamento.parcelamento?.total ?? null,
        nomeRecebedor: p.nomeRecebedor,
        telefoneRecebedor: p.telefoneRecebedor,
        dadosNome: p.dados.nome,
        dadosEmail: p.dados.email,
        dadosTelefone: p.dados.telefone,
        dadosDocumento: p.dados.documento,
        dadosCroNumero: p.cro?.numero ?? null,
        dadosCroUf: p.cro?.uf ?? null,
        entregaIdMelhorEnvio: p.entrega?.idMelhorEnvio ?? null,
        entregaServico: p.entrega?.servico ?? null,
        entregaTransportadora: p.entrega?.transportadora ?? null,
        entregaPrazoDias: p.entrega?.prazoDias ?? null,
        versaoTermos: p.versaoTermos,
        estoqueSituacao: p.reservas.length > 0 || p.brindeReserva !== null ? 'reservado' : null,
        reservas: JSON.stringify(p.reservas),
        brindeReserva: p.brindeReserva,
        itens: JSON.stringify(
          p.itens.map((i) => (i.brinde && i.produtoId === p.brindeReserva ? { ...i, reservaBrinde: true } : i)),
        ),
        endereco: JSON.stringify(p.endereco ? [p.endereco] : []),
        tipoPagamento: p.pagamento.tipo,
        paymentMethodId: p.pagamento.paymentMethodId,
        quem: autor.quem,
        quemId: autor.quemId,
        textoRecebido: MSG_API.pedidoRecebido,
      });
      return row
        ? { id: row.id, reservados: (row.reservados ?? []).map(Number), notificacaoId: row.notificacaoId }
        : null;
    },

    /** The order the client's checkout attempt created (by the key's hash); undefined when there is none. */
    async daTentativa(clienteId: number, chaveCheckout: string): Promise<number | undefined> {
      const [row] = await porTentativa.execute({ clienteId, chaveCheckout });
      return row?.id;
    },
  };
}

export type PrecificacaoRepository = ReturnType<typeof createPrecificacaoRepository>;
