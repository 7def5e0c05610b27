import { afterAll, beforeAll, expect } from 'vitest';
import { DEMO_ACCOUNTS } from '../db/seed/demo-data.js';
import { bearer, createTestApp, type TestApp, type TestAppOptions } from './harness.js';

export type Metodo = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A route as the access tests list it: method, address and, for a write, a valid body. */
export type Rota = [Metodo, string, object?];
type Papel = 'admin' | 'equipe' | 'cliente';

/**
 * A seeded test app with a token of each demo role, for the tests of the
 * back-office routes (authors, categories, discounts, …). Called in a
 * `describe`: it opens the app before the tests and disposes of it after.
 * `t` is the app (read it inside tests and hooks, once it is open).
 */
export function staffTestApp(kind: TestAppOptions['kind']) {
  let app: TestApp | undefined;
  const tk = {} as Record<Papel, string>;

  beforeAll(async () => {
    app = await createTestApp({ kind, seed: true });
    for (const papel of ['admin', 'equipe', 'cliente'] as const) {
      tk[papel] = await app.login(DEMO_ACCOUNTS[papel].email, DEMO_ACCOUNTS[papel].password);
    }
  });
  afterAll(() => app?.dispose());

  const open = (): TestApp => {
    if (!app) throw new Error('the test app is not open yet');
    return app;
  };

  /** A request with the role's token (none: anonymous) and, if given, a JSON body. */
  const call = (method: Metodo, url: string, token?: string, payload?: object) =>
    open().app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload }),
    });

  /** Every route answers 401 to an anonymous call and 403 to a CLIENTE. */
  const expectStaffOnly = async (rotas: readonly Rota[]) => {
    for (const [method, url, payload] of rotas) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, tk.cliente, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
  };

  return {
    get t() {
      return open();
    },
    tk,
    call,
    expectStaffOnly,
  };
}
