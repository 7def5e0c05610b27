import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '@clinica/shared/messages';
import { describeAccess, isAllowed, type Role, type RouteAccess } from '../lib/access.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import type { TokenClaims, TokenService } from '../lib/jwt.js';

/** The signed-in caller, set by the guard on every non-public route. */
export type AuthUser = TokenClaims;

/** What the guard needs to know about a token's user at request time. */
interface SessionState {
  ativo: boolean;
  permissao: Role;
  revogado: boolean;
}

export interface SessionStore {
  /**
   * One query: the user's current state and whether the token is revoked
   * (its `jti`, its whole session `sid`, or a credentials version `sv` older
   * than the user's: issued before the last password change); null when the user is gone.
   */
  check(userId: number, jti: string, sid: string, sessaoVersao: number): Promise<SessionState | null>;
}

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

/** Access of routes registered by third-party plugins that cannot carry a `config` (e.g. CORS preflight). */
interface BuiltInAccess {
  method: string;
  url: string;
  access: RouteAccess;
}

export interface AuthPluginOptions {
  tokens: TokenService;
  sessions: SessionStore;
  builtIn?: BuiltInAccess[];
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** Verifies the bearer token of a request (for optional authentication); throws 401. */
    authenticate(request: FastifyRequest): Promise<AuthUser>;
    /** Every route registered so far with its declared access (HEAD twins included). */
    routeAccess(): RouteAccessEntry[];
  }
}

const kContextAccess = Symbol('clinica.contextAccess');
const kGuard = Symbol('clinica.guard');

/**
 * Declares the access of every route a plugin context registers without its
 * own `config.access` (used for the Swagger UI and the static web files).
 */
export function setContextAccess(instance: FastifyInstance, access: RouteAccess): void {
  (instance as unknown as Record<symbol, RouteAccess>)[kContextAccess] = access;
}

function contextAccess(instance: FastifyInstance): RouteAccess | undefined {
  return (instance as unknown as Record<symbol, RouteAccess | undefined>)[kContextAccess];
}

/** Routes whose access was never declared (they always answer 403). */
export function undeclaredRoutes(app: FastifyInstance): RouteAccessEntry[] {
  return app.routeAccess().filter((r) => r.access === undefined);
}

const methodsOf = (opts: RouteOptions): string[] =>
  (Array.isArray(opts.method) ? opts.method : [opts.method]).map(String);

const BEARER = /^Bearer[ ]+([A-Za-z0-9_\-.]+)[ ]*$/i;

/**
 * Authentication (JWT bearer) and the role guard. One `onRoute` hook puts the
 * guard in front of every route that is not public, first of the route's own
 * `onRequest` hooks, so nothing is parsed for a caller who may not call the
 * route. A route without an access declaration gets a guard that always
 * refuses, and is reported in the log at startup.
 */
export const authPlugin = fp<AuthPluginOptions>(
  async (app, { tokens, sessions, builtIn = [] }) => {
    const table: RouteAccessEntry[] = [];

    async function authenticate(request: FastifyRequest): Promise<AuthUser> {
      const match = BEARER.exec(request.headers.authorization ?? '');
      if (!match?.[1]) throw unauthorized(MSG.naoAutenticado);
      const claims = await tokens.verify(match[1]);
      const state = await sessions.check(claims.id, claims.jti, claims.sid, claims.sessaoVersao ?? 0);
      if (!state || !state.ativo || state.revogado) throw unauthorized(MSG.naoAutenticado);
      // The role is the current one in the database, so a demotion takes effect at once.
      return { ...claims, permissao: state.permissao };
    }

    const guard: onRequestAsyncHookHandler = async function guard(request) {
      const access = request.routeOptions.config.access;
      if (access === undefined) throw forbidden(MSG.semPermissao);
      if (access === 'public') return; // not installed on public routes; kept for safety
      const user = await authenticate(request);
      request.user = user;
      if (!isAllowed(access, user, request.params)) throw forbidden(MSG.semPermissao);
    };
    (guard as unknown as Record<symbol, boolean>)[kGuard] = true;

    app.decorateRequest('user', null);
    app.decorate('authenticate', authenticate);
    app.decorate('routeAccess', () => table.map((r) => ({ ...r })));

    app.addHook('onRoute', function onRoute(this: FastifyInstance, opts) {
      const methods = methodsOf(opts);
      const url = opts.url ?? opts.path ?? '';
      const access =
        opts.config?.access ??
        contextAccess(this) ??
        builtIn.find((b) => b.url === url && methods.includes(b.method))?.access;
      opts.config = { ...opts.config, access };

      // A public route has nothing to check: no guard, so it costs nothing per request.
      const existing = opts.onRequest ? (Array.isArray(opts.onRequest) ? opts.onRequest : [opts.onRequest]) : [];
      if (access !== 'public' && !existing.some((h) => (h as unknown as Record<symbol, boolean>)[kGuard])) {
        opts.onRequest = [guard, ...existing] as RouteOptions['onRequest'];
      }
      for (const method of methods) table.push({ method, url, access });

      if (access === undefined) {
        this.log.error(
          { method: methods.join(','), url },
          'Rota sem declaração de acesso (config.access): será sempre negada com 403.',
        );
        return;
      }
      // OpenAPI: bearer security and the rule in the description of protected routes.
      if (opts.schema && !(opts.schema as { hide?: boolean }).hide) {
        const schema = opts.schema as Record<string, unknown>;
        const tag = /^\/api\/([^/]+)/.exec(url)?.[1];
        opts.schema = {
          ...schema,
          ...(access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
          ...(schema.tags || !tag ? {} : { tags: [tag] }),
          description: [schema.description, `Acesso: ${describeAccess(access)}.`].filter(Boolean).join('\n\n'),
        };
      }
    });
  },
  { name: 'clinica-auth' },
);
