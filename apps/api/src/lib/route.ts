import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FailureLimitHooks } from '../plugins/rate-limit.js';
import type {
  AnyEndpoint,
  EndpointBody,
  EndpointContent,
  EndpointParams,
  EndpointQuery,
} from '@clinica/shared/endpoint';
import { envelopeSchema, type Envelope } from '@clinica/shared/schemas/common';
import type { AuthUser } from '../plugins/auth.js';
import { PUBLIC_MAX_AGE_SECONDS, publicReadCache, type CachePolicy } from '../plugins/http-cache.js';
import type { RouteAccess } from './access.js';
import type { VersionedReads } from './versioned-reads.js';

/** The request of an endpoint's handler: params, query and body already parsed by its schemas. */
type EndpointRequest<E extends AnyEndpoint> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  Body: EndpointBody<E>;
}>;

/** A handler returns the envelope of its content (`ok(content, message)`). */
export type EndpointHandler<E extends AnyEndpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<Envelope<EndpointContent<E>>>;

export interface EndpointRouteOptions {
  /** Who may call it (lib/access.ts); required, so no route is left undeclared. */
  access: RouteAccess;
  /** Run after validation and the role guard (rate limits, …). */
  preHandler?: preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[];
  /** A limit that counts only the requests that fail (plugins/rate-limit.ts `limitRouteFailures`), after preHandler. */
  failureLimit?: FailureLimitHooks;
  /** Larger body limit for this route, in bytes. */
  bodyLimit?: number;
  /**
   * Public GET only: ETag + `Cache-Control: public, max-age=60` by default
   * (plugins/http-cache.ts); `'no-store'` for public reads that must always be
   * fresh or that vary by caller.
   */
  cache?: CachePolicy;
  /**
   * Public GET only: answers kept by a version of the database (lib/versioned-reads.ts, ADR 021); the handler runs
   * only when what it reads changed. For reads whose answer depends only on the URL and that data.
   */
  versioned?: VersionedReads;
}

// Route registration accepts any type provider; the types come from the endpoint.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFastify = FastifyInstance<any, any, any, any, any>;

/**
 * Registers the route of an endpoint definition (packages/shared): method,
 * path, validation of params/query/body, the response envelope's schema (also
 * the OpenAPI document) and the success status all come from the definition;
 * the handler only parses, calls its service and returns. Public GET routes
 * also get ETag / Cache-Control / 304 (plugins/http-cache.ts).
 */
export function route<E extends AnyEndpoint>(
  app: AnyFastify,
  endpoint: E,
  options: EndpointRouteOptions,
  handler: EndpointHandler<E>,
): void {
  const status = endpoint.status ?? 200;
  // Public reads are cacheable and revalidate with ETag; nothing else is marked public.
  const cacheable = endpoint.method === 'GET' && options.access === 'public';
  if (options.versioned && !cacheable) throw new Error(`${endpoint.path}: só leituras públicas guardam respostas`);
  if (options.failureLimit && cacheable) throw new Error(`${endpoint.path}: leituras públicas não contam falhas`);
  const httpCache = cacheable ? publicReadCache(options.cache ?? { maxAge: PUBLIC_MAX_AGE_SECONDS }) : undefined;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: options.access },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.preHandler || options.failureLimit
      ? { preHandler: [options.preHandler ?? [], options.failureLimit?.preHandler ?? []].flat() }
      : {}),
    // The versioned answer is kept before the HTTP cache compresses it or answers 304.
    ...(options.versioned ? { onRequest: options.versioned.onRequest } : {}),
    ...(httpCache ? { onSend: options.versioned ? [options.versioned.onSend, httpCache] : httpCache } : {}),
    ...(options.failureLimit ? { onSend: options.failureLimit.onSend } : {}),
    schema: {
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { [status]: envelopeSchema(endpoint.response) },
    },
    // A 200 endpoint's handler is the route's handler: no wrapper, no extra promise per request.
    handler:
      status === 200
        ? (handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>)
        : async (request: FastifyRequest, reply: FastifyReply) => {
            const result = await handler(request as unknown as EndpointRequest<E>, reply);
            if (reply.statusCode === 200) reply.code(status);
            return result;
          },
  });
}

/** The caller of a protected route (the guard has run, so there is one). */
export function authUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Error('Rota protegida sem usuário autenticado');
  return request.user;
}
