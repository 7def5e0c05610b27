import type { Config } from '../../config.js';
import type { InvoiceProvider } from './invoice-provider.js';
import { createNfeioInvoiceProvider } from './nfeio.js';
import { createSandboxInvoiceProvider } from './sandbox.js';

export * from './invoice-provider.js';

export type InvoiceConfig = Pick<
  Config,
  'INVOICE_PROVIDER' | 'NFEIO_API_KEY' | 'NFEIO_COMPANY_ID' | 'NFEIO_API_URL' | 'NFEIO_TIMEOUT_MS'
>;

/** The invoicing provider of INVOICE_PROVIDER (ADR 031): the offline sandbox (default) or NFE.io. */
export function createInvoiceProvider(config: InvoiceConfig): InvoiceProvider {
  if (config.INVOICE_PROVIDER === 'nfeio') {
    if (!config.NFEIO_API_KEY || !config.NFEIO_COMPANY_ID) {
      throw new Error(
        'INVOICE_PROVIDER=nfeio exige NFEIO_API_KEY e NFEIO_COMPANY_ID (INVOICE_PROVIDER=nfeio requires NFEIO_API_KEY and NFEIO_COMPANY_ID).',
      );
    }
    return createNfeioInvoiceProvider({
      apiKey: config.NFEIO_API_KEY,
      companyId: config.NFEIO_COMPANY_ID,
      baseUrl: config.NFEIO_API_URL,
      timeoutMs: config.NFEIO_TIMEOUT_MS,
    });
  }
  return createSandboxInvoiceProvider();
}
