import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSession } from '../../test/reset-session';
import { fakeJwt } from '../../test/test-utils';
import { session, type SessionUser } from '../session';
import { RealtimeProvider, useOnNotificacao, useRealtime, type NotificacaoPagamento } from './index';
import { listenSacola } from './realtime-store';

/**
 * A stand-in for @stomp/stompjs's Client that keeps its real life cycle:
 * activate → beforeConnect → webSocketFactory; a closed socket while active
 * reconnects after `reconnectDelay`; deactivate stops it. The test plays the
 * server with `connected`, `message`, `stompError` and `socketClosed`.
 */
const stomp = vi.hoisted(() => {
  type Config = Record<string, unknown> & {
    webSocketFactory: () => unknown;
    beforeConnect?: (client: unknown) => void | Promise<void>;
    onConnect: (frame: unknown) => void;
    onStompError: (frame: unknown) => void;
    onWebSocketClose: (event: unknown) => void;
    onWebSocketError: (event: unknown) => void;
    connectHeaders: Record<string, string>;
    reconnectDelay: number;
    heartbeatIncoming: number;
    heartbeatOutgoing: number;
  };
  const clients: FakeClient[] = [];
  const sockets: { url: string; reserved: unknown; options: { transports?: string[] } }[] = [];

  class FakeClient {
    config: Config;
    connectHeaders: Record<string, string>;
    active = false;
    sockets = 0;
    subscriptions: { destination: string; callback: (message: { body: string }) => void }[] = [];
    timer: ReturnType<typeof setTimeout> | undefined;
    activate = vi.fn(() => {
      this.active = true;
      void this.connect();
    });
    deactivate = vi.fn(async () => {
      this.active = false;
      clearTimeout(this.timer);
    });
    subscribe = vi.fn((destination: string, callback: (message: { body: string }) => void) => {
      this.subscriptions.push({ destination, callback });
      return { id: 'sub-0', unsubscribe: () => {} };
    });

    constructor(config: Config) {
      this.config = config;
      this.connectHeaders = config.connectHeaders;
      clients.push(this);
    }

    async connect() {
      await this.config.beforeConnect?.(this);
      if (!this.active) return;
      this.config.webSocketFactory();
      this.sockets += 1;
    }
    connected() {
      this.config.onConnect({ command: 'CONNECTED', headers: {}, body: '' });
    }
    /** A MESSAGE on the subscription whose destination ends with `destino` (the payment notifications by default). */
    message(body: string, destino = '/queue/notifications') {
      for (const s of this.subscriptions) if (s.destination.endsWith(destino)) s.callback({ body });
    }
    stompError(message: string) {
      this.config.onStompError({ command: 'ERROR', headers: { message }, body: '' });
    }
    socketClosed() {
      this.subscriptions = [];
      this.config.onWebSocketClose({ code: 1006 });
      if (this.active) this.timer = setTimeout(() => void this.connect(), this.config.reconnectDelay);
    }
  }

  class FakeSockJS {
    constructor(url: string, reserved: unknown, options: { transports?: string[] }) {
      sockets.push({ url, reserved, options });
    }
  }

  return { clients, sockets, FakeClient, FakeSockJS };
});

vi.mock('@stomp/stompjs', () => ({ Client: stomp.FakeClient }));
vi.mock('sockjs-client', () => ({ default: stomp.FakeSockJS }));
// The bag's sync with the orders (lib/bag-sync.ts, its own tests) starts with a customer's channel.
const bagSync = vi.hoisted(() => ({ stop: vi.fn(), start: vi.fn() }));
vi.mock('../bag-sync', () => ({
  startBagSync: (...args: unknown[]) => {
    bagSync.start(...args);
    return bagSync.stop;
  },
}));

const CLIENTE: SessionUser = { idUser: 7, permissao: 'CLIENTE', idClient: 3 };
const jwt = (sub: number, expInSeconds = 3600) =>
  fakeJwt({ sub: String(sub), exp: Math.floor(Date.now() / 1000) + expInSeconds });
const notificacao = (patch: Partial<NotificacaoPagamento> = {}): NotificacaoPagamento => ({
  id: 1,
  message: 'Pagamento aprovado!',
  statusPayment: 'approved',
  idPedido: 123,
  ...patch,
});

function Probe() {
  const { status, notificacoes, limpar } = useRealtime();
  return (
    <div>
      <p data-testid="status">{status}</p>
      <ul aria-label="notificacoes">
        {notificacoes.map((n, i) => (
          <li key={i}>{`${n.message} #${n.idPedido} ${n.statusPayment}`}</li>
        ))}
      </ul>
      <button type="button" onClick={limpar}>
        Limpar
      </button>
    </div>
  );
}

const renderProvider = () =>
  render(
    <RealtimeProvider>
      <Probe />
    </RealtimeProvider>,
  );
const status = () => screen.getByTestId('status').textContent;
const items = () => screen.queryAllByRole('listitem').map((li) => li.textContent);
/** Lets the provider's dynamic import and the client's async connect settle. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

async function connectedClient(user: SessionUser = CLIENTE, token = jwt(user.idUser)) {
  const before = stomp.clients.length;
  act(() => session.signIn(user, token));
  await vi.waitFor(() => expect(stomp.clients.length).toBe(before + 1));
  const client = stomp.clients.at(-1)!;
  await vi.waitFor(() => expect(client.sockets).toBe(1));
  return client;
}

describe('realtime notifications', () => {
  let warn: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    globalThis.__CLINICA_REALTIME_IN_TESTS__ = true;
    resetSession();
    stomp.clients.length = 0;
    stomp.sockets.length = 0;
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
    resetSession();
    globalThis.__CLINICA_REALTIME_IN_TESTS__ = undefined;
  });

  it('opens nothing for a visitor, and opens the channel at sign-in', async () => {
    renderProvider();
    await settle();
    expect(stomp.clients).toHaveLength(0);
    expect(status()).toBe('DISCONNECTED');

    await connectedClient();
    expect(stomp.clients).toHaveLength(1);
  });

  it("a customer's channel keeps the bag in step with the orders while it is open; staff have no bag", async () => {
    bagSync.start.mockClear();
    bagSync.stop.mockClear();
    renderProvider();
    await connectedClient();
    await vi.waitFor(() => expect(bagSync.start).toHaveBeenCalledTimes(1));
    expect(bagSync.start.mock.calls[0]!.slice(0, 2)).toEqual([7, 3]);
    act(() => session.signOut());
    await vi.waitFor(() => expect(bagSync.stop).toHaveBeenCalledTimes(1));

    await connectedClient({ idUser: 9, permissao: 'USUARIO', idClient: null }, jwt(9));
    await settle();
    expect(bagSync.start).toHaveBeenCalledTimes(1);
  });

  it('an expired token signs the user out (session-expired) instead of connecting', async () => {
    renderProvider();
    act(() => session.signIn(CLIENTE, jwt(7, -60)));
    await settle();
    expect(stomp.clients).toHaveLength(0);
    expect(session.getSnapshot().user).toBeNull();
    expect(session.getSnapshot().expired).toBe(true);
    expect(warn).toHaveBeenCalled();
  });

  it('an undecodable token opens nothing (and keeps the session)', async () => {
    renderProvider();
    act(() => session.signIn(CLIENTE, 'nao-e-um-jwt'));
    await settle();
    expect(stomp.clients).toHaveLength(0);
    expect(session.getSnapshot().user?.idUser).toBe(7);
  });

  it('connects over SockJS xhr-streaming with the Bearer token in CONNECT, heart-beats 4000 and reconnect 5000', async () => {
    renderProvider();
    const token = jwt(7);
    const client = await connectedClient(CLIENTE, token);
    expect(stomp.sockets).toHaveLength(1);
    expect(stomp.sockets[0]!.url).toBe(`${window.location.origin}/api/ws`);
    expect(stomp.sockets[0]!.options).toEqual({ transports: ['xhr-streaming'] });
    expect(client.connectHeaders).toEqual({ Authorization: `Bearer ${token}` });
    expect(client.config.heartbeatIncoming).toBe(4000);
    expect(client.config.heartbeatOutgoing).toBe(4000);
    expect(client.config.reconnectDelay).toBe(5000);
  });

  it('on CONNECTED: status CONNECTED and a subscription to the own destination only', async () => {
    renderProvider();
    const client = await connectedClient();
    expect(status()).toBe('DISCONNECTED');
    act(() => client.connected());
    expect(status()).toBe('CONNECTED');
    expect(client.subscribe.mock.calls.map(([destino]) => destino)).toEqual([
      '/user/7/queue/notifications',
      '/user/7/queue/sacola',
    ]);
  });

  it('a notice that the kept bag changed goes to the bag listeners only (ADR 034); a malformed one is ignored', async () => {
    renderProvider();
    const client = await connectedClient();
    act(() => client.connected());
    const avisos: unknown[] = [];
    const stop = listenSacola((aviso) => avisos.push(aviso));
    act(() => client.message(JSON.stringify({ versao: 9 }), '/queue/sacola'));
    act(() => client.message(JSON.stringify({ versao: 'nove' }), '/queue/sacola'));
    stop();
    act(() => client.message(JSON.stringify({ versao: 10 }), '/queue/sacola'));
    expect(avisos).toEqual([{ versao: 9 }]);
    expect(items()).toEqual([]);
    expect(
      warn.mock.calls.filter(([texto]: unknown[]) => String(texto).startsWith('Notificação em tempo real')),
    ).toHaveLength(1);
  });

  it('appends each MESSAGE to the list; unparseable bodies are logged and ignored; limpar empties it', async () => {
    renderProvider();
    const client = await connectedClient();
    act(() => client.connected());

    act(() => client.message(JSON.stringify(notificacao())));
    act(() => client.message('{ not json'));
    act(() => client.message(JSON.stringify({ message: 'x', statusPayment: 'desconhecido', idPedido: 1 })));
    act(() =>
      client.message(
        JSON.stringify(notificacao({ message: 'Pagamento recusado', statusPayment: 'rejected', idPedido: 124 })),
      ),
    );

    expect(items()).toEqual(['Pagamento aprovado! #123 approved', 'Pagamento recusado #124 rejected']);
    // The two ignored notifications (the signed-in customer's server bag, started beside the channel, may warn of
    // its own sync: not counted here).
    expect(
      warn.mock.calls.filter(([texto]: unknown[]) => String(texto).startsWith('Notificação em tempo real')),
    ).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(items()).toEqual([]);
    expect(status()).toBe('CONNECTED');
  });

  it.each(['401', '403'])('a STOMP ERROR with %s deactivates and signs out', async (code) => {
    renderProvider();
    const client = await connectedClient();
    act(() => client.connected());
    act(() => client.stompError(`${code} token inválido ou expirado`));
    await settle(); // the teardown that follows the sign-out
    expect(client.deactivate).toHaveBeenCalled();
    expect(session.getSnapshot().user).toBeNull();
    expect(session.getSnapshot().expired).toBe(true);
    expect(status()).toBe('DISCONNECTED');
  });

  it('another STOMP ERROR or a socket error sets ERROR and keeps the session', async () => {
    renderProvider();
    const client = await connectedClient();
    act(() => client.connected());
    act(() => client.stompError('Destino não permitido'));
    expect(status()).toBe('ERROR');
    expect(client.deactivate).not.toHaveBeenCalled();
    expect(session.getSnapshot().user?.idUser).toBe(7);

    act(() => client.connected());
    act(() => client.config.onWebSocketError(new Event('error')));
    expect(status()).toBe('ERROR');
  });

  it('reconnects every 5000 ms after a drop, gives up after 5 failed reconnects, and a CONNECTED resets the count', async () => {
    renderProvider();
    const client = await connectedClient();
    vi.useFakeTimers();

    // Two failures, then a good connection: the count starts again.
    for (let i = 0; i < 2; i++) {
      act(() => client.socketClosed());
      expect(status()).toBe('DISCONNECTED');
      await act(() => vi.advanceTimersByTimeAsync(4999));
      expect(client.sockets).toBe(1 + i);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(client.sockets).toBe(2 + i);
    }
    act(() => client.connected());
    expect(status()).toBe('CONNECTED');
    const before = client.sockets;

    // The connection drops, then 5 reconnects fail: no sixth.
    act(() => client.socketClosed());
    for (let i = 1; i <= 5; i++) {
      await act(() => vi.advanceTimersByTimeAsync(5000));
      expect(client.sockets).toBe(before + i);
      act(() => client.socketClosed());
    }
    expect(client.deactivate).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(client.sockets).toBe(before + 5);
    expect(status()).toBe('DISCONNECTED');
    expect(session.getSnapshot().user?.idUser).toBe(7);
  });

  it('a reconnection uses the renewed token, and one that expired in the meantime signs out', async () => {
    renderProvider();
    const client = await connectedClient();
    vi.useFakeTimers();
    const renewed = jwt(7, 7200);
    act(() => session.setToken(renewed));
    expect(stomp.clients).toHaveLength(1); // a renewal does not reopen the channel

    act(() => client.socketClosed());
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(client.connectHeaders).toEqual({ Authorization: `Bearer ${renewed}` });

    act(() => session.setToken(jwt(7, -1)));
    act(() => client.socketClosed());
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(client.sockets).toBe(2);
    expect(client.deactivate).toHaveBeenCalled();
    expect(session.getSnapshot().expired).toBe(true);
  });

  it('tears down when the user changes and connects again for the new user, with an empty list', async () => {
    renderProvider();
    const first = await connectedClient();
    act(() => first.connected());
    act(() => first.message(JSON.stringify(notificacao())));
    expect(items()).toHaveLength(1);

    const otherToken = jwt(8);
    const second = await connectedClient({ idUser: 8, permissao: 'CLIENTE', idClient: 4 }, otherToken);
    await settle();
    expect(first.deactivate).toHaveBeenCalled();
    expect(second).not.toBe(first);
    expect(second.connectHeaders).toEqual({ Authorization: `Bearer ${otherToken}` });
    expect(items()).toEqual([]);
    expect(status()).toBe('DISCONNECTED');
    act(() => second.connected());
    expect(second.subscribe.mock.calls[0]![0]).toBe('/user/8/queue/notifications');

    // A late message of the old connection is dropped.
    act(() => first.message(JSON.stringify(notificacao({ idPedido: 999 }))));
    expect(items()).toEqual([]);
  });

  it('tears down at sign-out and when the provider unmounts', async () => {
    const view = renderProvider();
    const first = await connectedClient();
    act(() => session.signOut());
    await settle();
    expect(first.deactivate).toHaveBeenCalled();

    const second = await connectedClient();
    view.unmount();
    await settle();
    expect(second.deactivate).toHaveBeenCalled();
  });

  it('useOnNotificacao calls the handler once per notification arriving while mounted, not for older ones', async () => {
    const handler = vi.fn();
    function Listener() {
      useOnNotificacao(handler);
      return null;
    }
    function Page() {
      const [listening, setListening] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setListening((v) => !v)}>
            alternar
          </button>
          {listening && <Listener />}
        </>
      );
    }
    render(
      <RealtimeProvider>
        <Page />
      </RealtimeProvider>,
    );
    const client = await connectedClient();
    act(() => client.connected());
    act(() => client.message(JSON.stringify(notificacao({ idPedido: 1 }))));

    fireEvent.click(screen.getByRole('button', { name: 'alternar' }));
    expect(handler).not.toHaveBeenCalled();
    act(() => client.message(JSON.stringify(notificacao({ idPedido: 2 }))));
    act(() => client.message('lixo'));
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith(notificacao({ idPedido: 2 }));

    fireEvent.click(screen.getByRole('button', { name: 'alternar' }));
    act(() => client.message(JSON.stringify(notificacao({ idPedido: 3 }))));
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('outside a provider: DISCONNECTED and an empty list', () => {
    render(<Probe />);
    expect(status()).toBe('DISCONNECTED');
    expect(items()).toEqual([]);
  });
});
