import { session } from '../lib/session';

/** Clears storage and the in-memory session between tests. */
export function resetSession() {
  localStorage.clear();
  session.reload();
  session.dismissExpired();
}
