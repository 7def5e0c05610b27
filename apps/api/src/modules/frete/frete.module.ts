import type { ApiModule } from '../../app-context.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createFreight } from '../../integrations/freight/index.js';
import { createComercialRepository } from '../comercial/comercial.repository.js';
import { createFreteRepository } from './frete.repository.js';
import { freteRoutes } from './frete.routes.js';
import { createFreteService } from './frete.service.js';

/** Freight quotes at the provider of FREIGHT_PROVIDER (ADR 009); the checkout re-prices a chosen option with it. */
export function createFrete(config: Config, db: Db, jwtSecret: string) {
  const freight = createFreight(config, db, jwtSecret);
  const comercial = createComercialRepository(db);
  return createFreteService({
    repository: createFreteRepository(db),
    provider: freight.provider,
    melhorEnvio: freight.melhorEnvio,
    cepOrigem: config.FREIGHT_ORIGIN_CEP,
    regraFreteGratis: async () => (await comercial.ler()).freteGratis,
  });
}

export const freteModule: ApiModule = async (api, { config, rateLimiter, frete }) => {
  await api.register(freteRoutes, {
    rateLimiter,
    maxCotacoesPorIpHora: config.RATE_LIMIT_FREIGHT_IP,
    service: frete,
  });
};
