import { and, count, desc, eq } from 'drizzle-orm';
import type { EntidadeAuditoria } from '@clinica/shared/schemas/auditoria';
import type { Db } from '../../db/client.js';
import { usuarios } from '../usuario/usuario.table.js';
import { auditoria } from './auditoria.table.js';

/** Reads of the audit log (the writer is lib/auditoria.ts). */
export function createAuditoriaRepository(db: Db) {
  return {
    /**
     * One page of an entity's entries, newest first (ties by id, so a page
     * never repeats or skips an entry), with the writer's current name, and
     * the total count.
     */
    async listar(entidade: EntidadeAuditoria, entidadeId: number, pagina: { page: number; size: number }) {
      const where = and(eq(auditoria.entidade, entidade), eq(auditoria.entidadeId, entidadeId));
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(auditoria).where(where),
        db
          .select({
            id: auditoria.id,
            entidade: auditoria.entidade,
            entidadeId: auditoria.entidadeId,
            acao: auditoria.acao,
            usuarioId: auditoria.usuarioId,
            permissao: auditoria.permissao,
            nome: usuarios.nome,
            quando: auditoria.quando,
            antes: auditoria.antes,
            depois: auditoria.depois,
          })
          .from(auditoria)
          .leftJoin(usuarios, eq(usuarios.id, auditoria.usuarioId))
          .where(where)
          .orderBy(desc(auditoria.quando), desc(auditoria.id))
          .limit(pagina.size)
          .offset(pagina.page * pagina.size),
      ]);
      return { total: total?.n ?? 0, rows };
    },
  };
}

export type AuditoriaRepository = ReturnType<typeof createAuditoriaRepository>;
