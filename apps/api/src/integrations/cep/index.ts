import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createCepCache } from './cep-cache.js';
import type { CepProvider } from './cep-provider.js';
import { createOfflineCepProvider } from './offline-cep-provider.js';
import { createViaCepProvider } from './viacep-provider.js';

export * from './cep-provider.js';

/** The CEP service of CEP_PROVIDER: the offline sandbox (default) or ViaCEP with its cache in the database. */
export function createCepProvider(
  config: Pick<Config, 'CEP_PROVIDER' | 'VIACEP_URL' | 'VIACEP_TIMEOUT_MS'>,
  db: Db,
): CepProvider {
  if (config.CEP_PROVIDER === 'viacep') {
    return createViaCepProvider({
      baseUrl: config.VIACEP_URL,
      timeoutMs: config.VIACEP_TIMEOUT_MS,
      cache: createCepCache(db),
    });
  }
  return createOfflineCepProvider();
}
