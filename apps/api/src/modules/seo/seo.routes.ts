import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { SeoService } from './seo.service.js';

/** Short shared caching: products change, crawlers come back. */
const CACHE = 'public, max-age=3600';

/**
 * /sitemap.xml and /robots.txt at the root of the site (not under /api). URLs
 * are absolute: PUBLIC_URL when set, otherwise the origin the request came to.
 */
export const seoRoutes: FastifyPluginAsync<{ service: SeoService; publicUrl: string | undefined }> = async (
  app,
  { service, publicUrl },
) => {
  const origin = (request: FastifyRequest) => publicUrl ?? `${request.protocol}://${request.host}`;

  app.get('/sitemap.xml', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE)
      .send(await service.sitemap(origin(request))),
  );

  app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE)
      .send(service.robots(origin(request))),
  );
};
