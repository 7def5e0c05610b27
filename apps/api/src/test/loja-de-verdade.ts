/**
 * A real store's settings (ADR 022): production with real mail, Mercado Pago and its public address; the database
 * and the JWT secret are each test's. Nothing of Mercado Pago is called: a charge would go to the closed port 9 of
 * 127.0.0.1, never to the real API.
 */
export const AJUSTES_LOJA_DE_VERDADE = {
  NODE_ENV: 'production',
  MAIL_TRANSPORT: 'smtp',
  SMTP_URL: 'smtp://loja:senha@127.0.0.1:9/',
  PAYMENT_PROVIDER: 'mercadopago',
  MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-token-de-producao',
  MERCADOPAGO_PUBLIC_KEY: 'APP_USR-chave-publica',
  MERCADOPAGO_WEBHOOK_SECRET: 'segredo-dos-avisos',
  MERCADOPAGO_API_URL: 'http://127.0.0.1:9',
  INVOICE_PROVIDER: 'nfeio',
  NFEIO_API_KEY: 'chave-da-nfeio',
  NFEIO_COMPANY_ID: 'empresa-na-nfeio',
  NFEIO_API_URL: 'http://127.0.0.1:9',
  PUBLIC_URL: 'https://www.sorrisopleno.com.br',
};

/** What a production start with only its database and JWT secret must ask for, one line each, in this order. */
export const VARIAVEIS_DA_LOJA_DE_VERDADE = [
  'MAIL_TRANSPORT',
  'SMTP_URL',
  'PAYMENT_PROVIDER',
  'MERCADOPAGO_ACCESS_TOKEN',
  'MERCADOPAGO_PUBLIC_KEY',
  'MERCADOPAGO_WEBHOOK_SECRET',
  'INVOICE_PROVIDER',
  'NFEIO_API_KEY',
  'NFEIO_COMPANY_ID',
  'PUBLIC_URL',
];
