import { useSyncExternalStore } from 'react';
import { session, type SessionState } from './session';

/** The current session; re-renders on login, logout, renewal and expiry. */
export function useSession(): SessionState & { isSignedIn: boolean } {
  const state = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  return { ...state, isSignedIn: state.user !== null && state.token !== null };
}
