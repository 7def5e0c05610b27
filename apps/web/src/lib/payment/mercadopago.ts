/**
 * MercadoPago.js v2, loaded from Mercado Pago only when the API says it is
 * the provider (never with the sandbox, never on a public page's first render).
 */

const MERCADOPAGO_SDK_URL = 'https://sdk.mercadopago.com/js/v2';

interface MercadoPagoMetodo {
  id: string;
  name: string;
  payment_type_id: string;
  status: string;
}

export interface MercadoPagoCardTokenInput {
  cardNumber: string;
  cardholderName: string;
  cardExpirationMonth: string;
  cardExpirationYear: string;
  securityCode: string;
  identificationType: 'CPF' | 'CNPJ';
  identificationNumber: string;
}

/** The part of the SDK instance the shop uses. */
export interface MercadoPagoInstance {
  getPaymentMethods(input: { bin: string }): Promise<{ results: MercadoPagoMetodo[] }>;
  createCardToken(
    input: MercadoPagoCardTokenInput,
  ): Promise<{ id: string; first_six_digits?: string; last_four_digits?: string; payment_method_id?: string }>;
}

type MercadoPagoConstructor = new (publicKey: string, options: { locale: string }) => MercadoPagoInstance;

declare global {
  interface Window {
    MercadoPago?: MercadoPagoConstructor;
  }
}

let sdk: Promise<MercadoPagoConstructor> | null = null;
const instances = new Map<string, MercadoPagoInstance>();

function loadSdk(): Promise<MercadoPagoConstructor> {
  if (window.MercadoPago) return Promise.resolve(window.MercadoPago);
  sdk ??= new Promise<MercadoPagoConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = MERCADOPAGO_SDK_URL;
    script.async = true;
    script.onload = () => (window.MercadoPago ? resolve(window.MercadoPago) : reject(new Error('MercadoPago.js')));
    script.onerror = () => reject(new Error('MercadoPago.js'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    // A failed load may be tried again later (a network hiccup).
    sdk = null;
    throw error;
  });
  return sdk;
}

/** `new MercadoPago(publicKey, { locale: 'pt-BR' })`, one per key, loading the SDK the first time. */
export async function mercadoPago(publicKey: string): Promise<MercadoPagoInstance> {
  const existing = instances.get(publicKey);
  if (existing) return existing;
  const MercadoPago = await loadSdk();
  const instance = new MercadoPago(publicKey, { locale: 'pt-BR' });
  instances.set(publicKey, instance);
  return instance;
}
