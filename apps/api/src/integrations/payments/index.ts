import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createMercadoPagoProvider } from './mercadopago.js';
import type { PaymentProvider } from './payment-provider.js';
import { createSandboxPaymentProvider, type SandboxPayments } from './sandbox.js';

export * from './payment-provider.js';
export type { SandboxPayments } from './sandbox.js';

export type PaymentConfig = Pick<
  Config,
  | 'PAYMENT_PROVIDER'
  | 'PUBLIC_URL'
  | 'MERCADOPAGO_ACCESS_TOKEN'
  | 'MERCADOPAGO_API_URL'
  | 'MERCADOPAGO_TIMEOUT_MS'
  | 'PIX_CHAVE'
  | 'PIX_RECEBEDOR_NOME'
  | 'PIX_RECEBEDOR_CIDADE'
>;

/** Path of the webhook route under PUBLIC_URL. */
const CAMINHO_WEBHOOK_MERCADOPAGO = '/api/pagamento/webhook/mercadopago';

/**
 * Where Mercado Pago should post webhooks: only a public https PUBLIC_URL.
 * Mercado Pago cannot reach localhost and refuses such a `notification_url`
 * with a 400, which would fail every charge of a developer testing with real
 * credentials; without webhooks the status still arrives through `consultar`.
 */
function notificationUrlMercadoPago(publicUrl: string | undefined): string | null {
  if (!publicUrl) return null;
  const url = new URL(publicUrl);
  if (url.protocol !== 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) return null;
  return `${publicUrl.replace(/\/+$/, '')}${CAMINHO_WEBHOOK_MERCADOPAGO}`;
}

/**
 * The payment provider of PAYMENT_PROVIDER: the offline sandbox (default;
 * `sandbox` also exposes its card tokenizer and PIX "bank") or Mercado Pago
 * (`sandbox` null).
 */
export function createPaymentProvider(
  config: PaymentConfig,
  db: Db,
): { provider: PaymentProvider; sandbox: SandboxPayments | null } {
  if (config.PAYMENT_PROVIDER === 'mercadopago') {
    if (!config.MERCADOPAGO_ACCESS_TOKEN) {
      throw new Error(
        'PAYMENT_PROVIDER=mercadopago exige MERCADOPAGO_ACCESS_TOKEN (PAYMENT_PROVIDER=mercadopago requires MERCADOPAGO_ACCESS_TOKEN).',
      );
    }
    const provider = createMercadoPagoProvider({
      accessToken: config.MERCADOPAGO_ACCESS_TOKEN,
      baseUrl: config.MERCADOPAGO_API_URL,
      timeoutMs: config.MERCADOPAGO_TIMEOUT_MS,
      notificationUrl: notificationUrlMercadoPago(config.PUBLIC_URL),
    });
    return { provider, sandbox: null };
  }
  // The sandbox moves no money: the key, name and city only make its BR Codes look like the store's.
  const sandbox = createSandboxPaymentProvider(db, {
    recebedorNome: config.PIX_RECEBEDOR_NOME,
    recebedorCidade: config.PIX_RECEBEDOR_CIDADE,
    chavePix: config.PIX_CHAVE,
  });
  return { provider: sandbox, sandbox };
}
