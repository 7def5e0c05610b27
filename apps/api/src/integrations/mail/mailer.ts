import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import type { JobBatchHandlers, JobQueue } from '../../lib/jobs/index.js';
import { DATABASE_CLOCK, type JobClock } from '../../lib/jobs/job-clock.js';
import { safeErrorMessage } from '../../lib/jobs/index.js';
import { emailsSaida } from '../../modules/email/email.table.js';
import { tarefas } from '../../modules/tarefa/tarefa.table.js';
import type { Mailer, MailMessage, MailTransport } from './mail.js';

/** Tipo of the job that delivers one stored e-mail; its payload is `{ emailId }`. */
export const EMAIL_JOB = 'email.enviar';

/** Attempts of a delivery job: with the default backoff (5 s doubling, 1 h cap) about 45 minutes of retries. */
export const EMAIL_MAX_ATTEMPTS = 10;

const ASSUNTO_MAX = 255;

export interface MailerOptions {
  db: Db;
  jobs: JobQueue;
  maxAttempts?: number;
  /** The job queue's clock (lib/jobs), for the delivery job's times; the database's by default. */
  clock?: JobClock;
}

/**
 * Mailer.enviar(): the message goes to the outbox (`emails_saida`, PENDENTE)
 * and a job `email.enviar` is enqueued for it, both in ONE statement (a
 * data-modifying CTE: the job's row is made from the e-mail's id), in the
 * caller's transaction when given (so a rolled-back request sends nothing),
 * otherwise on its own. Delivery happens in the job (emailJobHandlers, run in batches). One
 * statement matters on the paths that are measured (an order's PIX and its
 * 'received' e-mail, docs/quality.md P4).
 */
export function createMailer({
  db,
  jobs,
  maxAttempts = EMAIL_MAX_ATTEMPTS,
  clock = DATABASE_CLOCK,
}: MailerOptions): Mailer {
  async function store(message: MailMessage, q: Db | Tx): Promise<void> {
    const assunto =
      message.assunto.length > ASSUNTO_MAX ? `${message.assunto.slice(0, ASSUNTO_MAX - 1)}…` : message.assunto;
    const agora = clock.now();
    const result = (await q.execute(sql`
      with email as (
        insert into ${emailsSaida} (para, assunto, texto, html, responder_para, cabecalhos, status)
        values (${message.para.trim()}, ${assunto}, ${message.texto}, ${message.html || null}, ${message.responderPara ?? null}, ${message.cabecalhos ? JSON.stringify(message.cabecalhos) : null}::jsonb, 'PENDENTE')
        returning id
      )
      insert into ${tarefas} (tipo, payload, executar_em, criada_em, max_tentativas)
      select ${EMAIL_JOB}, jsonb_build_object('emailId', email.id), ${agora}, ${agora}, ${maxAttempts === Infinity ? null : maxAttempts}::int
      from email
      returning id`)) as unknown as { rows: unknown[] };
    if (result.rows.length !== 1) throw new Error('E-mail não registrado na caixa de saída');
  }

  return {
    async enviar(message, tx) {
      if (tx) {
        await store(message, tx);
        // On PGlite the worker's claim waits for the caller's transaction; on PostgreSQL the caller wakes it again
        // after its commit (or the worker finds the job at its next poll).
        jobs.wake();
        return;
      }
      await store(message, db);
      jobs.wake();
    },
  };
}

const payloadSchema = z.object({ emailId: z.number().int().positive() });

/** A delivered message's body as kept: none (recipient, subject and status stay). */
const CORPO_APAGADO = { texto: '', html: null } as const;

/** SMTP deliveries of one batch running at once (one connection each, smtp-transport.ts). */
const SMTP_CONCURRENCY = 5;

/**
 * The batch handler of `email.enviar` (lib/jobs JobBatchHandler): the due
 * e-mails of a busy store are delivered together. On the sandbox's outbox
 * the row is the mailbox and delivering is marking it: one statement for the
 * whole batch (the demo's and the benchmarks' cost of an e-mail,
 * docs/quality.md P4). Over SMTP each message is delivered on its own
 * (SMTP_CONCURRENCY at once): the row is read and marked ENVIANDO in one
 * statement, handed to the transport, then marked ENVIADO with its body
 * cleared (ADR 007); a failure is written to the row (tentativas,
 * ultimo_erro; FALHOU on the job's last attempt) and returned so that job
 * retries. A row already ENVIADO is not sent again when its job runs twice;
 * a crash between the server's acceptance and the ENVIADO mark can still send
 * one message twice (SMTP gives no way to ask whether it arrived).
 */
export function emailJobHandlers(transport: MailTransport, db: Db): JobBatchHandlers {
  async function deliverOne(emailId: number, lastAttempt: boolean): Promise<void> {
    const byId = eq(emailsSaida.id, emailId);
    const [email] = await db
      .update(emailsSaida)
      .set({ status: 'ENVIANDO', tentativas: sql`${emailsSaida.tentativas} + 1` })
      .where(and(byId, ne(emailsSaida.status, 'ENVIADO')))
      .returning();
    if (!email) return;
    try {
      await transport.deliver({
        para: email.para,
        assunto: email.assunto,
        texto: email.texto,
        html: email.html ?? '',
        ...(email.responderPara ? { responderPara: email.responderPara } : {}),
        ...(email.cabecalhos ? { cabecalhos: email.cabecalhos } : {}),
      });
    } catch (err) {
      await db
        .update(emailsSaida)
        .set({ status: lastAttempt ? 'FALHOU' : 'PENDENTE', ultimoErro: safeErrorMessage(err) })
        .where(byId);
      throw err;
    }
    // Delivered: the body (codes, links, addresses) leaves the database in the same statement (ADR 007).
    await db
      .update(emailsSaida)
      .set({ status: 'ENVIADO', enviadoEm: sql`now()`, ...CORPO_APAGADO })
      .where(byId);
  }

  return {
    [EMAIL_JOB]: async (jobs) => {
      const outcomes: unknown[] = jobs.map(() => undefined);
      const ids: Array<number | undefined> = jobs.map((job, i) => {
        const parsed = payloadSchema.safeParse(job.payload);
        if (parsed.success) return parsed.data.emailId;
        outcomes[i] = parsed.error;
        return undefined;
      });
      if (transport.kind === 'outbox') {
        const valid = ids.filter((id): id is number => id !== undefined);
        if (valid.length) {
          await db
            .update(emailsSaida)
            .set({ status: 'ENVIADO', enviadoEm: sql`now()`, tentativas: sql`${emailsSaida.tentativas} + 1` })
            .where(and(inArray(emailsSaida.id, valid), ne(emailsSaida.status, 'ENVIADO')));
        }
        return outcomes;
      }
      let next = 0;
      const lane = async () => {
        while (next < jobs.length) {
          const i = next++;
          const id = ids[i];
          if (id === undefined) continue;
          try {
            await deliverOne(id, jobs[i]!.ctx.lastAttempt);
          } catch (err) {
            outcomes[i] = err ?? new Error('Falha sem mensagem na entrega do e-mail');
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(SMTP_CONCURRENCY, jobs.length) }, lane));
      return outcomes;
    },
  };
}
