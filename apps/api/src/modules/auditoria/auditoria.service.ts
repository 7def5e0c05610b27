import type { AuditoriaListagem, EntidadeAuditoria } from '@clinica/shared/schemas/auditoria';
import type { Role } from '../../lib/access.js';
import { forbidden } from '../../lib/errors.js';
import type { AuditoriaRepository } from './auditoria.repository.js';

/** Whose entries a role may read: staff read every entity but users and jobs, which are the manager's (ADMIN). */
function podeLerAuditoria(permissao: Role, entidade: EntidadeAuditoria): boolean {
  if (permissao === 'ADMIN') return true;
  return permissao === 'USUARIO' && entidade !== 'usuario' && entidade !== 'tarefa';
}

/**
 * The audit log as the back-office screens read it (docs/behaviour/back-office.md#audit-log): an entity's entries,
 * newest first.
 */
export function createAuditoriaService({ repository }: { repository: AuditoriaRepository }) {
  return {
    /** GET /auditoria/{entidade}/{entidadeId}: 403 for a USUARIO reading users; an id with no entries is an empty page. */
    async listar(
      quem: { permissao: Role },
      entidade: EntidadeAuditoria,
      entidadeId: number,
      pagina: { page: number; size: number },
    ): Promise<AuditoriaListagem> {
      if (!podeLerAuditoria(quem.permissao, entidade)) throw forbidden();
      const { total, rows } = await repository.listar(entidade, entidadeId, pagina);
      return {
        registros: rows.map((r) => ({
          id: r.id,
          entidade: r.entidade,
          entidadeId: r.entidadeId,
          acao: r.acao,
          usuario: r.nome === null ? null : { id: r.usuarioId, nome: r.nome, permissao: r.permissao },
          quando: r.quando.toISOString(),
          antes: r.antes ?? null,
          depois: r.depois ?? null,
        })),
        totalPaginas: Math.ceil(total / pagina.size),
        totalRegistros: total,
        page: pagina.page,
      };
    },
  };
}

export type AuditoriaService = ReturnType<typeof createAuditoriaService>;
