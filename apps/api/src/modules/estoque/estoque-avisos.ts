/**
 * The back-in-stock e-mails (ADR 032, docs/behaviour/catalogue-and-search.md#avise-me): a job claims the pending requests of
 * the products that can be bought again, marks them sent and writes their e-mails to the outbox in one transaction
 * (`FOR UPDATE SKIP LOCKED` and `enviado_em IS NULL`: two runs, on one instance or several, never take the same
 * request, and a rolled-back run sends nothing). It runs when a staff move makes a product sellable (enqueued in the
 * move's transaction, one live job per product) and periodically, for the units that come back when an order
 * releases its reservation (pedido-estoque.ts writes nothing more on the order paths).
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import type { Mailer } from '../../integrations/mail/mail.js';
import type { JobHandlers, JobQueue } from '../../lib/jobs/index.js';
import { chegouEmail } from './estoque-emails.js';

/** The job: `{ produtoId }` for one product, `{}` for every product with pending requests. */
export const JOB_AVISAR_ESTOQUE = 'estoque.avisar';
/** How often the sweep runs (the released reservations' way back). */
export const AVISAR_ESTOQUE_A_CADA_SEGUNDOS = 5 * 60;
/** Requests answered per transaction. */
const LOTE = 100;

const payloadSchema = z.object({ produtoId: z.number().int().positive().optional() });

/** Enqueues the sending for a product, in `tx` (one live job per product: a second enqueue does nothing). */
export const avisarQuandoVendavel = (jobs: JobQueue, tx: Tx, produtoId: number) =>
  jobs.enqueue(JOB_AVISAR_ESTOQUE, { produtoId }, { key: `${JOB_AVISAR_ESTOQUE}:${produtoId}`, db: tx });

const linhasDe = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

export function createEstoqueAvisos({
  db,
  mailer,
  publicUrl,
}: {
  db: Db;
  mailer: Mailer;
  publicUrl: string | undefined;
}) {
  /** One batch: claims up to LOTE pending requests of sellable products, sends them; how many it sent. */
  async function lote(produtoId: number | undefined): Promise<number> {
    return db.transaction(async (tx) => {
      const filtro = produtoId === undefined ? sql`true` : sql`a.produto_id = ${produtoId}`;
      const r = await tx.execute(sql`with c as (
          select a.id from estoque_avisos a join produtos p on p.id = a.produto_id
          where ${filtro} and a.enviado_em is null and p.vendavel and p.ativo and not p.digital
          order by a.id limit ${LOTE} for update of a skip locked)
        update estoque_avisos s set enviado_em = now() from c, produtos p
        where s.id = c.id and p.id = s.produto_id and s.enviado_em is null
        returning s.email, p.id as produto_id, p.nome`);
      const enviados = linhasDe<{ email: string; produto_id: number; nome: string }>(r);
      for (const a of enviados) {
        await mailer.enviar(
          { para: a.email, ...chegouEmail({ id: Number(a.produto_id), nome: a.nome }, publicUrl) },
          tx,
        );
      }
      return enviados.length;
    });
  }

  /** Sends every pending request of `produtoId` (or of every product) that can be answered now. */
  async function avisar(produtoId?: number): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await lote(produtoId);
      total += n;
      if (n < LOTE) return total;
    }
  }

  return {
    avisar,
    jobHandlers(): JobHandlers {
      return {
        [JOB_AVISAR_ESTOQUE]: async (payload) => {
          await avisar(payloadSchema.parse(payload ?? {}).produtoId);
        },
      };
    },
  };
}
