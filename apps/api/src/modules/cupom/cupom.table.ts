import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { EscopoCupom, TipoCupom } from '@clinica/shared/coupon';
import { money } from '../../db/columns.js';
import { categorias } from '../categoria/categoria.table.js';
import { clientes } from '../cliente/cliente.table.js';
import { pedidos } from '../pedido/pedido.table.js';
import { produtos } from '../produto/produto.table.js';

/**
 * Discount coupons (docs/behaviour/back-office.md#coupons, ADR 025). `valor` is hundredths of a percent for a
 * PERCENTUAL coupon (10.50 in the column is 10,5 %) and cents for a FIXO one (10.50 is R$ 10,50): both are the
 * column's number times 100 in code. The code is kept upper-case (the check), so its unique index makes it unique
 * without regard to case. Coupons are never deleted (their uses refer to them): they are deactivated.
 */
export const cupons = pgTable(
  'cupons',
  {
    id: serial('id').primaryKey(),
    codigo: varchar('codigo', { length: 30 }).notNull(),
    descricao: varchar('descricao', { length: 255 }).notNull(),
    tipo: varchar('tipo', { length: 12 }).$type<TipoCupom>().notNull(),
    valor: money('valor').notNull(),
    valorMinimo: money('valor_minimo'),
    /** First and last clinic day (America/Sao_Paulo) of validity, both included. */
    inicio: date('inicio', { mode: 'string' }),
    fim: date('fim', { mode: 'string' }),
    limiteUsos: integer('limite_usos'),
    limitePorCliente: integer('limite_por_cliente'),
    primeiraCompra: boolean('primeira_compra').notNull().default(false),
    escopo: varchar('escopo', { length: 12 }).$type<EscopoCupom>().notNull().default('LOJA'),
    acumulaPix: boolean('acumula_pix').notNull().default(true),
    acumulaBrinde: boolean('acumula_brinde').notNull().default(true),
    ativo: boolean('ativo').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cupons_codigo_uq').on(t.codigo),
    check('cupons_codigo_ck', sql`${t.codigo} ~ '^[A-Z0-9]{3,30}$'`),
    check('cupons_tipo_ck', sql`${t.tipo} IN ('PERCENTUAL', 'FIXO')`),
    check('cupons_valor_ck', sql`${t.valor} > 0 AND (${t.tipo} <> 'PERCENTUAL' OR ${t.valor} <= 100)`),
    check('cupons_valor_minimo_ck', sql`${t.valorMinimo} > 0`),
    check('cupons_periodo_ck', sql`${t.fim} >= ${t.inicio}`),
    check('cupons_limite_usos_ck', sql`${t.limiteUsos} > 0`),
    check('cupons_limite_por_cliente_ck', sql`${t.limitePorCliente} > 0`),
    check('cupons_escopo_ck', sql`${t.escopo} IN ('LOJA', 'CATEGORIAS', 'PRODUTOS', 'FISICOS', 'DIGITAIS')`),
  ],
);

/** The categories of a CATEGORIAS coupon. A category deleted (only ever an empty one) leaves the coupon's list. */
export const cupomCategorias = pgTable(
  'cupom_categorias',
  {
    cupomId: integer('cupom_id')
      .notNull()
      .references(() => cupons.id, { onDelete: 'cascade' }),
    categoriaId: integer('categoria_id')
      .notNull()
      .references(() => categorias.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.cupomId, t.categoriaId] }),
    index('cupom_categorias_categoria_idx').on(t.categoriaId),
  ],
);

/** The products of a PRODUTOS coupon. */
export const cupomProdutos = pgTable(
  'cupom_produtos',
  {
    cupomId: integer('cupom_id')
      .notNull()
      .references(() => cupons.id, { onDelete: 'cascade' }),
    produtoId: integer('produto_id')
      .notNull()
      .references(() => produtos.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.cupomId, t.produtoId] }), index('cupom_produtos_produto_idx').on(t.produtoId)],
);

/**
 * Each order that used a coupon (one coupon per order), with the discount it got. A use counts while its order is
 * not CANCELADO (read through the join with `pedidos`), so a cancelled order frees its use without any hook; an
 * order deleted takes its use with it.
 */
export const cupomUsos = pgTable(
  'cupom_usos',
  {
    id: serial('id').primaryKey(),
    cupomId: integer('cupom_id')
      .notNull()
      .references(() => cupons.id, { onDelete: 'restrict' }),
    pedidoId: integer('pedido_id')
      .notNull()
      .references(() => pedidos.id, { onDelete: 'cascade' }),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'restrict' }),
    desconto: money('desconto').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cupom_usos_pedido_uq').on(t.pedidoId),
    index('cupom_usos_cupom_idx').on(t.cupomId, t.createdAt),
    index('cupom_usos_cliente_idx').on(t.clienteId, t.cupomId),
    check('cupom_usos_desconto_ck', sql`${t.desconto} >= 0`),
  ],
);

export type CupomRow = typeof cupons.$inferSelect;
