import type { ApiModule } from '../../app-context.js';
import { createNotificacaoRepository } from './notificacao.repository.js';
import { notificacaoRoutes } from './notificacao.routes.js';

/** The customer's kept notifications, the bell's list (ADR 046). */
export const notificacaoModule: ApiModule = async (api, { db }) => {
  await api.register(notificacaoRoutes, { repository: createNotificacaoRepository(db) });
};
