import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { tooManyRequests } from '../lib/errors.js';
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

/** The hooks of a route whose limit counts failures only (`limitRouteFailures`). */
export interface FailureLimitHooks {
  preHandler: preHandlerAsyncHookHandler;
  onSend: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
}

/**
 * A route-level limit that counts the requests that fail (ADR 003, sign-ups): each request is counted while it
 * runs, so a burst is bounded as by `limitRoute`, and gives its hit back when it is answered with a success
 * (2xx) or refused by this limit (429: nothing was tried). What stays counted are the answers that failed (4xx
 * and 5xx of the handler); past `max` of them in the window the route answers 429. Bodies the route's schema
 * refuses (400) never reach the preHandler and are not counted.
 *
 *   const cadastros = limitRouteFailures(app.rateLimiter, { name: 'cadastro:ip', max: 20, windowSeconds: 3600 });
 *   route(app, clienteApi.create, { access: 'public', preHandler: cadastros.preHandler, onSend: cadastros.onSend }, …);
 */
export function limitRouteFailures(limiter: RateLimiter, limit: RouteLimit): FailureLimitHooks {
  const counted = new WeakMap<FastifyRequest, string>();
  return {
    async preHandler(request) {
      const key = `${limit.name}:${limit.key ? limit.key(request) : request.ip}`;
      const result = await limiter.hit(key, limit.max, limit.windowSeconds);
      if (!result.allowed) {
        await limiter.release(key);
        throw tooManyRequests(result.retryAfterSeconds);
      }
      counted.set(request, key);
    },
    async onSend(request, reply, payload) {
      const key = counted.get(request);
      if (key !== undefined && reply.statusCode < 300) await limiter.release(key);
      return payload;
    },
  };
}

export const rateLimitPlugin = fp<{ db: Db; limiter?: RateLimiter }>(
  async (app, { db, limiter }) => {
    app.decorate('rateLimiter', limiter ?? createRateLimiter(db));
  },
  { name: 'clinica-rate-limit' },
);
