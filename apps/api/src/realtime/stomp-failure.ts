/**
 * What the realtime channel tells a client it turns away: a STOMP ERROR frame, then the close of the SockJS
 * connection (STOMP closes the connection after an ERROR).
 */
import type sockjs from 'sockjs';
import { serializeFrame } from './stomp-codec.js';

// faye-websocket (under SockJS) accepts only 1000 and 3000-4999 from applications.
export const CLOSE_NORMAL = 1000;
export const CLOSE_GOING_AWAY = 4001;
export const CLOSE_POLICY = 4008;

/** A STOMP ERROR: `message` header (status first, as the web looks for 401/403 in it) and a pt-BR body. */
export interface StompFailure {
  status?: 400 | 401 | 403 | 408 | 413 | 429 | 503;
  message: string;
  headers?: Record<string, string>;
}

/** Turns a connection away before it has a session. */
export function refuse(conn: sockjs.Connection, failure: StompFailure): void {
  conn.write(errorFrame(failure));
  closeConnection(conn, CLOSE_POLICY, failure.message);
}

/** SockJS sends the code in its close frame as given; @types/sockjs types it as a string, the protocol wants a number. */
export function closeConnection(conn: sockjs.Connection, code: number, reason: string): void {
  (conn.close as (this: sockjs.Connection, code?: number, reason?: string) => boolean).call(conn, code, reason);
}

export function errorFrame({ status, message, headers }: StompFailure): string {
  return serializeFrame({
    command: 'ERROR',
    headers: {
      message: status ? `${status} ${message}` : message,
      'content-type': 'text/plain;charset=utf-8',
      ...headers,
    },
    body: message,
  });
}
