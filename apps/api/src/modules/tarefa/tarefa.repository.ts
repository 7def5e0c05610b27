import { and, count, desc, eq, gt, isNotNull, like, or, sql, type SQL } from 'drizzle-orm';
import { PREFIXOS_TAREFA_DINHEIRO, type SituacaoFalhaTarefa } from '@clinica/shared/schemas/tarefa';
import type { Db } from '../../db/client.js';
import { registrarAuditoria, type QuemAudita } from '../../lib/auditoria.js';
import { tarefas as t, type Tarefa } from './tarefa.table.js';

/** Failing: back in the queue after a failed attempt (it runs again at `executar_em`). */
const FALHANDO = and(eq(t.status, 'PENDENTE'), gt(t.tentativas, 0), isNotNull(t.ultimoErro))!;
/** Dead: no attempts left; nothing runs it again until someone retries it. */
const FALHOU = eq(t.status, 'FALHOU');
const SITUACAO: Record<SituacaoFalhaTarefa, SQL> = { falhando: FALHANDO, falhou: FALHOU };
const DINHEIRO = or(...PREFIXOS_TAREFA_DINHEIRO.map((p) => like(t.tipo, `${p}%`)))!;

/** What the audit log keeps of a job: what 'Tentar novamente' changes. */
const instantaneo = (row: Tarefa) => ({
  status: row.status,
  tentativas: row.tentativas,
  ultimoErro: row.ultimoErro,
  executarEm: row.executarEm,
});

export type ResultadoTentarNovamente =
  { tipo: 'ok'; tarefa: Tarefa } | { tipo: 'inexistente' } | { tipo: 'sem-falha'; tarefa: Tarefa };

/** The SQL of the 'Tarefas' screen (ADMIN) over the queue's table; the queue's own SQL is lib/jobs/job-store.ts. */
export function createTarefaRepository(db: Db) {
  return {
    /** One page of failing and/or dead jobs: failing first (by next attempt), then dead, newest first. */
    async listar(
      filtro: { situacao?: SituacaoFalhaTarefa | undefined; tipo?: string | undefined },
      pagina: { page: number; size: number },
    ): Promise<{ total: number; rows: Tarefa[] }> {
      const where = and(
        filtro.situacao ? SITUACAO[filtro.situacao] : or(FALHANDO, FALHOU),
        filtro.tipo ? eq(t.tipo, filtro.tipo) : undefined,
      );
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(t).where(where),
        db
          .select()
          .from(t)
          .where(where)
          .orderBy(desc(t.executarEm), desc(t.id))
          .limit(pagina.size)
          .offset(pagina.page * pagina.size),
      ]);
      return { total: total?.n ?? 0, rows };
    },

    /** How many jobs are failing and dead, all and those of money (one statement). */
    async resumo() {
      const [row] = await db
        .select({
          falhando: sql<number>`count(*) FILTER (WHERE ${FALHANDO})`.mapWith(Number),
          falhou: sql<number>`count(*) FILTER (WHERE ${FALHOU})`.mapWith(Number),
          dinheiroFalhando: sql<number>`count(*) FILTER (WHERE ${FALHANDO} AND ${DINHEIRO})`.mapWith(Number),
          dinheiroFalhou: sql<number>`count(*) FILTER (WHERE ${FALHOU} AND ${DINHEIRO})`.mapWith(Number),
        })
        .from(t)
        .where(or(FALHANDO, FALHOU));
      return row ?? { falhando: 0, falhou: 0, dinheiroFalhando: 0, dinheiroFalhou: 0 };
    },

    async buscar(id: number): Promise<Tarefa | undefined> {
      const [row] = await db.select().from(t).where(eq(t.id, id));
      return row;
    },

    /**
     * 'Tentar novamente': a dead or failing job back to PENDENTE, due now, its
     * attempts reset (a full set again; the last error is kept until the next
     * attempt), with its audit entry, in one transaction. The row is locked
     * first, so a worker claiming it at the same moment either gets it before
     * (then it is running: 'sem-falha') or skips it. Another live job with the
     * same key makes the update fail on `tarefas_chave_viva_uq` (nothing written).
     */
    async tentarNovamente(id: number, quem: QuemAudita): Promise<ResultadoTentarNovamente> {
      return db.transaction(async (tx) => {
        const [antes] = await tx.select().from(t).where(eq(t.id, id)).for('update');
        if (!antes) return { tipo: 'inexistente' } as const;
        const comFalha = antes.status === 'FALHOU' || (antes.status === 'PENDENTE' && antes.tentativas > 0);
        if (!comFalha) return { tipo: 'sem-falha', tarefa: antes } as const;
        const [depois] = await tx
          .update(t)
          .set({ status: 'PENDENTE', tentativas: 0, executarEm: sql`now()`, bloqueadaAte: null, bloqueadaPor: null })
          .where(eq(t.id, id))
          .returning();
        await registrarAuditoria(tx, quem, {
          entidade: 'tarefa',
          entidadeId: id,
          acao: 'TENTAR_NOVAMENTE',
          antes: instantaneo(antes),
          depois: instantaneo(depois!),
        });
        return { tipo: 'ok', tarefa: depois! } as const;
      });
    },
  };
}

export type TarefaRepository = ReturnType<typeof createTarefaRepository>;
