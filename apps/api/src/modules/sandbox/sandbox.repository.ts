import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailsSaida } from '../email/email.table.js';

export function createSandboxRepository(db: Db) {
  return {
    /**
     * The newest `limit` messages of the mail outbox addressed to `para`
     * (any letter case, any status), newest first; uses emails_saida_para_idx.
     */
    async emailsPara(para: string, limit: number) {
      return db
        .select({
          para: emailsSaida.para,
          assunto: emailsSaida.assunto,
          texto: emailsSaida.texto,
          html: emailsSaida.html,
          createdAt: emailsSaida.createdAt,
        })
        .from(emailsSaida)
        .where(sql`lower(${emailsSaida.para}) = lower(${para})`)
        .orderBy(desc(emailsSaida.createdAt), desc(emailsSaida.id))
        .limit(limit);
    },
  };
}

export type SandboxRepository = ReturnType<typeof createSandboxRepository>;
