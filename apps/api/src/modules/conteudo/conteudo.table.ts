import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { clientes } from '../cliente/cliente.table.js';
import { produtos } from '../produto/produto.table.js';
import { usuarios } from '../usuario/usuario.table.js';

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
    /** HH:MM:SS; the form bounds only minutes and seconds, so a long lesson may pass 24 hours. */
    duracao: varchar('duracao', { length: 8 }).notNull(),
    arquivo: varchar('arquivo', { length: 500 }).notNull(),
    nomeArquivo: varchar('nome_arquivo', { length: 255 }),
    video: boolean('video').notNull(),
    tipo: varchar('tipo', { length: 100 }).notNull(),
    tamanho: bigint('tamanho', { mode: 'number' }).notNull(),
    /**
     * PRONTO: playable. PROCESSANDO: an uploaded AVI being transcoded to MP4 by a
     * background job (not offered to students yet). FALHOU: the transcoding failed.
     */
    processamento: varchar('processamento', { length: 12 }).notNull().default('PRONTO'),
    /** The staff let a buyer download this item's file (ADR 046); off by default. */
    permiteDownload: boolean('permite_download').notNull().default(false),
    /**
     * A free preview (ADR 047): anyone may open the file from the course's page, through the public preview route,
     * while the product is active. Set by the staff in the back-office.
     */
    previaGratuita: boolean('previa_gratuita').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('conteudos_produto_ordem_uq').on(t.produtoId, t.ordem),
    check('conteudos_produto_ordem_ck', sql`${t.ordem} >= 1`),
    check('conteudos_produto_tamanho_ck', sql`${t.tamanho} >= 0`),
    check('conteudos_produto_processamento_ck', sql`${t.processamento} IN ('PRONTO', 'PROCESSANDO', 'FALHOU')`),
    check('conteudos_produto_duracao_ck', sql`${t.duracao} ~ '^[0-9]{2}:[0-5][0-9]:[0-5][0-9]$'`),
  ],
);

export type ConteudoProduto = typeof conteudosProduto.$inferSelect;

/**
 * A user's progress on one content item (ADR 013): done or not, where the
 * video was left, and when it was last touched (the classroom resumes the
 * item touched last). Kept per user, so an ADMIN has progress too; rows stay
 * when access is revoked and count again if the course is bought again.
 */
export const progressoConteudos = pgTable(
  'progresso_conteudos',
  {
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    conteudoId: integer('conteudo_id')
      .notNull()
      .references(() => conteudosProduto.id, { onDelete: 'cascade' }),
    concluido: boolean('concluido').notNull().default(false),
    concluidoEm: timestamp('concluido_em', { withTimezone: true }),
    posicaoSegundos: integer('posicao_segundos').notNull().default(0),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.usuarioId, t.conteudoId] }),
    index('progresso_conteudos_conteudo_idx').on(t.conteudoId),
    check('progresso_conteudos_posicao_ck', sql`${t.posicaoSegundos} >= 0`),
    check('progresso_conteudos_concluido_ck', sql`${t.concluido} = (${t.concluidoEm} IS NOT NULL)`),
  ],
);

/**
 * Certificates of completed courses (ADR 013). What is printed is copied at
 * issue time (name, course, workload, completion date), so the certificate
 * reads the same forever and stays verifiable if the product is later
 * removed (produto_id becomes null). `codigo` is the verification code:
 * 14 Crockford base32 characters, 12 random and 2 of checksum.
 */
export const certificados = pgTable(
  'certificados',
  {
    id: serial('id').primaryKey(),
    codigo: varchar('codigo', { length: 14 }).notNull(),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    produtoId: integer('produto_id').references(() => produtos.id, { onDelete: 'set null' }),
    nomeCliente: varchar('nome_cliente', { length: 150 }).notNull(),
    curso: varchar('curso', { length: 150 }).notNull(),
    cargaHoraria: varchar('carga_horaria', { length: 30 }),
    concluidoEm: timestamp('concluido_em', { withTimezone: true }).notNull(),
    emitidoEm: timestamp('emitido_em', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the certificate stopped counting: the course's order was withdrawn or refunded (ADR 036). Its public
     * check then says it was revoked and when.
     */
    revogadoEm: timestamp('revogado_em', { withTimezone: true }),
  },
  (t) => [
    unique('certificados_codigo_uq').on(t.codigo),
    unique('certificados_cliente_produto_uq').on(t.clienteId, t.produtoId),
    check('certificados_codigo_ck', sql`${t.codigo} ~ '^[0-9A-HJKMNP-TV-Z]{14}$'`),
  ],
);

export type ProgressoConteudoRow = typeof progressoConteudos.$inferSelect;
export type CertificadoRow = typeof certificados.$inferSelect;
