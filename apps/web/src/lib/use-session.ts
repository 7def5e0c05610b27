import { useSyncExternalStore } from 'react';
import { session, type SessionState } from './session';

/**
 * What the server renders (ADR 019): it never knows the visitor. A page it rendered is hydrated signed out and then
 * re-rendered with the stored session, so a signed-in visitor gets no hydration mismatch.
 */
const SIGNED_OUT: SessionState = Object.freeze({ user: null, token: null, expired: false });
/** A visitor who is signed out gets the store's own state: the same object, so hydration re-renders nothing. */
const serverSnapshot = (): SessionState => {
  if (typeof window === 'undefined') return SIGNED_OUT;
  const state = session.getSnapshot();
  return state.user === null && state.token === null && !state.expired ? state : SIGNED_OUT;
};

/** The current session; re-renders on login, logout, renewal and expiry. */
export function useSession(): SessionState & { isSignedIn: boolean } {
  const state = useSyncExternalStore(session.subscribe, session.getSnapshot, serverSnapshot);
  return { ...state, isSignedIn: state.user !== null && state.token !== null };
}
