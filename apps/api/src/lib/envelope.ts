import type { FastifyReply } from 'fastify';
import { MSG_API } from '@clinica/shared/messages-api';
import type { Envelope } from '@clinica/shared/schemas/common';

/** Builds the response envelope; `statusCode` is the HTTP status. */
export const envelope = <T>(statusCode: number, message: string, content: T): Envelope<T> => ({
  statusCode,
  message,
  content,
});

/** 200 envelope, for a handler's `return`. */
export const ok = <T>(content: T, message: string = MSG_API.sucesso): Envelope<T> => envelope(200, message, content);

/** Sets the reply status and returns the matching envelope, for a handler's `return`. */
export const withStatus = <T>(
  reply: FastifyReply,
  statusCode: number,
  content: T,
  message: string = MSG_API.sucesso,
) => {
  reply.code(statusCode);
  return envelope(statusCode, message, content);
};

/** 201 envelope. */
export const created = <T>(reply: FastifyReply, content: T, message: string = MSG_API.sucesso) =>
  withStatus(reply, 201, content, message);

export const isEnvelope = (value: unknown): value is Envelope<unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as { statusCode?: unknown }).statusCode === 'number' &&
  typeof (value as { message?: unknown }).message === 'string' &&
  'content' in value;
