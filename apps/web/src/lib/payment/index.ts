/** Payments in the browser: the provider's configuration, card check and tokenization, and payment attempts. */
export * from './api';
export * from './card';
export { newIdempotencyKey, idempotentAttempts } from './idempotency';
