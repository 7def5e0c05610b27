import type { ApiModule } from '../../app-context.js';
import { notaFiscalRoutes } from './nota-fiscal.routes.js';

/** The NF-e of physical sales (ADR 031): the service is built in app-services.ts (its job runs on the shared worker). */
export const notaFiscalModule: ApiModule = async (api, { config, notasFiscais }) => {
  await api.register(notaFiscalRoutes, { service: notasFiscais, avisosNfeio: config.INVOICE_PROVIDER === 'nfeio' });
};
