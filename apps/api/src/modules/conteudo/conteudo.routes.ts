import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { idParam } from '@clinica/shared/schemas/common';
import {
  CERTIFICADO_PDF_PATH,
  codigoCertificadoParam,
  CONTEUDO_DOWNLOAD_PATH,
  CONTEUDO_PDF_PATH,
  CONTEUDO_PREVIA_PATH,
  CONTEUDO_STREAM_PATH,
  conteudoApi,
  midiaAssinadaQuerySchema,
} from '@clinica/shared/schemas/conteudo';
import { envelope, ok } from '../../lib/envelope.js';
import { authUser, route } from '../../lib/route.js';
import type { ConteudoService, Leitor, RespostaMidia } from './conteudo.service.js';

/** Files are data, never pages: nothing in them may run if opened directly. */
const FILE_CSP = "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** The bearer token of a media request, when it has one (the signed URL is the usual way). */
const bearerDe = (request: FastifyRequest) =>
  request.headers.authorization
    ? async (): Promise<Leitor> => {
        const user = await request.server.authenticate(request);
        return { id: user.id, permissao: user.permissao, idCliente: user.idCliente };
      }
    : null;

/** Writes a media answer: headers, then the stream (or nothing for HEAD, an envelope for 416). */
function enviar(request: FastifyRequest, reply: FastifyReply, r: RespostaMidia) {
  reply.code(r.status).headers(r.headers).header('content-security-policy', FILE_CSP);
  if (r.status === 416) {
    return reply.type('application/json; charset=utf-8').send(envelope(416, MSG_API.intervaloInvalido, null));
  }
  if (request.method === 'HEAD') return reply.send();
  return reply.send(r.abrir ? r.abrir() : r.corpo);
}

/**
 * Library, classroom, progress and certificates (docs/behaviour/library-and-classroom.md,
 * GET /cliente/produtosacesso/{idUser}; ADR 013). The JSON routes declare
 * their role or owner rule; who owns a course is decided by the service from
 * paid orders on every request. The binary routes are declared public to the
 * guard because a `<video>` cannot send the bearer token: they authenticate
 * themselves with a signed URL (or a bearer token) and answer 401/403 as the
 * guard would.
 */
export const conteudoRoutes: FastifyPluginAsyncZod<{ service: ConteudoService }> = async (app, { service }) => {
  route(app, conteudoApi.produtosAcesso, { access: { owner: 'idUser', or: ['ADMIN'] } }, async (request) =>
    ok(await service.biblioteca(authUser(request), request.query.filtroProduto)),
  );

  route(app, conteudoApi.conteudoCurso, { access: { owner: 'idUser', or: ['ADMIN'] } }, async (request) =>
    ok(await service.curso(authUser(request), request.params.id)),
  );

  route(app, conteudoApi.conteudo, { access: ['CLIENTE', 'ADMIN'] }, async (request, reply) => {
    // The answer carries a signed URL: no cache may keep it.
    reply.header('cache-control', 'private, no-store');
    return ok(await service.conteudo(authUser(request), request.params.id));
  });

  route(app, conteudoApi.progresso, { access: ['CLIENTE', 'ADMIN'] }, async (request) =>
    ok(await service.salvarProgresso(authUser(request), request.params.id, request.body), MSG_API.progressoSalvo),
  );

  route(app, conteudoApi.emitirCertificado, { access: ['CLIENTE'] }, async (request) =>
    ok(await service.emitirCertificado(authUser(request), request.params.id), MSG_API.certificadoEmitido),
  );

  route(app, conteudoApi.verificarCertificado, { access: 'public' }, async (request) =>
    ok(await service.verificarCertificado(request.params.codigo), MSG.certificadoValido),
  );

  const midia =
    (rota: 'video' | 'pdf' | 'download') =>
    async (
      request: FastifyRequest<{ Params: { id: number }; Querystring: z.infer<typeof midiaAssinadaQuerySchema> }>,
      reply: FastifyReply,
    ) => {
      const { id } = request.params;
      const { leitor, expira } = await service.leitorDaMidia(`conteudo:${id}`, request.query, bearerDe(request));
      return enviar(request, reply, await service.midia(leitor, expira, id, rota, request.headers.range));
    };

  app.get(
    CONTEUDO_STREAM_PATH,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Vídeo de um conteúdo, com HTTP Range (URL assinada ou token do dono)',
        params: z.object({ id: idParam }),
        querystring: midiaAssinadaQuerySchema,
      },
    },
    midia('video'),
  );

  app.get(
    CONTEUDO_PDF_PATH,
    {
      config: { access: 'public' },
      schema: {
        summary: 'PDF de um conteúdo, com HTTP Range (URL assinada ou token do dono)',
        params: z.object({ id: idParam }),
        querystring: midiaAssinadaQuerySchema,
      },
    },
    midia('pdf'),
  );

  app.get(
    CONTEUDO_DOWNLOAD_PATH,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Baixa o arquivo de um conteúdo, quando a equipe libera (URL assinada ou token do dono)',
        description:
          'Só para quem tem acesso ao curso (403) e só de um conteúdo com download liberado (422). Anexo com o título do conteúdo.',
        params: z.object({ id: idParam }),
        querystring: midiaAssinadaQuerySchema,
      },
    },
    midia('download'),
  );

  app.get(
    CONTEUDO_PREVIA_PATH,
    {
      config: { access: 'public' },
      schema: {
        summary:
          'Prévia grátis de um curso (vídeo ou PDF), com HTTP Range; só conteúdos marcados como prévia (ADR 047)',
        params: z.object({ id: idParam }),
      },
    },
    async (request, reply) => enviar(request, reply, await service.previa(request.params.id, request.headers.range)),
  );

  app.get(
    CERTIFICADO_PDF_PATH,
    {
      config: { access: 'public' },
      schema: {
        summary: 'PDF do certificado (URL assinada ou token do dono)',
        params: z.object({ codigo: codigoCertificadoParam }),
        querystring: midiaAssinadaQuerySchema,
      },
    },
    async (request, reply) => {
      const { codigo } = request.params;
      const { leitor, expira } = await service.leitorDaMidia(
        service.recursoCertificado(codigo),
        request.query,
        bearerDe(request),
      );
      return enviar(request, reply, await service.certificadoPdf(leitor, expira, codigo));
    },
  );
};
