import type { EndpointQuery } from '@clinica/shared/endpoint';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type {
  Tarefa as TarefaContrato,
  TarefasListagem,
  TarefasResumo,
  tarefaApi,
} from '@clinica/shared/schemas/tarefa';
import type { QuemAudita } from '../../lib/auditoria.js';
import { conflict, notFound, sqlConstraint, sqlState } from '../../lib/errors.js';
import type { JobQueue } from '../../lib/jobs/index.js';
import type { TarefaRepository } from './tarefa.repository.js';
import type { Tarefa } from './tarefa.table.js';

const contrato = (row: Tarefa): TarefaContrato => ({
  id: row.id,
  tipo: row.tipo,
  status: row.status,
  tentativas: row.tentativas,
  maxTentativas: row.maxTentativas,
  ultimoErro: row.ultimoErro,
  executarEm: row.executarEm.toISOString(),
  criadaEm: row.criadaEm.toISOString(),
  concluidaEm: row.concluidaEm?.toISOString() ?? null,
  chave: row.chave,
  payload: row.payload !== null && typeof row.payload === 'object' ? (row.payload as Record<string, unknown>) : {},
});

/** The 'Tarefas' screen (ADMIN; ADR 007): failing and dead background jobs, and 'Tentar novamente'. */
export function createTarefaService({ repository, jobs }: { repository: TarefaRepository; jobs: JobQueue }) {
  return {
    async listagem(q: EndpointQuery<typeof tarefaApi.listagem>): Promise<TarefasListagem> {
      const { total, rows } = await repository.listar({ situacao: q.situacao, tipo: q.tipo }, q);
      return {
        tarefas: rows.map(contrato),
        totalPaginas: Math.ceil(total / q.size),
        totalRegistros: total,
        page: q.page,
      };
    },

    async resumo(): Promise<TarefasResumo> {
      const r = await repository.resumo();
      return {
        falhando: r.falhando,
        falhou: r.falhou,
        dinheiro: { falhando: r.dinheiroFalhando, falhou: r.dinheiroFalhou },
      };
    },

    async detalhe(id: number): Promise<TarefaContrato> {
      const row = await repository.buscar(id);
      if (!row) throw notFound(MSG_BO.tarefaNaoEncontrada);
      return contrato(row);
    },

    /**
     * PUT /tarefa/tentarnovamente/{id}: 404 unknown; 409 when it is not failing
     * (running, done, or waiting for its first attempt) or when another live
     * job has its key (that one does the work). Audited; wakes this instance's worker.
     */
    async tentarNovamente(quem: QuemAudita, id: number): Promise<TarefaContrato> {
      const resultado = await repository.tentarNovamente(id, quem).catch((err: unknown) => {
        if (sqlState(err) === '23505' && sqlConstraint(err) === 'tarefas_chave_viva_uq') {
          throw conflict(MSG_BO.tarefaChaveOcupada);
        }
        throw err;
      });
      if (resultado.tipo === 'inexistente') throw notFound(MSG_BO.tarefaNaoEncontrada);
      if (resultado.tipo === 'sem-falha') throw conflict(MSG_BO.tarefaNaoRepetivel);
      jobs.wake();
      return contrato(resultado.tarefa);
    },
  };
}

export type TarefaService = ReturnType<typeof createTarefaService>;
