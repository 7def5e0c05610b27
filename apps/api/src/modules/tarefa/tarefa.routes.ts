import type { FastifyPluginAsync } from 'fastify';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { tarefaApi } from '@clinica/shared/schemas/tarefa';
import { ok } from '../../lib/envelope.js';
import { authUser, route } from '../../lib/route.js';
import type { TarefaService } from './tarefa.service.js';

/** Background jobs for the manager (the 'Tarefas' screen; ADR 007): ADMIN only. */
export const tarefaRoutes: FastifyPluginAsync<{ service: TarefaService }> = async (app, { service }) => {
  route(app, tarefaApi.listagem, { access: ['ADMIN'] }, async (request) => ok(await service.listagem(request.query)));

  route(app, tarefaApi.resumo, { access: ['ADMIN'] }, async () => ok(await service.resumo()));

  route(app, tarefaApi.detalhe, { access: ['ADMIN'] }, async (request) => ok(await service.detalhe(request.params.id)));

  route(app, tarefaApi.tentarNovamente, { access: ['ADMIN'] }, async (request) =>
    ok(await service.tentarNovamente(authUser(request), request.params.id), MSG_BO.tarefaRepetida),
  );
};
