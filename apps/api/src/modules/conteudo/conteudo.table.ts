import { relations, sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, serial, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { produtos } from '../produto/produto.table.js';

/**
 * Content items of a digital product (classroom): a video or a PDF kept in
 * private file storage under `arquivo` (e.g. "private/conteudos/…").
 */
export const conteudosProduto = pgTable(
  'conteudos_produto',
  {
    id: serial('id').primaryKey(),
    produtoId: integer('produto_id')
      .notNull()
      .references(() => produtos.id, { onDelete: 'cascade' }),
    ordem: integer('ordem').notNull(),
    titulo: varchar('titulo', { length: 150 }).notNull(),
    /** HH:MM:SS; SPEC §5 bounds only minutes and seconds, so a long lesson may pass 24 hours. */
    duracao: varchar('duracao', { length: 8 }).notNull(),
    arquivo: varchar('arquivo', { length: 500 }).notNull(),
    nomeArquivo: varchar('nome_arquivo', { length: 255 }),
    video: boolean('video').notNull(),
    tipo: varchar('tipo', { length: 100 }).notNull(),
    tamanho: bigint('tamanho', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('conteudos_produto_ordem_uq').on(t.produtoId, t.ordem),
    check('conteudos_produto_ordem_ck', sql`${t.ordem} >= 1`),
    check('conteudos_produto_tamanho_ck', sql`${t.tamanho} >= 0`),
    check('conteudos_produto_duracao_ck', sql`${t.duracao} ~ '^[0-9]{2}:[0-5][0-9]:[0-5][0-9]$'`),
  ],
);

export const conteudosProdutoRelations = relations(conteudosProduto, ({ one }) => ({
  produto: one(produtos, { fields: [conteudosProduto.produtoId], references: [produtos.id] }),
}));
export const produtosConteudosRelations = relations(produtos, ({ many }) => ({ conteudos: many(conteudosProduto) }));

export type ConteudoProduto = typeof conteudosProduto.$inferSelect;
