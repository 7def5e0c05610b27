import { describe, expect, it } from 'vitest';
import type { Role, SessionUser } from '../../lib/session';
import { ACCESS, decideAccess, type RouteAccess } from './route-access';

const as = (permissao: Role, idUser = 7): SessionUser => ({
  idUser,
  permissao,
  idClient: permissao === 'CLIENTE' ? 3 : null,
});

/**
 * The roles each preset lets in. Which route uses which preset is checked on the
 * real route table, route by route, in app/routes.test.tsx.
 */
const PRESETS: [name: string, access: RouteAccess, allowed: Role[]][] = [
  ['admin', ACCESS.admin, ['ADMIN']],
  ['library', ACCESS.library, ['ADMIN', 'CLIENTE']],
  ['staff', ACCESS.staff, ['ADMIN', 'USUARIO']],
  ['clienteOwn', ACCESS.clienteOwn, ['CLIENTE']],
  ['checkout', ACCESS.checkout, ['CLIENTE']],
];

describe('route guard decisions', () => {
  it('lets everyone open public routes', () => {
    expect(decideAccess(ACCESS.public, { user: null })).toEqual({ type: 'allow' });
  });

  it.each(PRESETS)('%s: allowed roles only, others see the not-found page', (_name, access, allowed) => {
    for (const role of ['ADMIN', 'USUARIO', 'CLIENTE'] as Role[]) {
      const decision = decideAccess(access, { user: as(role), params: { id: '7' }, pathname: '/x/7' });
      expect(decision.type, role).toBe(allowed.includes(role) ? 'allow' : 'deny');
    }
  });

  it('sends visitors to /signIn', () => {
    expect(decideAccess(ACCESS.staff, { user: null })).toEqual({ type: 'redirect', to: '/signIn' });
    expect(decideAccess(ACCESS.library, { user: null })).toEqual({ type: 'redirect', to: '/signIn' });
  });

  it('sends visitors away from /checkout to /loja, which tells them to sign in to finish the purchase', () => {
    expect(decideAccess(ACCESS.checkout, { user: null })).toEqual({
      type: 'redirect',
      to: '/loja',
      state: { entrarParaFinalizar: true },
    });
  });

  it('holds (renders nothing) right after a 401/403 so the session-expired dialog leads the way', () => {
    expect(decideAccess(ACCESS.staff, { user: null, expired: true })).toEqual({ type: 'hold' });
  });

  it("sends a customer opening another customer's page to their own", () => {
    expect(
      decideAccess(ACCESS.clienteOwn, { user: as('CLIENTE', 7), params: { id: '99' }, pathname: '/orders/99' }),
    ).toEqual({ type: 'redirect', to: '/orders/7' });
    expect(
      decideAccess(ACCESS.clienteOwn, { user: as('CLIENTE', 7), params: { id: '7' }, pathname: '/user/7' }),
    ).toEqual({ type: 'allow' });
  });
});
