import { pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Course authors (digital products); the photo is a public file. */
export const autores = pgTable('autores', {
  id: serial('id').primaryKey(),
  nome: varchar('nome', { length: 150 }).notNull(),
  sobre: text('sobre'),
  nomeImg: varchar('nome_img', { length: 255 }),
  pathImg: varchar('path_img', { length: 500 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type Autor = typeof autores.$inferSelect;
