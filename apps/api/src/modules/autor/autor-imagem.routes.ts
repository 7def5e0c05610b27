import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { imagemApi } from '@clinica/shared/schemas/imagem';
import { ok } from '../../lib/envelope.js';
import { authUser, route } from '../../lib/route.js';
import type { AutorImagemService } from './autor-imagem.service.js';

/**
 * POST /autor/save/imgautor/{id} (multipart `imagem`): USUARIO and
 * ADMIN, like the other author writes. Multipart is parsed only in this
 * plugin's scope; the size cap is set per request (lib/image-upload.ts).
 */
export const autorImagemRoutes: FastifyPluginAsync<{ service: AutorImagemService }> = async (app, { service }) => {
  if (!app.hasRequestDecorator('file')) await app.register(multipart);

  route(app, imagemApi.enviarAutor, { access: ['USUARIO', 'ADMIN'] }, async (request) =>
    ok(await service.enviar(request, request.params.id, authUser(request)), MSG_BO.imagemEditada),
  );
};
