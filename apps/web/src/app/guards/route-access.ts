import type { Role, SessionUser } from '../../lib/session';
import { STORE_SIGN_IN_TO_FINISH } from '../../lib/sign-in-place';

/**
 * Who may open a route (docs/behaviour/README.md#route-access).
 * - `public`: everyone.
 * - `roles`: signed-in users with one of the roles. `ownerParam` makes a
 *   CLIENTE route personal: the path parameter must be the user's own id.
 *   `signedOut` is where a visitor is sent (default /signIn), with `signedOutState` as the location state there.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'roles'; roles: readonly Role[]; ownerParam?: string; signedOut?: string; signedOutState?: object };

export type AccessDecision =
  | { type: 'allow' }
  | { type: 'redirect'; to: string; state?: object }
  /** Signed in with the wrong role: the 'Página não encontrada!' page. */
  | { type: 'deny' }
  /** Just signed out by a 401/403: render nothing; the session-expired dialog leads to /signIn. */
  | { type: 'hold' };

export const ACCESS = {
  public: { kind: 'public' },
  /** Customer pages about the user's own data: /orders/:id, /user/:id. */
  clienteOwn: { kind: 'roles', roles: ['CLIENTE'], ownerParam: 'id' },
  /** /favoritos (ADR 045): the signed-in customer's own, named by no parameter. */
  cliente: { kind: 'roles', roles: ['CLIENTE'] },
  /** /library and /classRoom/:id: CLIENTE and ADMIN (ADR 002). */
  library: { kind: 'roles', roles: ['CLIENTE', 'ADMIN'] },
  /** Back-office pages shared by ADMIN and USUARIO. */
  staff: { kind: 'roles', roles: ['ADMIN', 'USUARIO'] },
  /** Users, access control, product contents and company: ADMIN only. */
  admin: { kind: 'roles', roles: ['ADMIN'] },
  /**
   * /checkout: without a signed-in user it goes to /loja, which tells the visitor to sign in to finish the purchase
   * (lib/sign-in-place.ts); only customers buy.
   */
  checkout: { kind: 'roles', roles: ['CLIENTE'], signedOut: '/loja', signedOutState: STORE_SIGN_IN_TO_FINISH },
} as const satisfies Record<string, RouteAccess>;

export interface AccessContext {
  user: SessionUser | null;
  /** The unauthorized flag of the session (a 401/403 just signed the user out). */
  expired?: boolean;
  params?: Readonly<Record<string, string | undefined>>;
  /** The current path, to rewrite the owner parameter. */
  pathname?: string;
}

/** The guard's decision for a route; pure, so it is unit-tested. */
export function decideAccess(
  access: RouteAccess,
  { user, expired = false, params = {}, pathname = '' }: AccessContext,
): AccessDecision {
  if (access.kind === 'public') return { type: 'allow' };
  if (!user) {
    if (expired) return { type: 'hold' };
    const to = access.signedOut ?? '/signIn';
    return access.signedOutState ? { type: 'redirect', to, state: access.signedOutState } : { type: 'redirect', to };
  }
  if (!access.roles.includes(user.permissao)) return { type: 'deny' };
  if (access.ownerParam && user.permissao === 'CLIENTE') {
    const value = params[access.ownerParam];
    const own = String(user.idUser);
    if (value !== own) {
      // Another customer's page: open the same page with the user's own id.
      const to = value ? pathname.replace(new RegExp(`/${escapeRegExp(value)}(?=/|$)`), `/${own}`) : pathname;
      return to && to !== pathname ? { type: 'redirect', to } : { type: 'deny' };
    }
  }
  return { type: 'allow' };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
