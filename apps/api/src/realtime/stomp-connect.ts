/**
 * What a CONNECT (or STOMP) frame asks for: the protocol version, the heart-beats and the bearer token. Read before
 * the token is checked; a frame that cannot be served is answered with its ERROR.
 */
import { MSG } from '@clinica/shared/messages';
import type { StompFrame } from './stomp-codec.js';
import type { StompFailure } from './stomp-failure.js';

/** Versions we speak; the 1.1 framing differs from 1.2 only in details our frames never use. */
const SUPPORTED_VERSIONS = ['1.2', '1.1'];
const HEART_BEAT = /^(\d{1,9}),(\d{1,9})$/;
const BEARER = /^Bearer[ ]+\S+[ ]*$/i;

export interface ConnectRequest {
  version: string;
  /** Heart-beats the client promises to send, ms (0: none). */
  clientSends: number;
  /** Heart-beats the client wants to receive, ms (0: none). */
  clientWants: number;
  /** `Bearer <token>`, trimmed. */
  authorization: string;
}

export function readConnect(frame: StompFrame): ConnectRequest | { failure: StompFailure } {
  const versions = (frame.headers['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
  const version = SUPPORTED_VERSIONS.find((v) => versions.includes(v));
  if (!version) {
    return {
      failure: {
        status: 400,
        message: 'Versão do STOMP não suportada.',
        headers: { version: SUPPORTED_VERSIONS.join(',') },
      },
    };
  }
  const beat = HEART_BEAT.exec(frame.headers['heart-beat'] ?? '0,0');
  if (!beat) return { failure: { status: 400, message: 'Cabeçalho heart-beat inválido.' } };
  // STOMP header names are case-sensitive; the web sends `Authorization`, some clients lowercase it.
  const authorization = frame.headers.Authorization ?? frame.headers.authorization ?? '';
  if (!BEARER.test(authorization)) return { failure: { status: 401, message: MSG.naoAutenticado } };
  return { version, clientSends: Number(beat[1]), clientWants: Number(beat[2]), authorization: authorization.trim() };
}
