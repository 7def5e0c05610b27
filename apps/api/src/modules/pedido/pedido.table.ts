import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { SituacaoPedido } from '@clinica/shared/schemas/pedido';
import type { EstadoEstoque } from '@clinica/shared/stock';
import { money } from '../../db/columns.js';
import { clientes } from '../cliente/cliente.table.js';
import { addressColumns } from '../endereco/endereco.table.js';
import { municipios } from '../geografia/geografia.table.js';
import { produtos } from '../produto/produto.table.js';

// The order's statuses are the shared contract's (SITUACOES_PEDIDO, docs/behaviour/orders.md#order-statuses); the
// CHECKs below list them.
export type { SituacaoPedido } from '@clinica/shared/schemas/pedido';

/**
 * Orders. Values are recomputed by the server; the personal data, the
 * receiver and the chosen freight option are snapshots taken at checkout.
 */
export const pedidos = pgTable(
  'pedidos',
  {
    id: serial('id').primaryKey(),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'restrict' }),
    situacao: varchar('situacao', { length: 20 }).$type<SituacaoPedido>().notNull().default('PENDENTE'),
    valorProdutos: money('valor_produtos').notNull(),
    valorFrete: money('valor_frete')
      .notNull()
      .default(sql`0`),
    valorTotal: money('valor_total').notNull(),
    /**
     * The PIX discount inside valor_total (docs/behaviour/payments.md#pix-discount): set when the order is priced
     * for PIX, back to 0 when it is paid again by card (in the transaction that records the attempt).
     */
    descontoPix: money('desconto_pix')
      .notNull()
      .default(sql`0`),
    /**
     * The discount coupon the order used (docs/behaviour/bag-and-checkout.md#coupons, ADR 028): its code, its
     * discount inside valor_total and whether it combines with the PIX discount, fixed at the order's creation so
     * every later payment attempt prices the order with them. Its use is the row of cupom_usos.
     */
    cupomCodigo: varchar('cupom_codigo', { length: 30 }),
    descontoCupom: money('desconto_cupom')
      .notNull()
      .default(sql`0`),
    cupomAcumulaPix: boolean('cupom_acumula_pix').notNull().default(false),
    /** The store's free shipping was applied at the order's creation: valor_frete is 0 (ADR 028). */
    freteGratis: boolean('frete_gratis').notNull().default(false),
    /**
     * The card installments of the order's latest card attempt (docs/behaviour/payments.md#installments): the count,
     * the regular installment and the total charged with interest; null when it is paid by PIX or not yet tried.
     */
    parcelas: integer('parcelas'),
    valorParcela: money('valor_parcela'),
    totalCobrado: money('total_cobrado'),
    nomeRecebedor: varchar('nome_recebedor', { length: 150 }),
    telefoneRecebedor: varchar('telefone_recebedor', { length: 20 }),
    // dadosPessoais snapshot
    dadosNome: varchar('dados_nome', { length: 150 }),
    dadosEmail: varchar('dados_email', { length: 254 }),
    dadosTelefone: varchar('dados_telefone', { length: 20 }),
    dadosDocumento: varchar('dados_documento', { length: 14 }),
    /**
     * The buyer's CRO when the order has a professional-use item (ADR 037, RDC 6/2015), as it was then: printed on
     * the invoice; null otherwise.
     */
    dadosCroNumero: varchar('dados_cro_numero', { length: 6 }),
    dadosCroUf: varchar('dados_cro_uf', { length: 2 }),
    // entrega (freight option) snapshot
    entregaIdMelhorEnvio: integer('entrega_id_melhor_envio'),
    entregaServico: varchar('entrega_servico', { length: 100 }),
    entregaTransportadora: varchar('entrega_transportadora', { length: 100 }),
    entregaPrazoDias: integer('entrega_prazo_dias'),
    canceladoEm: timestamp('cancelado_em', { withTimezone: true }),
    /** The carrier's tracking code, given by staff when the order moves to ENVIADO (mailed to the client). */
    codigoRastreio: varchar('codigo_rastreio', { length: 50 }),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }),
    entregueEm: timestamp('entregue_em', { withTimezone: true }),
    /**
     * SHA-256 (hex) of the checkout attempt that created the order (its Idempotency-Key, ADR 010): a retry of
     * the same attempt, even days later, finds this order instead of making a second one.
     */
    chaveCheckout: varchar('chave_checkout', { length: 64 }),
    /**
     * Where the order's physical units stand (ADR 032, packages/shared/src/stock.ts): 'reservado' from its creation,
     * 'vendido' once paid, 'liberado' once given up (or refunded before shipping); null without physical lines.
     */
    estoqueSituacao: varchar('estoque_situacao', { length: 10 }).$type<EstadoEstoque>(),
    /**
     * The right of withdrawal (CDC art. 49, ADR 036): when the customer withdrew ('Desistir da compra') and the
     * reason they gave; when the staff recorded the returned goods' arrival ('Registrar chegada da devolução').
     */
    desistenciaEm: timestamp('desistencia_em', { withTimezone: true }),
    desistenciaMotivo: varchar('desistencia_motivo', { length: 500 }),
    devolucaoRecebidaEm: timestamp('devolucao_recebida_em', { withTimezone: true }),
    /**
     * The version of the terms of purchase the customer accepted at checkout (packages/shared/src/termos.ts, ADR 035);
     * null for orders made before the terms had versions.
     */
    versaoTermos: varchar('versao_termos', { length: 20 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'pedidos_situacao_ck',
      sql`${t.situacao} IN ('PENDENTE', 'PAGO', 'ENVIADO', 'ENTREGUE', 'CANCELADO', 'RECUSADO', 'DEVOLUCAO_SOLICITADA')`,
    ),
    check('pedidos_valor_produtos_ck', sql`${t.valorProdutos} >= 0`),
    check('pedidos_valor_frete_ck', sql`${t.valorFrete} >= 0`),
    check('pedidos_valor_total_ck', sql`${t.valorTotal} >= 0`),
    check('pedidos_desconto_pix_ck', sql`${t.descontoPix} >= 0`),
    check('pedidos_desconto_cupom_ck', sql`${t.descontoCupom} >= 0`),
    check('pedidos_parcelas_ck', sql`${t.parcelas} BETWEEN 1 AND 24`),
    check('pedidos_prazo_ck', sql`${t.entregaPrazoDias} >= 0`),
    check(
      'pedidos_estoque_situacao_ck',
      sql`${t.estoqueSituacao} IN ('reservado', 'vendido', 'liberado', 'devolvido')`,
    ),
    index('pedidos_cliente_idx').on(t.clienteId, t.createdAt),
    uniqueIndex('pedidos_chave_checkout_uq').on(t.clienteId, t.chaveCheckout),
    index('pedidos_created_idx').on(t.createdAt),
    index('pedidos_situacao_idx').on(t.situacao),
  ],
);

export const pedidoItens = pgTable(
  'pedido_itens',
  {
    id: serial('id').primaryKey(),
    pedidoId: integer('pedido_id')
      .notNull()
      .references(() => pedidos.id, { onDelete: 'cascade' }),
    produtoId: integer('produto_id')
      .notNull()
      .references(() => produtos.id, { onDelete: 'restrict' }),
    produtoNome: varchar('produto_nome', { length: 150 }).notNull(),
    quantidade: integer('quantidade').notNull(),
    valorUnitario: money('valor_unitario').notNull(),
    valorTotal: money('valor_total').notNull(),
    brinde: boolean('brinde').notNull().default(false),
    digital: boolean('digital').notNull().default(false),
  },
  (t) => [
    check('pedido_itens_quantidade_ck', sql`${t.quantidade} >= 1`),
    check('pedido_itens_valor_unitario_ck', sql`${t.valorUnitario} >= 0`),
    check('pedido_itens_valor_total_ck', sql`${t.valorTotal} >= 0`),
    index('pedido_itens_pedido_idx').on(t.pedidoId),
    index('pedido_itens_produto_idx').on(t.produtoId),
  ],
);

/** Delivery address snapshot (absent for orders with only digital items). */
export const pedidoEnderecosEntrega = pgTable(
  'pedido_enderecos_entrega',
  {
    id: serial('id').primaryKey(),
    pedidoId: integer('pedido_id')
      .notNull()
      .unique()
      .references(() => pedidos.id, { onDelete: 'cascade' }),
    ...addressColumns(),
  },
  (t) => [
    foreignKey({
      name: 'pedido_enderecos_entrega_municipio_uf_fk',
      columns: [t.municipioId, t.ufId],
      foreignColumns: [municipios.id, municipios.ufId],
    }),
    check('pedido_enderecos_entrega_cep_ck', sql`${t.cep} ~ '^[0-9]{8}$'`),
  ],
);

/** Who changed an order's status: the customer, a staff member (by role) or the system (payments, expiry). */
export const AUTORES_HISTORICO = ['CLIENTE', 'USUARIO', 'ADMIN', 'SISTEMA'] as const;
export type AutorHistorico = (typeof AUTORES_HISTORICO)[number];

/**
 * Every status change of an order, append-only: `de` is null on creation;
 * `quemId` is the client id for CLIENTE, the user id for USUARIO/ADMIN and
 * null for SISTEMA (kept as a plain number so history survives deletions).
 */
export const pedidoHistorico = pgTable(
  'pedido_historico',
  {
    id: serial('id').primaryKey(),
    pedidoId: integer('pedido_id')
      .notNull()
      .references(() => pedidos.id, { onDelete: 'cascade' }),
    de: varchar('de', { length: 20 }).$type<SituacaoPedido>(),
    para: varchar('para', { length: 20 }).$type<SituacaoPedido>().notNull(),
    quem: varchar('quem', { length: 10 }).$type<AutorHistorico>().notNull(),
    quemId: integer('quem_id'),
    quando: timestamp('quando', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('pedido_historico_quem_ck', sql`${t.quem} IN ('CLIENTE', 'USUARIO', 'ADMIN', 'SISTEMA')`),
    check(
      'pedido_historico_para_ck',
      sql`${t.para} IN ('PENDENTE', 'PAGO', 'ENVIADO', 'ENTREGUE', 'CANCELADO', 'RECUSADO', 'DEVOLUCAO_SOLICITADA')`,
    ),
    index('pedido_historico_pedido_idx').on(t.pedidoId, t.quando),
  ],
);

/** What a stock movement does (ADR 032): an order's moves, and the staff's (entrada, ajuste, perda). */
export const TIPOS_MOVIMENTO_ESTOQUE = [
  'reserva',
  'venda',
  'liberacao',
  'devolucao',
  'entrada',
  'ajuste',
  'perda',
] as const;
export type TipoMovimentoEstoque = (typeof TIPOS_MOVIMENTO_ESTOQUE)[number];

/**
 * Every change of a product's stock, append-only (ADR 032): the product, the order that moved it (null for the
 * staff's moves), the kind, the units moved (`quantidade`, > 0) and what it did to each column (`deltaEstoque`,
 * `deltaReservado`, signed), who and when, and a reason for the staff's adjustments. `estoque` and `reservado` of a
 * product are the sums of its movements.
 */
export const estoqueMovimentos = pgTable(
  'estoque_movimentos',
  {
    id: serial('id').primaryKey(),
    produtoId: integer('produto_id')
      .notNull()
      .references(() => produtos.id, { onDelete: 'cascade' }),
    pedidoId: integer('pedido_id').references(() => pedidos.id, { onDelete: 'set null' }),
    tipo: varchar('tipo', { length: 10 }).$type<TipoMovimentoEstoque>().notNull(),
    quantidade: integer('quantidade').notNull(),
    deltaEstoque: integer('delta_estoque').notNull(),
    deltaReservado: integer('delta_reservado').notNull(),
    motivo: varchar('motivo', { length: 200 }),
    quem: varchar('quem', { length: 10 }).$type<AutorHistorico>().notNull(),
    quemId: integer('quem_id'),
    quando: timestamp('quando', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'estoque_movimentos_tipo_ck',
      sql`${t.tipo} IN ('reserva', 'venda', 'liberacao', 'devolucao', 'entrada', 'ajuste', 'perda')`,
    ),
    check('estoque_movimentos_quantidade_ck', sql`${t.quantidade} > 0`),
    check('estoque_movimentos_quem_ck', sql`${t.quem} IN ('CLIENTE', 'USUARIO', 'ADMIN', 'SISTEMA')`),
    index('estoque_movimentos_produto_idx').on(t.produtoId, t.quando),
    index('estoque_movimentos_pedido_idx').on(t.pedidoId),
  ],
);

export type Pedido = typeof pedidos.$inferSelect;
export type NovoPedido = typeof pedidos.$inferInsert;
export type PedidoItem = typeof pedidoItens.$inferSelect;
export type PedidoHistorico = typeof pedidoHistorico.$inferSelect;
export type PedidoEnderecoEntrega = typeof pedidoEnderecosEntrega.$inferSelect;
