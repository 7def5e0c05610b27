import type { Permissao } from '@clinica/shared/schemas/common';
import type { TokenClaims } from './jwt.js';

export type Role = Permissao;

/**
 * Who may call a route. Every route declares it in `config.access`:
 *  - `'public'`: anyone, no token needed;
 *  - `'authenticated'`: any signed-in user;
 *  - a list of roles: `['CLIENTE']`, `['USUARIO', 'ADMIN']`, …;
 *  - an owner rule: the path parameter `owner` must equal the token's user id
 *    (or, with `claim: 'idCliente'`, the token's client id); `or` lists roles
 *    that may call it for anybody.
 * A route without a declaration is always refused (403).
 */
export type RouteAccess =
  | 'public'
  | 'authenticated'
  | readonly Role[]
  | { readonly owner: string; readonly claim?: 'sub' | 'idCliente'; readonly or?: readonly Role[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/** Parses a path parameter as a positive id ("12" → 12; anything else → null). */
function paramId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
}

/** Whether a signed-in user passes an (authenticated) access rule. */
export function isAllowed(
  access: RouteAccess,
  user: Pick<TokenClaims, 'id' | 'permissao' | 'idCliente'>,
  params: unknown,
): boolean {
  if (access === 'public' || access === 'authenticated') return true;
  if (Array.isArray(access)) return (access as readonly Role[]).includes(user.permissao);
  const rule = access as Exclude<RouteAccess, string | readonly Role[]>;
  if (rule.or?.includes(user.permissao)) return true;
  const value = paramId((params as Record<string, unknown> | undefined)?.[rule.owner]);
  const mine = rule.claim === 'idCliente' ? user.idCliente : user.id;
  return value !== null && mine !== null && value === mine;
}

/** A readable form of a rule, for logs and the OpenAPI document. */
export function describeAccess(access: RouteAccess | undefined): string {
  if (access === undefined) return 'não declarado (sempre negado)';
  if (access === 'public') return 'público';
  if (access === 'authenticated') return 'qualquer usuário autenticado';
  if (Array.isArray(access)) return (access as readonly Role[]).join(', ');
  const rule = access as Exclude<RouteAccess, string | readonly Role[]>;
  const who = rule.claim === 'idCliente' ? `cliente dono de {${rule.owner}}` : `usuário dono de {${rule.owner}}`;
  return rule.or?.length ? `${who} ou ${rule.or.join(', ')}` : who;
}
