/**
 * A STOMP session ends with its token (ADR 023, session-revocations.ts): after a logout, a deactivation or a
 * password change, the connection authenticated with the old token is closed, on the instance that made the change
 * and on another instance of the same database, and a new connection with the old token is refused 401. The
 * session is closed without a 401 (the tab that changed its password reconnects with its new token); a client
 * still holding the old token is refused 401 when it reconnects, and signs out then
 * (docs/behaviour/accounts-and-sign-in.md#session).
 */
import { cpf } from 'cpf-cnpj-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '@clinica/shared/schemas/common';
import {
  bearer,
  createTestApp,
  createUser,
  lastMailedCode,
  testDatabaseTargets,
  type TestApp,
} from '../test/harness.js';
import {
  notificacao,
  rawConnect,
  rawSubscriber,
  subscribeWithReceipt,
  waitFor,
  webClient,
  type RawClient,
} from '../test/stomp-clients.js';
import { CANAL_SESSOES } from './session-revocations.js';

interface Conta {
  id: number;
  email: string;
  password: string;
  token: string;
}

describe.each(testDatabaseTargets())('sessões STOMP encerradas com o token (%s)', (kind) => {
  let t1: TestApp;
  let t2: TestApp;
  const enderecos: Record<'mesma' | 'outra', string> = { mesma: '', outra: '' };
  let admin: string;
  let seq = 0;

  beforeAll(async () => {
    t1 = await createTestApp({ kind });
    t2 = await createTestApp({ kind, database: t1.database });
    enderecos.mesma = await t1.app.listen({ port: 0, host: '127.0.0.1' });
    enderecos.outra = await t2.app.listen({ port: 0, host: '127.0.0.1' });
    await createUser(t1.database, { email: 'gerente-rt@exemplo.com.br', password: 'gerente-123', permissao: 'ADMIN' });
    admin = await t1.login('gerente-rt@exemplo.com.br', 'gerente-123');
  });

  afterAll(async () => {
    await t2?.dispose();
    await t1?.dispose();
  });

  const conta = async (): Promise<Conta> => {
    const email = `revogada-${++seq}@exemplo.com.br`;
    const password = 'senha-antiga';
    const { id } = await createUser(t1.database, { email, password, permissao: 'CLIENTE', cpf: cpf.generate() });
    return { id, email, password, token: await t1.login(email, password) };
  };

  const inject = async (method: 'POST' | 'PUT', url: string, token: string, payload?: object) => {
    const res = await t1.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Envelope<unknown>;
  };

  /** The three ways a token stops counting; each returns the token the user's own tab holds afterwards, if any. */
  const eventos: Record<string, (c: Conta) => Promise<string | undefined>> = {
    logout: async (c) => {
      await inject('POST', `/api/usuario/logout/${c.id}`, c.token);
      return undefined;
    },
    desativação: async (c) => {
      await inject('PUT', `/api/usuario/updateativo/${c.id}/false`, admin);
      return undefined;
    },
    'troca de senha': async (c) => {
      await inject('POST', `/api/email/reenviarcodigo/edicaoSenha/${c.id}`, c.token);
      const codigo = (await lastMailedCode(t1.app, c.email))!;
      await inject('PUT', `/api/email/recevecodigo/edicao/${c.id}`, c.token, { codigo });
      const troca = await inject('PUT', `/api/usuario/editar/senha/${c.id}`, c.token, {
        senhaAtual: c.password,
        senhaNova: 'senha-nova',
      });
      return (troca.content as { acess_token: string }).acess_token;
    },
  };

  /** The session gets an ERROR without 401/403 and is closed: nothing can arrive on it any more. */
  async function encerrada(client: RawClient): Promise<void> {
    const erro = await client.next('ERROR de sessão encerrada');
    expect(erro.command).toBe('ERROR');
    expect(erro.headers.message).toBe('Sessão encerrada. Conecte-se novamente.');
    expect(`${erro.headers.message} ${erro.body}`).not.toMatch(/\b40[13]\b/);
    await client.closed;
    expect(client.unread()).toEqual([]);
  }

  async function recusada(token: string, onde: 'mesma' | 'outra'): Promise<void> {
    const { client, answer } = await rawConnect(enderecos[onde], { Authorization: `Bearer ${token}` });
    expect(answer.command).toBe('ERROR');
    expect(answer.headers.message).toMatch(/^401 /);
    await client.closed;
  }

  for (const onde of ['mesma', 'outra'] as const) {
    for (const [evento, acontecer] of Object.entries(eventos)) {
      it(`${evento} (feito numa instância, conexão na ${onde}): a conexão fecha e o token antigo é recusado`, async () => {
        const c = await conta();
        const client = await rawSubscriber(enderecos[onde], c.token, c.id);
        const novo = await acontecer(c);
        await encerrada(client);
        await recusada(c.token, onde);
        if (novo) {
          // The tab that changed the password goes on with its new token.
          const again = await rawSubscriber(enderecos[onde], novo, c.id);
          await t1.app.notificacoes.publicar(c.id, notificacao(8100 + seq));
          expect(JSON.parse((await again.next('MESSAGE com o token novo')).body)).toEqual(notificacao(8100 + seq));
          again.close();
        }
      });
    }
  }

  it('logout encerra só a sessão que saiu: outro login do mesmo usuário e outros usuários continuam recebendo', async () => {
    const c = await conta();
    const outra = await conta();
    const segundoLogin = await t1.login(c.email, c.password);
    const saindo = await rawSubscriber(enderecos.outra, c.token, c.id);
    const ficando = await rawSubscriber(enderecos.outra, segundoLogin, c.id);
    const vizinho = await rawSubscriber(enderecos.mesma, outra.token, outra.id);
    await eventos.logout!(c);
    await encerrada(saindo);
    await t1.app.notificacoes.publicar(c.id, notificacao(8201));
    await t1.app.notificacoes.publicar(outra.id, notificacao(8202));
    expect(JSON.parse((await ficando.next('MESSAGE do outro login')).body)).toEqual(notificacao(8201));
    expect(JSON.parse((await vizinho.next('MESSAGE do vizinho')).body)).toEqual(notificacao(8202));
    ficando.close();
    vizinho.close();
  });

  it('cliente web (xhr-streaming): desativado, a conexão fecha sem 401; reconectar com o token antigo recebe 401', async () => {
    const c = await conta();
    const web = webClient(enderecos.outra, c.token);
    try {
      await web.connected;
      await subscribeWithReceipt(web, c.id);
      await eventos['desativação']!(c);
      await waitFor(() => web.closes() > 0, 'o transporte fechar');
      expect(web.errors.map((e) => e.headers.message)).toEqual(['Sessão encerrada. Conecte-se novamente.']);
    } finally {
      await web.stop();
    }
    const again = webClient(enderecos.outra, c.token);
    await expect(again.connected).rejects.toThrow(/ERROR: 401 /);
    await again.stop();
  });

  it.runIf(kind === 'postgres')(
    'um aviso perdido enquanto a conexão LISTEN reabria: ao reabrir, todas as sessões são conferidas de novo',
    async () => {
      const c = await conta();
      const client = await rawSubscriber(enderecos.outra, c.token, c.id);
      // Both instances lose their LISTEN connection; the logout commits before they listen again (500 ms later).
      const ouvintes = `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN ${CANAL_SESSOES}'`;
      expect((await t1.database.raw(ouvintes)).length).toBe(2);
      await t1.database.raw(`SELECT pg_terminate_backend(pid) FROM (${ouvintes}) AS o`);
      let restantes = 2;
      await waitFor(() => {
        void t1.database.raw(ouvintes).then((rows) => (restantes = rows.length));
        return restantes === 0;
      }, 'as conexões LISTEN caírem');
      await eventos.logout!(c);
      await encerrada(client);
    },
  );
});
