import type { ApiModule } from '../../app-context.js';
import { createAuditoriaRepository } from './auditoria.repository.js';
import { auditoriaRoutes } from './auditoria.routes.js';
import { createAuditoriaService } from './auditoria.service.js';

/** The audit trail of back-office changes (ADR 016). */
export const auditoriaModule: ApiModule = async (api, { db }) => {
  await api.register(auditoriaRoutes, {
    service: createAuditoriaService({ repository: createAuditoriaRepository(db) }),
  });
};
