import { tokenExpiresAt } from '../session';

/** What a token allows for the realtime channel (docs/behaviour/payments.md#realtime-notifications). */
export type TokenVerdict = 'ok' | 'expired' | 'invalid';

/**
 * `ok` when the token decodes and its `exp` (if any) is still ahead;
 * `expired` when `exp` has passed (the user is signed out instead);
 * `invalid` when it cannot be decoded (no connection).
 */
export function checkRealtimeToken(token: string | null | undefined, now = Date.now()): TokenVerdict {
  if (!token) return 'invalid';
  const exp = tokenExpiresAt(token);
  if (exp === null) return 'invalid';
  if (exp !== undefined && exp <= now) return 'expired';
  return 'ok';
}
