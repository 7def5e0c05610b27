import type { ApiModule } from '../../app-context.js';
import { createEnderecoRepository } from '../endereco/endereco.repository.js';
import { createCatalogoEnderecosRepository } from './catalogo-enderecos.repository.js';
import { catalogoEnderecosRoutes } from './catalogo-enderecos.routes.js';
import { createCatalogoEnderecosService } from './catalogo-enderecos.service.js';

/** The customer's address book (ADR 033). */
export const catalogoEnderecosModule: ApiModule = async (api, { db }) => {
  await api.register(catalogoEnderecosRoutes, {
    service: createCatalogoEnderecosService({
      db,
      repository: createCatalogoEnderecosRepository(db),
      enderecos: createEnderecoRepository(db),
    }),
  });
};
