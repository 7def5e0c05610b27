import type { ApiModule } from '../../app-context.js';
import { arquivoRoutes } from './arquivo.routes.js';
import { createArquivoService } from './arquivo.service.js';

/** Public files (pictures) served from storage. */
export const arquivoModule: ApiModule = async (api, { storage }) => {
  await api.register(arquivoRoutes, { service: createArquivoService({ storage }) });
};
