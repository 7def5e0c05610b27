import type { ApiModule } from '../../app-context.js';
import { createEmpresaRepository } from './empresa.repository.js';
import { empresaRoutes } from './empresa.routes.js';
import { createEmpresaService } from './empresa.service.js';

/** The company's data: the public read (the footer) and the manager's edit. */
export const empresaModule: ApiModule = async (api, { db }) => {
  await api.register(empresaRoutes, { service: createEmpresaService({ repository: createEmpresaRepository(db) }) });
};
