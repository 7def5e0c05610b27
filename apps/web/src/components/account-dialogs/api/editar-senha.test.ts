import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usuarioApi } from '@clinica/shared/schemas/auth';
import { clienteApi } from '@clinica/shared/schemas/cliente';
import { CLIENTE_PF, CLIENTE_PF_SESSION } from '../../../test/account-fixtures';
import { resetSession } from '../../../test/reset-session';
import { fail, fakeJwt, mockApi, okFor, storeSession, type MockReply } from '../../../test/test-utils';
import { callEndpoint } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { editarSenha } from './editar-senha';

const OLD = fakeJwt({ sub: '7', permissao: 'CLIENTE', exp: Math.floor(Date.now() / 1000) + 3600, jti: 'velho' });
const NEW = fakeJwt({ sub: '7', permissao: 'CLIENTE', exp: Math.floor(Date.now() / 1000) + 7200, jti: 'novo' });

/**
 * The server ends the old token before it answers the password change: a read of the old token sent meanwhile is
 * answered 401 before the new token arrives.
 */
describe('troca de senha com uma leitura da sessão a caminho', () => {
  beforeEach(() => {
    resetSession();
    storeSession(CLIENTE_PF_SESSION, OLD);
    session.reload();
  });
  afterEach(resetSession);

  function setup(troca: Promise<MockReply>) {
    return mockApi({
      'PUT /api/usuario/editar/senha/7': () => troca,
      'GET /api/profile/7': (init) =>
        new Headers(init.headers).get('Authorization') === `Bearer ${NEW}`
          ? okFor(clienteApi.perfil, CLIENTE_PF)
          : fail(401, 'Token revogado'),
    });
  }

  it('o 401 do token antigo espera o novo e a leitura é refeita com ele: a sessão não expira', async () => {
    let responder!: (reply: MockReply) => void;
    const { calls } = setup(new Promise((resolve) => (responder = resolve)));
    const troca = editarSenha({ idUser: 7, senhaAtual: 'cliente123', senhaNova: 'nova1234' });
    const leitura = callEndpoint(clienteApi.perfil, { params: { userId: 7 } });
    // The read was answered 401 and waits; the session is still signed in, not expired.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(session.getSnapshot()).toMatchObject({ token: OLD, expired: false });
    responder(okFor(usuarioApi.editarSenha, { acess_token: NEW }));
    await troca;
    await expect(leitura).resolves.toMatchObject({ id: CLIENTE_PF.id });
    expect(session.getSnapshot()).toMatchObject({ token: NEW, expired: false });
    expect(calls.filter((c) => c.url === '/api/profile/7').map((c) => c.headers.Authorization)).toEqual([
      `Bearer ${OLD}`,
      `Bearer ${NEW}`,
    ]);
  });

  it('se a troca falha, o 401 do token antigo encerra a sessão como antes', async () => {
    let responder!: (reply: MockReply) => void;
    setup(new Promise((resolve) => (responder = resolve)));
    const troca = editarSenha({ idUser: 7, senhaAtual: 'cliente123', senhaNova: 'nova1234' });
    const leitura = callEndpoint(clienteApi.perfil, { params: { userId: 7 } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    responder(fail(422, 'Código incorreto.'));
    await expect(troca).rejects.toMatchObject({ status: 422 });
    await expect(leitura).rejects.toMatchObject({ status: 401 });
    expect(session.getSnapshot()).toMatchObject({ user: null, token: null, expired: true });
  });
});
