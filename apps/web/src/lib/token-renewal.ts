import { isApiError } from './api-client';
import { fetchUsuario, renewToken } from './auth-api';
import { session, tokenExpiresAt } from './session';
import { STORAGE_KEYS } from './storage';

/** Renew this long before `exp`, so a working user is never signed out by expiry (docs/architecture.md#sessions-and-tokens). */
export const RENEW_BEFORE_MS = 60_000;
/** Retry after a network failure while the token is still valid. */
const RENEW_RETRY_MS = 15_000;
const MAX_TIMEOUT = 2_147_483_647;

/**
 * Checks a stored session once against the server (GET /usuario/{id}): a token
 * revoked by a logout elsewhere answers 401, which signs out with the
 * session-expired dialog; a valid one refreshes the name and e-mail.
 */
async function verifyStoredSession() {
  const { user, token } = session.getSnapshot();
  if (!user || !token) return;
  try {
    const usuario = await fetchUsuario(user.idUser);
    if (session.getSnapshot().token === token) session.updateUser({ nome: usuario.nome, email: usuario.email });
  } catch {
    // 401/403 were handled by the api client; other failures leave the session as it is.
  }
}

/**
 * Keeps the session alive: verifies the stored session at start (unless the
 * session has just been made by a login, `verifyAtStart: false`), schedules GET /usuario/auth/atualizatoken shortly
 * before the token's `exp`, follows logins and logouts made in other tabs, and
 * signs out (with the session-expired flag) when a token can no longer be renewed.
 * Returns the cleanup.
 */
export function startSessionKeeper({ verifyAtStart = true }: { verifyAtStart?: boolean } = {}): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let scheduledFor: string | null = null;
  let inFlight = false;

  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const schedule = (force = false) => {
    const { token, user } = session.getSnapshot();
    if (!force && token === scheduledFor) return;
    clear();
    scheduledFor = token;
    if (!token || !user) return;
    const exp = tokenExpiresAt(token);
    if (exp === undefined) return; // token without exp: nothing to renew
    if (exp === null) return session.expire();
    const delay = exp - RENEW_BEFORE_MS - Date.now();
    timer = setTimeout(() => void renew(token, exp), Math.min(Math.max(delay, 0), MAX_TIMEOUT));
  };

  const renew = async (token: string, exp: number) => {
    const { user } = session.getSnapshot();
    if (inFlight || !user || session.getSnapshot().token !== token) return;
    inFlight = true;
    try {
      session.setToken(await renewToken(user.idUser)); // subscription reschedules
    } catch (error) {
      if (session.getSnapshot().token !== token) return; // signed out (401/403) or replaced
      if (isApiError(error) && error.status > 0 && error.status < 500) return session.expire();
      const remaining = exp - Date.now();
      if (remaining <= 1000) return session.expire();
      console.warn('Falha ao renovar o token; nova tentativa em instantes.', error);
      clear();
      timer = setTimeout(() => void renew(token, exp), Math.min(RENEW_RETRY_MS, remaining / 2));
    } finally {
      inFlight = false;
    }
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.authUser || event.key === STORAGE_KEYS.token) {
      session.reload();
    }
  };
  // Timers are throttled in background tabs and stop while the computer sleeps.
  const onVisible = () => {
    if (document.visibilityState === 'visible') schedule(true);
  };

  const unsubscribe = session.subscribe(() => schedule());
  window.addEventListener('storage', onStorage);
  document.addEventListener('visibilitychange', onVisible);
  schedule(true);
  if (verifyAtStart) void verifyStoredSession();

  return () => {
    clear();
    unsubscribe();
    window.removeEventListener('storage', onStorage);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
