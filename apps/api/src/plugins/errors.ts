import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import type { FieldError } from '@clinica/shared/schemas/common';
import { envelope, isEnvelope } from '../lib/envelope.js';
import { isAppError, sqlState } from '../lib/errors.js';
import { cameOverTls, withHsts } from './security.js';

interface ErrorResponse {
  statusCode: number;
  message: string;
  content: unknown;
  headers?: Record<string, string>;
}

/** A fitting pt-BR message for a status without a more specific one. */
const MESSAGE_BY_STATUS: Record<number, string> = {
  400: MSG.corpoInvalido,
  401: MSG.naoAutenticado,
  403: MSG.semPermissao,
  404: MSG.naoEncontrado,
  405: MSG_API.rotaNaoEncontrada,
  406: MSG.corpoInvalido,
  409: MSG_API.conflito,
  411: MSG.corpoInvalido,
  413: MSG_API.corpoMuitoGrande,
  415: MSG_API.tipoConteudoNaoSuportado,
  422: MSG_API.regraViolada,
  429: MSG.muitasTentativas,
  503: MSG_API.servicoIndisponivel,
};

/** Fastify/plugin error codes with their own message. */
const MESSAGE_BY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MSG.corpoInvalido,
  FST_ERR_CTP_EMPTY_JSON_BODY: MSG.corpoInvalido,
  FST_ERR_CTP_BODY_TOO_LARGE: MSG_API.corpoMuitoGrande,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MSG_API.tipoConteudoNaoSuportado,
  FST_REQ_FILE_TOO_LARGE: MSG_API.arquivoMuitoGrande,
  FST_FILES_LIMIT: MSG_API.arquivoMuitoGrande,
  FST_PARTS_LIMIT: MSG_API.corpoMuitoGrande,
  FST_FIELDS_LIMIT: MSG_API.corpoMuitoGrande,
};

/** `/usuario/email` → `usuario.email`; the root of the body → `body`. */
function fieldName(instancePath: string | undefined, context: string | undefined): string {
  const path = (instancePath ?? '').split('/').filter(Boolean).join('.');
  return path || context || 'body';
}

function validationErrors(err: FastifyError): FieldError[] {
  const list = (err.validation ?? []) as Array<{
    instancePath?: string;
    message?: string;
    params?: Record<string, unknown>;
  }>;
  return list.map((issue) => {
    let campo = fieldName(issue.instancePath, err.validationContext);
    // Ajv reports a missing property on its parent: name the property itself.
    const missing = issue.params?.missingProperty;
    if (typeof missing === 'string') campo = campo === err.validationContext ? missing : `${campo}.${missing}`;
    return { campo, mensagem: issue.message || MSG.erroValidacao };
  });
}

/** Maps anything thrown to the envelope the client sees. */
function toErrorResponse(err: unknown, request: FastifyRequest): ErrorResponse {
  if (isAppError(err)) {
    return { statusCode: err.statusCode, message: err.message, content: err.content ?? null, headers: err.headers };
  }
  const e = (err ?? {}) as FastifyError;
  if (hasZodFastifySchemaValidationErrors(e) || (Array.isArray(e.validation) && e.validation.length > 0)) {
    return { statusCode: 400, message: MSG.erroValidacao, content: { errors: validationErrors(e) } };
  }
  const state = sqlState(err);
  switch (state) {
    case '23505':
      return { statusCode: 409, message: MSG_API.conflito, content: null };
    case '23503':
      return { statusCode: 409, message: MSG_API.registroVinculado, content: null };
    case '23502':
    case '23514':
      return { statusCode: 422, message: MSG_API.regraViolada, content: null };
    default:
      break;
  }
  // Class 22, data exception: a value the database cannot take (too long, out of
  // range, bad date, NUL byte 22021, bad text for a type 22P02, …) is the caller's input.
  if (state?.startsWith('22')) return { statusCode: 400, message: MSG.erroValidacao, content: null };
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500 && !isResponseSerializationError(e)) {
    const message = (e.code && MESSAGE_BY_CODE[e.code]) || MESSAGE_BY_STATUS[status] || MSG.corpoInvalido;
    return { statusCode: status, message, content: null };
  }
  return { statusCode: 500, message: MSG.erroInterno, content: { requestId: request.id } };
}

/** Sends an envelope as a ready string, so no route response schema re-validates it. */
export function sendEnvelope(reply: FastifyReply, res: ErrorResponse): FastifyReply {
  if (res.headers) reply.headers(res.headers);
  return reply
    .code(res.statusCode)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(envelope(res.statusCode, res.message, res.content)));
}

/** The JSON 404 of the API (unknown route or method). */
export function sendApiNotFound(reply: FastifyReply): FastifyReply {
  return sendEnvelope(reply, { statusCode: 404, message: MSG_API.rotaNaoEncontrada, content: null });
}

/**
 * Security headers of the answers written outside the normal request cycle
 * (a malformed URL, an unparseable request): the same protections helmet gives
 * every other answer, fitted to a JSON error.
 */
const RAW_ERROR_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
/** The same over TLS: plus HSTS (plugins/security.ts sends HSTS only over TLS). */
const RAW_ERROR_HEADERS_TLS = withHsts(RAW_ERROR_HEADERS);

/**
 * Fastify's `frameworkErrors`: a URL with malformed percent-encoding
 * (FST_ERR_BAD_URL) or a failed route constraint never reaches a route; it
 * gets the envelope with its 400 and the security headers, not Fastify's raw JSON.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ code: error.code }, 'Requisição recusada antes do roteamento');
  reply.headers(cameOverTls(request) ? RAW_ERROR_HEADERS_TLS : RAW_ERROR_HEADERS);
  void sendEnvelope(reply, {
    statusCode: 400,
    message: error.code === 'FST_ERR_BAD_URL' ? MSG_API.urlInvalida : MSG_API.requisicaoInvalida,
    content: null,
  });
}

/**
 * Node's `clientError`, as Fastify's `clientErrorHandler`: a request the HTTP
 * parser refuses (headers over the size limit, a malformed request line, a
 * request too slow to arrive) is answered on the socket with the envelope,
 * its 4xx and the security headers, then the connection is closed.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, MSG_API.cabecalhosGrandes]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, MSG_API.tempoEsgotado]
        : [400, MSG_API.requisicaoInvalida];
  const body = JSON.stringify(envelope(status, message, null));
  // No request here: only a TLS socket of our own counts (a proxy's X-Forwarded-Proto was never parsed).
  const headers = Object.entries({
    ...((socket as Socket & { encrypted?: boolean }).encrypted ? RAW_ERROR_HEADERS_TLS : RAW_ERROR_HEADERS),
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers}\r\n${body}`);
}

/**
 * Envelope + central error handler: every error becomes
 * `{ statusCode, message, content }` with a pt-BR message; unexpected errors
 * are logged with the request id and answered 500 without any detail.
 */
export const errorsPlugin = fp(
  async (app) => {
    // An empty body sent as JSON (e.g. a POST without payload) reads as no body.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
      parseJson(request, body as string, done);
    });

    app.setErrorHandler((err, request, reply) => {
      const res = toErrorResponse(err, request);
      if (res.statusCode >= 500) request.log.error({ err }, 'Erro ao processar a requisição');
      else
        request.log.info(
          { statusCode: res.statusCode, code: (err as FastifyError).code ?? sqlState(err), message: res.message },
          'Requisição recusada',
        );
      return sendEnvelope(reply, res);
    });

    // A handler's envelope always carries the HTTP status it is sent with.
    // A callback hook, not an async one: it runs on every response (no promise per request).
    app.addHook('preSerialization', (_request, reply, payload, done) => {
      if (isEnvelope(payload) && payload.statusCode !== reply.statusCode) {
        done(null, { ...payload, statusCode: reply.statusCode });
        return;
      }
      done(null, payload);
    });
  },
  { name: 'clinica-errors' },
);
