import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { STATUS_NOTA_FISCAL, type StatusNotaFiscal } from '@clinica/shared/schemas/nota-fiscal';
import { instante } from '../../db/columns.js';
import { pedidos } from '../pedido/pedido.table.js';
import type { DadosNota } from './nota-fiscal.dados.js';

export const PROVEDORES_NOTA = ['sandbox', 'nfeio'] as const;
export type ProvedorNota = (typeof PROVEDORES_NOTA)[number];

/**
 * The NF-e of an order (ADR 031): one row per order (the unique index makes the invoice exactly once, whatever the
 * number of instances or payment notices), written by the issuing job. `dados` is what was sent to the provider (the
 * buyer, the lines with NCM/CFOP, freight and totals): the sandbox's DANFE and XML are drawn from it on request, so
 * the document never changes once issued; an NFE.io invoice's documents are read from NFE.io (`provider_id`).
 */
export const notasFiscais = pgTable(
  'notas_fiscais',
  {
    id: serial('id').primaryKey(),
    pedidoId: integer('pedido_id')
      .notNull()
      .references(() => pedidos.id, { onDelete: 'cascade' }),
    provedor: varchar('provedor', { length: 20 }).$type<ProvedorNota>().notNull(),
    status: varchar('status', { length: 10 }).$type<StatusNotaFiscal>().notNull().default('pendente'),
    /** The provider's id of the invoice (NFE.io's, while SEFAZ authorises it and after). */
    providerId: varchar('provider_id', { length: 100 }),
    numero: integer('numero'),
    serie: integer('serie'),
    chaveAcesso: varchar('chave_acesso', { length: 44 }),
    /** Where the DANFE and the XML are: null for the sandbox (drawn from `dados`), the provider's links otherwise. */
    pdfUrl: text('pdf_url'),
    xmlUrl: text('xml_url'),
    dados: jsonb('dados').$type<DadosNota>(),
    motivoFalha: text('motivo_falha'),
    tentativas: integer('tentativas').notNull().default(0),
    emitidaEm: instante('emitida_em'),
    createdAt: instante('created_at').notNull().defaultNow(),
    updatedAt: instante('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notas_fiscais_pedido_uq').on(t.pedidoId),
    uniqueIndex('notas_fiscais_chave_uq').on(t.chaveAcesso),
    check(
      'notas_fiscais_status_ck',
      sql`${t.status} IN (${sql.raw(STATUS_NOTA_FISCAL.map((s) => `'${s}'`).join(', '))})`,
    ),
    check(
      'notas_fiscais_emitida_ck',
      sql`${t.status} <> 'emitida' OR (${t.numero} IS NOT NULL AND ${t.chaveAcesso} IS NOT NULL)`,
    ),
  ],
);

export type NotaFiscalRow = typeof notasFiscais.$inferSelect;
