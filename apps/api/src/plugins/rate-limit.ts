import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { createRateLimiter, type RateLimiter } from '../lib/rate-limit.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters shared by every API instance (PostgreSQL), see lib/rate-limit.ts. */
    rateLimiter: RateLimiter;
  }
}

export interface RouteLimit {
  /** Counter name; the key is `${name}:${key(request)}` (default: the client IP). */
  name: string;
  max: number;
  windowSeconds: number;
  key?: (request: FastifyRequest) => string;
}

/**
 * A route-level preHandler that answers 429 (with retry-after) past `max`
 * hits per window, e.g. for code requests:
 * `preHandler: limitRoute(app.rateLimiter, { name: 'codigo', max: 5, windowSeconds: 900, key: (r) => r.body.email })`.
 * Runs after validation, so the key may use the parsed body.
 */
export function limitRoute(limiter: RateLimiter, limit: RouteLimit): preHandlerAsyncHookHandler {
  return async (request) => {
    const key = limit.key ? limit.key(request) : request.ip;
    await limiter.consume(`${limit.name}:${key}`, limit.max, limit.windowSeconds);
  };
}

export const rateLimitPlugin = fp<{ db: Db; limiter?: RateLimiter }>(
  async (app, { db, limiter }) => {
    app.decorate('rateLimiter', limiter ?? createRateLimiter(db));
  },
  { name: 'clinica-rate-limit' },
);
