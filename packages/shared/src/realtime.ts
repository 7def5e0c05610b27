/** The realtime channel (docs/behaviour/payments.md#realtime-notifications, ADR 023): SockJS + STOMP 1.2 under the API. */

/** Path of the SockJS endpoint, relative to the site root. */
export const REALTIME_PATH = '/api/ws';

/**
 * The SockJS transports the server offers, by sockjs-client's names (ADR 023): a WebSocket, or XHR streaming and
 * polling. None of them answers with a script or a page: JSONP, eventsource, htmlfile and the iframe transports
 * (and the iframe page) are not served.
 */
export const REALTIME_TRANSPORTS = ['websocket', 'xhr-streaming', 'xhr-polling'] as const;
export type RealtimeTransport = (typeof REALTIME_TRANSPORTS)[number];

/** What the web asks sockjs-client for (xhr-streaming); only transports the server offers. */
export const WEB_REALTIME_TRANSPORTS: readonly RealtimeTransport[] = ['xhr-streaming'];

/** The destinations a client may subscribe to, only its own: its payment notifications… */
export const destinoNotificacoes = (idUser: number): string => `/user/${idUser}/queue/notifications`;
/** …and the notices that its bag kept on the server changed (ADR 034), so its other devices read it at once. */
export const destinoSacola = (idUser: number): string => `/user/${idUser}/queue/sacola`;

/** Heart-beats in and out, ms (docs/behaviour/timings-and-limits.md#session-timings). */
export const HEARTBEAT_MS = 4000;
/** Delay before reconnecting, ms, and attempts before giving up. */
export const RECONNECT_DELAY_MS = 5000;
export const MAX_RECONNECT_ATTEMPTS = 5;
