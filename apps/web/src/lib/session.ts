import type { Permissao } from '@clinica/shared/schemas/common';
import { jwtDecode } from 'jwt-decode';
import { readJson, removeItem, STORAGE_KEYS, writeJson } from './storage';

export type Role = Permissao;
const ROLES: readonly Role[] = ['ADMIN', 'USUARIO', 'CLIENTE'];

/** The signed-in user kept under `@authUser` (docs/behaviour/accounts-and-sign-in.md#session). */
export interface SessionUser {
  idUser: number;
  permissao: Role;
  /** The customer id; only CLIENTE has one. */
  idClient: number | null;
  nome?: string;
  email?: string;
}

export interface SessionState {
  user: SessionUser | null;
  token: string | null;
  /** The unauthorized flag: a 401/403 signed the user out; the session-expired dialog shows it. */
  expired: boolean;
}

const isRole = (v: unknown): v is Role => typeof v === 'string' && (ROLES as readonly string[]).includes(v);
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

function isSessionUser(v: unknown): v is SessionUser {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const u = v as Record<string, unknown>;
  return (
    isId(u.idUser) &&
    isRole(u.permissao) &&
    (u.idClient === null || u.idClient === undefined || isId(u.idClient)) &&
    (u.nome === undefined || u.nome === null || typeof u.nome === 'string') &&
    (u.email === undefined || u.email === null || typeof u.email === 'string')
  );
}

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]*$/;

/** `exp` of a JWT in milliseconds; `undefined` without `exp`; `null` when the token cannot be decoded. */
export function tokenExpiresAt(token: string): number | undefined | null {
  try {
    const { exp } = jwtDecode<{ exp?: unknown }>(token);
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return null;
  }
}

/** Reads `@Token` (JSON string, or a bare JWT written by older code); anything else is removed. */
function readToken(): string | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null; // storage disabled
  }
  if (raw === null) return null;
  if (JWT_SHAPE.test(raw)) return raw;
  return readJson(STORAGE_KEYS.token, (v): v is string => typeof v === 'string' && JWT_SHAPE.test(v));
}

function normaliseUser(u: SessionUser): SessionUser {
  const user: SessionUser = { idUser: u.idUser, permissao: u.permissao, idClient: u.idClient ?? null };
  if (typeof u.nome === 'string' && u.nome.trim()) user.nome = u.nome.trim();
  if (typeof u.email === 'string' && u.email) user.email = u.email;
  return user;
}

/**
 * Loads the stored session. Corrupt, half-missing or expired entries are
 * removed and the visitor is treated as signed out (docs/behaviour/accounts-and-sign-in.md#session).
 */
export function loadStoredSession(now = Date.now()): Pick<SessionState, 'user' | 'token'> {
  const user = readJson(STORAGE_KEYS.authUser, isSessionUser);
  const token = readToken();
  const exp = token ? tokenExpiresAt(token) : null;
  if (!user || !token || exp === null || (exp !== undefined && exp <= now)) {
    if (user || token) {
      removeItem(STORAGE_KEYS.authUser);
      removeItem(STORAGE_KEYS.token);
    }
    return { user: null, token: null };
  }
  return { user: normaliseUser(user), token };
}

type Listener = () => void;

function createSessionStore() {
  let state: SessionState | null = null;
  const listeners = new Set<Listener>();

  const current = (): SessionState => (state ??= { ...loadStoredSession(), expired: false });
  const set = (next: SessionState) => {
    state = next;
    listeners.forEach((l) => l());
  };
  const setToken = (token: string) => {
    if (!current().user) return;
    writeJson(STORAGE_KEYS.token, token);
    set({ ...current(), token });
  };
  // A call under way that will replace the token (replaceToken), settled once the new token is stored.
  let replacing: Promise<unknown> | null = null;

  return {
    getSnapshot: current,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    isSignedIn: () => current().user !== null && current().token !== null,

    signIn(user: SessionUser, token: string) {
      const clean = normaliseUser(user);
      writeJson(STORAGE_KEYS.authUser, clean);
      writeJson(STORAGE_KEYS.token, token);
      set({ user: clean, token, expired: false });
    },
    updateUser(patch: Partial<Pick<SessionUser, 'nome' | 'email'>>) {
      const { user } = current();
      if (!user) return;
      const next = normaliseUser({ ...user, ...patch });
      writeJson(STORAGE_KEYS.authUser, next);
      set({ ...current(), user: next });
    },
    setToken,
    /**
     * Runs a call whose answer brings this session's new token (a password change: the server ends the old token
     * before it answers) and stores that token before the call settles. Meanwhile a request of the old token may be
     * answered 401: tokenSettled() lets it wait for the new token instead of taking the session for expired.
     */
    async replaceToken<T>(call: Promise<T>, tokenOf: (result: T) => string): Promise<T> {
      const pending = call.then((result) => {
        setToken(tokenOf(result));
        return result;
      });
      replacing = pending;
      try {
        return await pending;
      } finally {
        if (replacing === pending) replacing = null;
      }
    },
    /** Resolves once no call of replaceToken is under way (at once when none is). */
    async tokenSettled(): Promise<void> {
      while (replacing) await replacing.catch(() => undefined);
    },
    /** Clears the stored login (logout, or an expired token found at start). */
    signOut() {
      removeItem(STORAGE_KEYS.authUser);
      removeItem(STORAGE_KEYS.token);
      const { expired } = current();
      set({ user: null, token: null, expired });
    },
    /** A 401/403 reached a signed-in user: sign out and raise the unauthorized flag. */
    expire() {
      const wasSignedIn = current().user !== null;
      removeItem(STORAGE_KEYS.authUser);
      removeItem(STORAGE_KEYS.token);
      set({ user: null, token: null, expired: wasSignedIn || current().expired });
    },
    dismissExpired() {
      if (current().expired) set({ ...current(), expired: false });
    },
    /** Re-reads storage (another tab signed in or out). */
    reload() {
      set({ ...loadStoredSession(), expired: current().expired });
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/** The one session of the app. */
export const session: SessionStore = createSessionStore();
