import type { ApiModule } from '../../app-context.js';
import { limitesImagem } from '../produto/produto.module.js';
import { createAutorImagemRepository } from './autor-imagem.repository.js';
import { autorImagemRoutes } from './autor-imagem.routes.js';
import { createAutorImagemService } from './autor-imagem.service.js';
import { createAutorRepository } from './autor.repository.js';
import { autorRoutes } from './autor.routes.js';
import { createAutorService } from './autor.service.js';

/** Back-office of authors (staff; ADR 015). */
export const autorModule: ApiModule = async (api, { db }) => {
  await api.register(autorRoutes, { service: createAutorService({ repository: createAutorRepository(db) }) });
};

/** Authors' pictures, checked by content and stored as WebP like the products' (ADR 015). */
export const autorImagemModule: ApiModule = async (api, { config, db, imagemArquivos }) => {
  await api.register(autorImagemRoutes, {
    service: createAutorImagemService({
      repository: createAutorImagemRepository(db),
      arquivos: imagemArquivos,
      limites: limitesImagem(config),
    }),
  });
};
