import { useEffect, type ReactNode } from 'react';
import { useSession } from '../use-session';

declare global {
  /**
   * Test-only switch. Under Vitest the channel stays closed, so screen tests of
   * other features never reach the network (jsdom's origin, localhost:3000, may
   * be a running API); the realtime tests set it to `true` and mock
   * @stomp/stompjs and sockjs-client.
   */
  var __CLINICA_REALTIME_IN_TESTS__: boolean | undefined;
}

/**
 * Opens the private notification channel of the signed-in user
 * (docs/behaviour/payments.md#realtime-notifications) and closes it when the user changes or signs
 * out, or when this provider unmounts. Everything else (token rules, STOMP,
 * SockJS, the state) is a chunk of its own, fetched only for a signed-in user:
 * this is all a visitor's page carries (docs/quality.md#p6-javascript-of-the-public-pages).
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { user, token } = useSession();
  const idUser = user && token ? user.idUser : null;
  const idClient = user && token && user.permissao === 'CLIENTE' ? user.idClient : null;

  useEffect(() => {
    if (idUser === null || (import.meta.env.MODE === 'test' && !globalThis.__CLINICA_REALTIME_IN_TESTS__)) return;
    const channel = import('./realtime-loader').then(({ openRealtime }) => openRealtime(idUser, idClient));
    channel.catch(console.error);
    // A teardown before the chunk arrives closes the channel as soon as it opens (before any socket exists).
    return () =>
      void channel.then(
        (close) => close(),
        () => {},
      );
  }, [idUser, idClient]);

  return <>{children}</>;
}
