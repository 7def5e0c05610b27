import type { ApiModule } from '../../app-context.js';
import { createCepProvider } from '../../integrations/cep/index.js';
import { createEnderecoRepository } from './endereco.repository.js';
import { enderecoRoutes } from './endereco.routes.js';
import { createEnderecoService } from './endereco.service.js';

/** States, cities and CEP look-ups. */
export const enderecoModule: ApiModule = async (api, { config, db }) => {
  await api.register(enderecoRoutes, {
    service: createEnderecoService({
      repository: createEnderecoRepository(db),
      cepProvider: createCepProvider(config, db),
    }),
  });
};
