/** A random key of visible ASCII characters (a UUID; crypto.randomUUID needs a secure context). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One Idempotency-Key per attempt (docs/architecture.md#money, ADR 010): the
 * same body sent again (a retry after a lost answer) reuses its key, so the
 * server answers the first attempt; another body gets a fresh key. `done()`
 * forgets the attempt once it was answered.
 */
export function idempotentAttempts() {
  let attempt: { body: string; key: string } | null = null;
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (attempt?.body !== text) attempt = { body: text, key: newIdempotencyKey() };
      return attempt.key;
    },
    done() {
      attempt = null;
    },
  };
}
