/**
 * The checkout attempt (ADR 010): one id per purchase, made when the customer
 * reaches the payment step and sent as the Idempotency-Key of the order's
 * creation on every click, whatever the card token. It is kept in
 * localStorage (this tab's reloads and the other tabs see it) until the order
 * is known: the creation answered, or the server found the attempt's order
 * (GET /pedido/tentativa/{chave}) after an answer was lost. A retry of the
 * attempt never makes a second order.
 */
import { newIdempotencyKey } from './payment/idempotency';
import { readJson, removeItem, STORAGE_KEYS, writeJson } from './storage';

export interface CheckoutAttempt {
  userId: number;
  key: string;
  /** The creation was sent at least once: an order may exist for it even if no answer came. */
  sent: boolean;
}

const isAttempt = (v: unknown): v is CheckoutAttempt =>
  typeof v === 'object' &&
  v !== null &&
  Number.isInteger((v as CheckoutAttempt).userId) &&
  typeof (v as CheckoutAttempt).key === 'string' &&
  /^[\x21-\x7E]{1,255}$/.test((v as CheckoutAttempt).key) &&
  typeof (v as CheckoutAttempt).sent === 'boolean';

/** The user's attempt in progress, if any (another user's is not theirs). */
export function currentAttempt(userId: number): CheckoutAttempt | null {
  const attempt = readJson(STORAGE_KEYS.checkoutAttempt, isAttempt);
  return attempt && attempt.userId === userId ? attempt : null;
}

/** The user's attempt, made now when there is none. */
export function ensureAttempt(userId: number): CheckoutAttempt {
  const current = currentAttempt(userId);
  if (current) return current;
  const attempt: CheckoutAttempt = { userId, key: newIdempotencyKey(), sent: false };
  writeJson(STORAGE_KEYS.checkoutAttempt, attempt);
  return attempt;
}

/** The creation is about to be sent with the attempt's key. */
export function markAttemptSent(userId: number): void {
  const attempt = currentAttempt(userId);
  if (attempt && !attempt.sent) writeJson(STORAGE_KEYS.checkoutAttempt, { ...attempt, sent: true });
}

/** The attempt's order is known: the next purchase is another attempt. */
export function forgetAttempt(userId: number, key?: string): void {
  const attempt = currentAttempt(userId);
  if (attempt && (key === undefined || attempt.key === key)) removeItem(STORAGE_KEYS.checkoutAttempt);
}
