import type { ApiModule } from '../../app-context.js';
import { createTarefaRepository } from './tarefa.repository.js';
import { tarefaRoutes } from './tarefa.routes.js';
import { createTarefaService } from './tarefa.service.js';

/** Background jobs for the manager: failing and dead ones, 'Tentar novamente' (ADR 007). */
export const tarefaModule: ApiModule = async (api, { db, jobs }) => {
  await api.register(tarefaRoutes, { service: createTarefaService({ repository: createTarefaRepository(db), jobs }) });
};
