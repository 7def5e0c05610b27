import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG } from '@clinica/shared/messages';
import type { FieldError } from '@clinica/shared/schemas/common';
import { envelope, isEnvelope } from '../lib/envelope.js';
import { isAppError, sqlState } from '../lib/errors.js';

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
  405: MSG.rotaNaoEncontrada,
  406: MSG.corpoInvalido,
  409: MSG.conflito,
  411: MSG.corpoInvalido,
  413: MSG.corpoMuitoGrande,
  415: MSG.tipoConteudoNaoSuportado,
  422: MSG.regraViolada,
  429: MSG.muitasTentativas,
  503: MSG.servicoIndisponivel,
};

/** Fastify/plugin error codes with their own message. */
const MESSAGE_BY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MSG.corpoInvalido,
  FST_ERR_CTP_EMPTY_JSON_BODY: MSG.corpoInvalido,
  FST_ERR_CTP_BODY_TOO_LARGE: MSG.corpoMuitoGrande,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MSG.tipoConteudoNaoSuportado,
  FST_REQ_FILE_TOO_LARGE: MSG.arquivoMuitoGrande,
  FST_FILES_LIMIT: MSG.arquivoMuitoGrande,
  FST_PARTS_LIMIT: MSG.corpoMuitoGrande,
  FST_FIELDS_LIMIT: MSG.corpoMuitoGrande,
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
export function toErrorResponse(err: unknown, request: FastifyRequest): ErrorResponse {
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
      return { statusCode: 409, message: MSG.conflito, content: null };
    case '23503':
      return { statusCode: 409, message: MSG.registroVinculado, content: null };
    case '23502':
    case '23514':
      return { statusCode: 422, message: MSG.regraViolada, content: null };
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
  return sendEnvelope(reply, { statusCode: 404, message: MSG.rotaNaoEncontrada, content: null });
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
    app.addHook('preSerialization', async (_request, reply, payload) => {
      if (isEnvelope(payload) && payload.statusCode !== reply.statusCode) {
        return { ...payload, statusCode: reply.statusCode };
      }
      return payload;
    });
  },
  { name: 'clinica-errors' },
);
