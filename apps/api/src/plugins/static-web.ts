import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@clinica/shared/messages';
import { setContextAccess } from './auth.js';
import { sendApiNotFound, sendEnvelope } from './errors.js';

export interface StaticWebOptions {
  /** The Vite build (apps/web/dist). */
  webDist: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

const isApiPath = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** A client-side route ("/loja", "/details/3") rather than a missing file ("/assets/x.js"). */
const looksLikeAppRoute = (url: string): boolean => {
  const pathname = url.split('?')[0] ?? '';
  const last = pathname.split('/').pop() ?? '';
  return !last.includes('.');
};

/**
 * Serves the built SPA at `/`: hashed files under /assets cached for a year,
 * index.html never cached; any other GET that is not a file gets index.html
 * (client-side routing). Unknown /api paths answer the JSON 404 envelope.
 * Without a build, `/` explains how to make one.
 */
export async function staticWebRoutes(scope: FastifyInstance, { webDist }: StaticWebOptions): Promise<void> {
  setContextAccess(scope, 'public');
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);

  if (hasBuild) {
    await scope.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      decorateReply: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const rel = path.relative(webDist, filePath).split(path.sep).join('/');
        res.setHeader('cache-control', rel.startsWith('assets/') ? IMMUTABLE : NO_CACHE);
      },
    });
  } else {
    scope.get('/', async (_request, reply) =>
      reply.code(200).type('text/plain; charset=utf-8').header('cache-control', NO_CACHE).send(MSG.webNaoCompilada),
    );
  }

  const sendIndex = async (reply: FastifyReply): Promise<FastifyReply> => {
    const html = await fs.promises.readFile(indexFile);
    return reply.code(200).type('text/html; charset=utf-8').header('cache-control', NO_CACHE).send(html);
  };

  scope.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    if (isApiPath(url)) return sendApiNotFound(reply);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && looksLikeAppRoute(url)) {
      if (hasBuild) return sendIndex(reply);
      return reply
        .code(200)
        .type('text/plain; charset=utf-8')
        .header('cache-control', NO_CACHE)
        .send(MSG.webNaoCompilada);
    }
    return sendEnvelope(reply, { statusCode: 404, message: MSG.naoEncontrado, content: null });
  });
}
