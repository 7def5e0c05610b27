import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { imagemApi } from '@clinica/shared/schemas/imagem';
import { created, ok } from '../../lib/envelope.js';
import { authUser, route } from '../../lib/route.js';
import type { ProdutoImagemService } from './produto-imagem.service.js';

/** The back-office: USUARIO and ADMIN (the staff manage product images). */
const EQUIPE = ['USUARIO', 'ADMIN'] as const;

/**
 * Product pictures. Multipart is parsed only in this plugin's scope
 * (unless an enclosing scope has it); the size cap is set per request by
 * lib/image-upload.ts, so other scopes keep their own limits.
 */
export const produtoImagemRoutes: FastifyPluginAsync<{ service: ProdutoImagemService }> = async (app, { service }) => {
  if (!app.hasRequestDecorator('file')) await app.register(multipart);

  route(app, imagemApi.enviarProduto, { access: EQUIPE }, async (request, reply) =>
    created(
      reply,
      await service.enviar(request, request.params.productId, request.params.isHomeImage, authUser(request)),
      MSG_BO.imagemAdicionada,
    ),
  );

  route(app, imagemApi.listarProduto, { access: EQUIPE }, async (request) =>
    ok(await service.listar(request.params.id)),
  );

  route(app, imagemApi.ordenarProduto, { access: EQUIPE }, async (request) =>
    ok(await service.ordenar(request.params.id, request.body.ids, authUser(request)), MSG_BO.imagensOrdenadas),
  );

  route(app, imagemApi.excluirProduto, { access: EQUIPE }, async (request) =>
    ok(await service.excluir(request.params.imageId, authUser(request)), MSG_BO.imagemExcluida),
  );
};
