import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ArquivoService } from './arquivo.service.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A stored file is data, never a page: no scripts even if someone opens it directly. */
const FILE_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

const matchesEtag = (header: string | undefined, etag: string): boolean =>
  !!header && header.split(',').some((t) => t.trim() === etag || t.trim() === `W/${etag}` || t.trim() === '*');

/** Public files (product images, authors, banners) at /api/arquivos/<path>. */
export const arquivoRoutes: FastifyPluginAsyncZod<{ service: ArquivoService }> = async (app, { service }) => {
  app.get(
    '/arquivos/*',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Arquivo público (imagens de produtos, autores e banners)',
        params: z.object({ '*': z.string() }),
      },
    },
    async (request, reply) => {
      const file = await service.openPublic(request.params['*']);
      reply
        .header('etag', file.etag)
        .header('cache-control', IMMUTABLE)
        .header('content-security-policy', FILE_CSP)
        .header('cross-origin-resource-policy', 'same-site');
      if (matchesEtag(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
      return reply.type(file.contentType).header('content-length', String(file.size)).send(file.open());
    },
  );
};
