import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { FreightProvider } from './freight-provider.js';
import { createLocalFreightProvider } from './local-freight-provider.js';
import { createMelhorEnvio, type MelhorEnvioAuthService } from './melhor-envio.js';
import { createMelhorEnvioStore } from './melhor-envio-store.js';

export * from './freight-provider.js';
export { StateInvalidoError, GrantRecusadoError } from './melhor-envio.js';
export type { MelhorEnvioAuthService } from './melhor-envio.js';

export type FreightConfig = Pick<
  Config,
  | 'FREIGHT_PROVIDER'
  | 'PUBLIC_URL'
  | 'MELHOR_ENVIO_URL'
  | 'MELHOR_ENVIO_CLIENT_ID'
  | 'MELHOR_ENVIO_CLIENT_SECRET'
  | 'MELHOR_ENVIO_REDIRECT_URI'
  | 'MELHOR_ENVIO_USER_AGENT'
  | 'MELHOR_ENVIO_SERVICES'
  | 'MELHOR_ENVIO_TIMEOUT_MS'
>;

/**
 * The freight service of FREIGHT_PROVIDER: the store's own table (default;
 * `melhorEnvio` null) or Melhor Envio with its OAuth2 grant and quote cache in
 * the database. `secret` signs the OAuth2 state (the JWT secret).
 */
export function createFreight(
  config: FreightConfig,
  db: Db,
  secret: string,
): { provider: FreightProvider; melhorEnvio: MelhorEnvioAuthService | null } {
  if (config.FREIGHT_PROVIDER !== 'melhorenvio') return { provider: createLocalFreightProvider(), melhorEnvio: null };
  const redirectUri =
    config.MELHOR_ENVIO_REDIRECT_URI ?? (config.PUBLIC_URL ? `${config.PUBLIC_URL}/api/melhorenvio/callback` : null);
  if (!config.MELHOR_ENVIO_CLIENT_ID || !config.MELHOR_ENVIO_CLIENT_SECRET || !redirectUri) {
    throw new Error(
      'FREIGHT_PROVIDER=melhorenvio exige MELHOR_ENVIO_CLIENT_ID, MELHOR_ENVIO_CLIENT_SECRET e MELHOR_ENVIO_REDIRECT_URI (ou PUBLIC_URL).',
    );
  }
  const { provider, auth } = createMelhorEnvio({
    baseUrl: config.MELHOR_ENVIO_URL,
    clientId: config.MELHOR_ENVIO_CLIENT_ID,
    clientSecret: config.MELHOR_ENVIO_CLIENT_SECRET,
    redirectUri,
    userAgent: config.MELHOR_ENVIO_USER_AGENT,
    services: config.MELHOR_ENVIO_SERVICES,
    timeoutMs: config.MELHOR_ENVIO_TIMEOUT_MS,
    store: createMelhorEnvioStore(db),
    secret,
  });
  return { provider, melhorEnvio: auth };
}
