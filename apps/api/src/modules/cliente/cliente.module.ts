import type { ApiModule } from '../../app-context.js';
import { createClienteRepository } from './cliente.repository.js';
import { clienteRoutes } from './cliente.routes.js';
import { createClienteService } from './cliente.service.js';

/** Customers: sign-up, profile, and the staff's client screens. */
export const clienteModule: ApiModule = async (api, { config, db, rateLimiter, usuarios, codigos }) => {
  await api.register(clienteRoutes, {
    rateLimiter,
    maxCadastrosPorIpHora: config.RATE_LIMIT_SIGNUP_IP,
    service: createClienteService({ db, repository: createClienteRepository(db), usuarios, codigos }),
  });
};
