import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { MSG_CURSO } from '@clinica/shared/messages-curso';
import { conteudoAdminApi } from '@clinica/shared/schemas/conteudo';
import { ok } from '../../lib/envelope.js';
import { AppError } from '../../lib/errors.js';
import { authUser, route } from '../../lib/route.js';
import type { ConteudoAdminService, ParteUpload } from './conteudo-admin.service.js';

/**
 * Back-office of a digital product's contents (docs/behaviour/back-office.md#product-contents:
 * POST /conteudoproduto/create/{productId}/{order}, DELETE
 * /conteudoproduto/delete/{id}; ADR 015): ADMIN only (docs/behaviour/README.md#roles gives
 * product contents to the Gerente). The upload is read part by part and streamed to
 * private storage, with a byte limit per request (`maxBytes`).
 */
export const conteudoAdminRoutes: FastifyPluginAsyncZod<{ service: ConteudoAdminService; maxBytes: number }> = async (
  app,
  { service, maxBytes },
) => {
  // Multipart for this plugin's routes, unless an enclosing scope already has it (the limits go per request below).
  if (!app.hasRequestDecorator('parts')) await app.register(multipart, { throwFileSizeLimit: false });

  route(app, conteudoAdminApi.listar, { access: ['ADMIN'] }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(await service.listar(request.params.id));
  });

  route(app, conteudoAdminApi.criar, { access: ['ADMIN'] }, async (request) => {
    const { productId, order } = request.params;
    // Refusals that need no body come first; Node then discards the unread upload.
    await service.antesDoEnvio(productId, order);
    if (!request.isMultipart()) throw new AppError(415, MSG_BO.conteudoEnvieMultipart);
    // throwFileSizeLimit: the service reports a truncated file itself, with the limit in the message.
    const opcoes = {
      throwFileSizeLimit: false,
      limits: { fileSize: maxBytes, files: 3, fields: 10, parts: 16, fieldSize: 16 * 1024, headerPairs: 50 },
    } as Parameters<typeof request.parts>[0];
    const partes = request.parts(opcoes) as AsyncIterable<ParteUpload>;
    return ok(await service.criar(productId, order, partes, authUser(request)), MSG_BO.conteudoAdicionado);
  });

  route(app, conteudoAdminApi.permitirDownload, { access: ['ADMIN'] }, async (request) => {
    const { permiteDownload } = request.body;
    const item = await service.permitirDownload(request.params.id, permiteDownload, authUser(request));
    return ok(item, permiteDownload ? MSG_API.downloadLiberado : MSG_API.downloadBloqueado);
  });

  route(app, conteudoAdminApi.alterarPrevia, { access: ['ADMIN'] }, async (request) => {
    const item = await service.alterarPrevia(request.params.id, request.body.previaGratuita, authUser(request));
    const msg = item.previaGratuita ? MSG_CURSO.previaAtivada : MSG_CURSO.previaDesativada;
    return ok(item, msg.replace('{titulo}', item.titulo));
  });

  route(app, conteudoAdminApi.excluir, { access: ['ADMIN'] }, async (request) =>
    ok(await service.excluir(request.params.id, authUser(request)), MSG_BO.conteudoExcluido),
  );
};
