import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { usuarios } from '../usuario/usuario.table.js';

/** Purposes of 6-digit e-mail codes (docs/behaviour/accounts-and-sign-in.md#e-mail-codes). */
export const FINALIDADES_CODIGO = [
  'RECUPERACAO_ACESSO',
  'CONFIRMACAO',
  'CRIACAO',
  'EDICAO_EMAIL',
  'EDICAO_SENHA',
] as const;
export type FinalidadeCodigo = (typeof FINALIDADES_CODIGO)[number];

/** One-time codes sent by e-mail; only a hash of the code is stored. */
export const codigosEmail = pgTable(
  'codigos_email',
  {
    id: serial('id').primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    finalidade: varchar('finalidade', { length: 30 }).$type<FinalidadeCodigo>().notNull(),
    /** Where the code was sent (the new address when changing the e-mail). */
    emailDestino: varchar('email_destino', { length: 254 }),
    codigoHash: text('codigo_hash').notNull(),
    tentativas: integer('tentativas').notNull().default(0),
    expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
    usadoEm: timestamp('usado_em', { withTimezone: true }),
    /** Set when a code is accepted and still has to be spent (e.g. recovery step 2). */
    validadoEm: timestamp('validado_em', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('codigos_email_tentativas_ck', sql`${t.tentativas} >= 0`),
    index('codigos_email_usuario_idx').on(t.usuarioId, t.finalidade, t.createdAt),
  ],
);

export const SITUACOES_EMAIL_SAIDA = ['PENDENTE', 'ENVIANDO', 'ENVIADO', 'FALHOU'] as const;
export type SituacaoEmailSaida = (typeof SITUACOES_EMAIL_SAIDA)[number];

/**
 * Outbox of e-mails: the sandbox reads it, the SMTP worker drains it. With
 * SMTP, a delivered message keeps its recipient, subject and status but not
 * its body (`texto` '' and `html` NULL: codes and links are not kept at rest,
 * ADR 007); the sandbox's outbox is the demo's mailbox and keeps them.
 */
export const emailsSaida = pgTable(
  'emails_saida',
  {
    id: serial('id').primaryKey(),
    para: varchar('para', { length: 254 }).notNull(),
    assunto: varchar('assunto', { length: 255 }).notNull(),
    texto: text('texto').notNull(),
    html: text('html'),
    /** Reply-To of the message (the sender of a contact message), when there is one. */
    responderPara: varchar('responder_para', { length: 254 }),
    /** Extra headers of the message (a marketing e-mail's List-Unsubscribe, ADR 034), or null. */
    cabecalhos: jsonb('cabecalhos').$type<Record<string, string>>(),
    status: varchar('status', { length: 20 }).$type<SituacaoEmailSaida>().notNull().default('PENDENTE'),
    tentativas: integer('tentativas').notNull().default(0),
    ultimoErro: text('ultimo_erro'),
    proximaTentativaEm: timestamp('proxima_tentativa_em', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }),
  },
  (t) => [
    check('emails_saida_tentativas_ck', sql`${t.tentativas} >= 0`),
    index('emails_saida_fila_idx').on(t.status, t.proximaTentativaEm),
    index('emails_saida_para_idx').on(sql`lower(${t.para})`, t.createdAt),
    /** The retention job's way to the oldest sent or failed e-mails (ADR 007). */
    index('emails_saida_idade_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Messages of the contact form (docs/behaviour/site.md#contact), kept whether or not the mail to the clinic goes out.
 */
export const mensagensContato = pgTable(
  'mensagens_contato',
  {
    id: serial('id').primaryKey(),
    nome: varchar('nome', { length: 150 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    telefone: varchar('telefone', { length: 11 }).notNull(),
    assunto: varchar('assunto', { length: 30 }).notNull(),
    mensagem: text('mensagem').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'mensagens_contato_assunto_ck',
      sql`${t.assunto} IN ('agendamento', 'duvida_tratamento', 'informacoes', 'outro')`,
    ),
    check('mensagens_contato_telefone_ck', sql`${t.telefone} ~ '^[0-9]{10,11}$'`),
    index('mensagens_contato_data_idx').on(t.createdAt),
  ],
);

export type CodigoEmail = typeof codigosEmail.$inferSelect;
export type EmailSaida = typeof emailsSaida.$inferSelect;
export type MensagemContato = typeof mensagensContato.$inferSelect;
export type NovoEmailSaida = typeof emailsSaida.$inferInsert;
