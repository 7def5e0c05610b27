import { cpf } from 'cpf-cnpj-validator';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { usuarioApi } from '@clinica/shared/schemas/auth';
import { emailApi } from '@clinica/shared/schemas/email';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.js';
import {
  bearer,
  body,
  contentOf,
  createTestApp,
  createUser,
  lastMailedCode,
  loginToken,
  movableClock,
  testDatabaseTargets,
  type TestApp,
} from '../../test/harness.js';
import { gerarCodigo } from './codigo.service.js';

const AUTH = '/api/usuario/cliente/auth';

type FieldErrors = { errors: Array<{ campo: string; mensagem: string }> };

/** A code that is not `codigo` (to type a wrong one). */
const outro = (codigo: string) => String((Number(codigo) + 1) % 1_000_000).padStart(6, '0');

describe('gerarCodigo', () => {
  it('6 dígitos, com zeros à esquerda, de uma fonte criptográfica', () => {
    const codes = Array.from({ length: 2000 }, gerarCodigo);
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
  });
});

describe.each(testDatabaseTargets())('códigos por e-mail (%s)', (kind) => {
  let t: TestApp;
  const clock = movableClock();
  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true, clock });
  });
  afterAll(() => t?.dispose());

  let seq = 0;
  /** A fresh active client with a known password; returns ids, e-mail and a token. */
  async function novoCliente(password = 'senha-antiga') {
    seq += 1;
    const email = `codigos.${seq}.${process.pid}@exemplo.com.br`;
    const { id } = await createUser(t.database, {
      email,
      password,
      permissao: 'CLIENTE',
      nome: 'Bruna Costa',
      cpf: cpf.generate(),
    });
    await t.database.raw('UPDATE usuarios SET confirmado = false WHERE id = $1', [id]);
    const token = await loginToken(t.app, { email, password });
    return { id, email, password, token };
  }

  const post = (url: string, payload?: object, token?: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {}, remoteAddress });
  const put = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: 'PUT', url, payload, headers: token ? bearer(token) : {} });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: AUTH, payload: { email, password } });

  describe('recuperação de acesso', () => {
    it('e-mail cadastrado e desconhecido recebem a mesma resposta; só o cadastrado recebe o código', async () => {
      const { email } = await novoCliente();
      const known = await post('/api/email/codigorecuperacaoacesso', { email: email.toUpperCase() });
      const unknown = await post('/api/email/codigorecuperacaoacesso', { email: `ninguem.${seq}@exemplo.com.br` });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(body(known)).toEqual(body(unknown));
      expect(contentOf(emailApi.codigoRecuperacao, known)).toEqual({ validadeSegundos: 900 });
      expect(body(known).message).toBe(MSG.codigoRecuperacaoEnviado);
      expect(await lastMailedCode(t.app, email)).toMatch(/^\d{6}$/);
      expect(await lastMailedCode(t.app, `ninguem.${seq}@exemplo.com.br`)).toBeUndefined();
    });

    it('fluxo completo: código errado, certo, nova senha; sessões antigas caem; a recuperação não se reusa', async () => {
      const user = await novoCliente();
      await post('/api/email/codigorecuperacaoacesso', { email: user.email });
      const codigo = (await lastMailedCode(t.app, user.email))!;

      const wrong = await post('/api/email/valida/codigorecuperacaoacesso', {
        email: user.email,
        codigo: outro(codigo),
      });
      expect(wrong.statusCode).toBe(422);
      expect(body(wrong).message).toBe(MSG.codigoIncorreto);
      const right = await post('/api/email/valida/codigorecuperacaoacesso', { email: user.email, codigo });
      expect(contentOf(emailApi.validaCodigoRecuperacao, right)).toBeNull();
      expect(body(right).message).toBe(MSG.codigoValidado);

      const reset = await put('/api/usuario/recuperarSenha', { email: user.email, novaSenha: 'senha-nova' });
      expect(contentOf(usuarioApi.recuperarSenha, reset)).toBeNull();
      expect(body(reset).message).toBe(MSG.senhaRedefinida);
      expect((await login(user.email, 'senha-nova')).statusCode).toBe(200);
      expect((await login(user.email, 'senha-antiga')).statusCode).toBe(401);
      // The session opened with the old password is over.
      const old = await t.app.inject({ method: 'GET', url: `/api/usuario/${user.id}`, headers: bearer(user.token) });
      expect(old.statusCode).toBe(401);
      // The notice of the change went out.
      const mails = await t.app.inject({ method: 'GET', url: `/api/sandbox/emails?para=${user.email}` });
      expect(body<Array<{ assunto: string }>>(mails).content[0]?.assunto).toMatch(/senha/i);

      const again = await put('/api/usuario/recuperarSenha', { email: user.email, novaSenha: 'outra-senha' });
      expect(again.statusCode).toBe(422);
      expect(body(again).message).toBe(MSG_API.recuperacaoNaoValidada);
      expect((await login(user.email, 'senha-nova')).statusCode).toBe(200);
    });

    it('sem código validado (ou para um e-mail desconhecido) a nova senha é recusada e nada muda', async () => {
      const user = await novoCliente();
      await post('/api/email/codigorecuperacaoacesso', { email: user.email });
      for (const email of [user.email, `desconhecido.${seq}@exemplo.com.br`]) {
        const res = await put('/api/usuario/recuperarSenha', { email, novaSenha: 'invasao' });
        expect(res.statusCode).toBe(422);
        expect(body(res).message).toBe(MSG_API.recuperacaoNaoValidada);
      }
      expect((await login(user.email, user.password)).statusCode).toBe(200);
      const unknown = await post('/api/email/valida/codigorecuperacaoacesso', {
        email: `desconhecido.${seq}@exemplo.com.br`,
        codigo: '123456',
      });
      expect(unknown.statusCode).toBe(422);
      expect(body(unknown).message).toBe(MSG.codigoIncorreto);
    });

    it('5 tentativas erradas matam o código: a 6ª, mesmo certa, é recusada', async () => {
      const user = await novoCliente();
      await post('/api/email/codigorecuperacaoacesso', { email: user.email });
      const codigo = (await lastMailedCode(t.app, user.email))!;
      for (let i = 0; i < 5; i++) {
        const res = await post('/api/email/valida/codigorecuperacaoacesso', {
          email: user.email,
          codigo: outro(codigo),
        });
        expect(body(res).message).toBe(MSG.codigoIncorreto);
      }
      const sixth = await post('/api/email/valida/codigorecuperacaoacesso', { email: user.email, codigo });
      expect(sixth.statusCode).toBe(422);
      expect(body(sixth).message).toBe(MSG_API.codigoBloqueado);
      // A new code works again.
      await post('/api/email/codigorecuperacaoacesso', { email: user.email });
      const fresh = (await lastMailedCode(t.app, user.email))!;
      expect(
        (await post('/api/email/valida/codigorecuperacaoacesso', { email: user.email, codigo: fresh })).statusCode,
      ).toBe(200);
    });

    it('tentativas em paralelo não passam de 5 comparações', async () => {
      const user = await novoCliente();
      await post('/api/email/codigorecuperacaoacesso', { email: user.email });
      const codigo = (await lastMailedCode(t.app, user.email))!;
      const guesses = Array.from({ length: 12 }, (_, i) =>
        String((Number(codigo) + 1 + i) % 1_000_000).padStart(6, '0'),
      );
      await Promise.all(
        guesses.map((g) => post('/api/email/valida/codigorecuperacaoacesso', { email: user.email, codigo: g })),
      );
      const [row] = await t.database.raw<{ tentativas: number }>(
        "SELECT tentativas FROM codigos_email WHERE usuario_id = $1 AND finalidade = 'RECUPERACAO_ACESSO' ORDER BY id DESC LIMIT 1",
        [user.id],
      );
      expect(row?.tentativas).toBe(5);
    });

    it('o código expira em 900 s; a nova senha só vale até 15 minutos depois da validação', async () => {
      const user = await novoCliente();
      await post('/api/email/codigorecuperacaoacesso', { email: user.email });
      const codigo = (await lastMailedCode(t.app, user.email))!;
      clock.advance(901);
      const late = await post('/api/email/valida/codigorecuperacaoacesso', { email: user.email, codigo });
      expect(late.statusCode).toBe(422);
      expect(body(late).message).toBe(MSG.codigoExpirado);

      await post('/api/email/codigorecuperacaoacesso', { email: user.email });
      const fresh = (await lastMailedCode(t.app, user.email))!;
      clock.advance(899);
      expect(
        (await post('/api/email/valida/codigorecuperacaoacesso', { email: user.email, codigo: fresh })).statusCode,
      ).toBe(200);
      clock.advance(15 * 60 + 1);
      const reset = await put('/api/usuario/recuperarSenha', { email: user.email, novaSenha: 'tarde-demais' });
      expect(reset.statusCode).toBe(422);
      expect((await login(user.email, user.password)).statusCode).toBe(200);
    });

    it('no máximo 5 códigos por finalidade e conta a cada 15 minutos (429), igual para e-mail desconhecido', async () => {
      const user = await novoCliente();
      const ghost = `fantasma.${seq}.${process.pid}@exemplo.com.br`;
      for (const email of [user.email, ghost]) {
        for (let i = 0; i < 5; i++) {
          expect(
            (await post('/api/email/codigorecuperacaoacesso', { email }, undefined, `10.60.${seq}.${i}`)).statusCode,
          ).toBe(200);
        }
        const sixth = await post('/api/email/codigorecuperacaoacesso', { email }, undefined, '10.61.0.1');
        expect(sixth.statusCode).toBe(429);
        expect(body(sixth).message).toBe(MSG_API.codigosDemais);
        expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Another purpose of the same account has its own count.
      expect((await post(`/api/email/reenviarcodigo/confirmacao/${user.id}`, undefined, user.token)).statusCode).toBe(
        200,
      );
    });

    it('e-mail malformado e código que não tem 6 dígitos: 400 com a mensagem do campo', async () => {
      const bad = await post('/api/email/codigorecuperacaoacesso', { email: 'nao-e-email' });
      expect(bad.statusCode).toBe(400);
      expect(body<{ errors: unknown[] }>(bad).content.errors).toContainEqual({ campo: 'email', mensagem: MSG.email });
      for (const codigo of ['12345', '1234567', 'abcdef', '12 456']) {
        const res = await post('/api/email/valida/codigorecuperacaoacesso', { email: 'a@b.com', codigo });
        expect(res.statusCode).toBe(400);
        expect(body<{ errors: unknown[] }>(res).content.errors).toContainEqual({
          campo: 'codigo',
          mensagem: MSG.codigoSeisDigitos,
        });
      }
    });
  });

  describe('confirmação do e-mail', () => {
    it('envia ao abrir, recusa o errado, confirma com o certo, e depois diz que já está confirmado', async () => {
      const user = await novoCliente();
      const sent = await post(`/api/email/reenviarcodigo/confirmacao/${user.id}`, undefined, user.token);
      expect(contentOf(emailApi.codigoConfirmacao, sent)).toEqual({ validadeSegundos: 900 });
      const codigo = (await lastMailedCode(t.app, user.email))!;
      const wrong = await put(`/api/email/recevecodigo/confirmacao/${user.id}`, { codigo: outro(codigo) }, user.token);
      expect(wrong.statusCode).toBe(422);
      expect(body(wrong).message).toBe(MSG.codigoIncorreto);
      const right = await put(`/api/email/recevecodigo/confirmacao/${user.id}`, { codigo }, user.token);
      expect(contentOf(emailApi.validaCodigoConfirmacao, right)).toBeNull();
      expect(body(right).message).toBe(MSG.emailConfirmado);
      const me = await t.app.inject({ method: 'GET', url: `/api/usuario/${user.id}`, headers: bearer(user.token) });
      expect(body<{ confirmado: boolean }>(me).content.confirmado).toBe(true);
      const twice = await post(`/api/email/reenviarcodigo/criacao/${user.id}`, undefined, user.token);
      expect(twice.statusCode).toBe(409);
      expect(body(twice).message).toBe(MSG_API.emailJaConfirmado);
    });

    it('o código de confirmação expira em 15 minutos; um de outra finalidade não confirma', async () => {
      const user = await novoCliente();
      await post(`/api/email/reenviarcodigo/criacao/${user.id}`, undefined, user.token);
      const codigo = (await lastMailedCode(t.app, user.email))!;
      clock.advance(900);
      const late = await put(`/api/email/recevecodigo/confirmacao/${user.id}`, { codigo }, user.token);
      expect(body(late).message).toBe(MSG.codigoExpirado);
      await post(`/api/email/reenviarcodigo/edicaoSenha/${user.id}`, undefined, user.token);
      const senhaCode = (await lastMailedCode(t.app, user.email))!;
      const mixed = await put(`/api/email/recevecodigo/confirmacao/${user.id}`, { codigo: senhaCode }, user.token);
      expect(mixed.statusCode).toBe(422);
    });

    it('só o próprio usuário pede e valida códigos: outro cliente 403, anônimo 401', async () => {
      const a = await novoCliente();
      const b = await novoCliente();
      for (const url of [
        `/api/email/reenviarcodigo/confirmacao/${a.id}`,
        `/api/email/reenviarcodigo/criacao/${a.id}`,
        `/api/email/reenviarcodigo/edicaoSenha/${a.id}`,
      ]) {
        expect((await post(url, undefined, b.token)).statusCode).toBe(403);
        expect((await post(url)).statusCode).toBe(401);
      }
      expect((await put(`/api/email/recevecodigo/edicao/${a.id}`, { codigo: '123456' }, b.token)).statusCode).toBe(403);
      expect(
        (await put(`/api/usuario/editar/senha/${a.id}`, { senhaAtual: 'x', senhaNova: 'yyyy' }, b.token)).statusCode,
      ).toBe(403);
    });
  });

  describe('troca de e-mail', () => {
    it('o código vai para o novo endereço; só ele libera a troca; o endereço antigo é avisado', async () => {
      const user = await novoCliente();
      const novo = `novo.${seq}.${process.pid}@exemplo.com.br`;
      const taken = await post(
        `/api/email/reenviarcodigo/edicaoEmail/${user.id}`,
        { email: DEMO_ACCOUNTS.admin.email, senhaAtual: user.password },
        user.token,
      );
      expect(taken.statusCode).toBe(409);
      expect(body(taken).message).toBe(MSG_API.emailEmUso);
      const same = await post(
        `/api/email/reenviarcodigo/edicaoEmail/${user.id}`,
        { email: user.email, senhaAtual: user.password },
        user.token,
      );
      expect(same.statusCode).toBe(422);

      const early = await put(
        `/api/usuario/editar/email/${user.id}`,
        { idUsuario: user.id, novoEmail: novo, senhaAtual: user.password },
        user.token,
      );
      expect(early.statusCode).toBe(422);
      expect(body(early).message).toBe(MSG_API.edicaoNaoValidada);

      const sent = await post(
        `/api/email/reenviarcodigo/edicaoEmail/${user.id}`,
        { email: novo, senhaAtual: user.password },
        user.token,
      );
      expect(contentOf(emailApi.codigoEdicaoEmail, sent)).toEqual({ validadeSegundos: 900 });
      const codigo = (await lastMailedCode(t.app, novo))!;
      expect(codigo).toMatch(/^\d{6}$/);
      const checked = await put(`/api/email/recevecodigo/edicao/${user.id}`, { codigo }, user.token);
      expect(contentOf(emailApi.validaCodigoEdicao, checked)).toEqual({ finalidade: 'EDICAO_EMAIL' });

      // The code was sent to `novo`: it does not unlock another address.
      const other = await put(
        `/api/usuario/editar/email/${user.id}`,
        { idUsuario: user.id, novoEmail: `outro.${seq}@exemplo.com.br`, senhaAtual: user.password },
        user.token,
      );
      expect(other.statusCode).toBe(422);
      const done = await put(
        `/api/usuario/editar/email/${user.id}`,
        { idUsuario: user.id, novoEmail: novo, senhaAtual: user.password },
        user.token,
      );
      expect(contentOf(usuarioApi.editarEmail, done)).toEqual({ email: novo });
      expect(body(done).message).toBe(MSG.emailAlterado);
      expect((await login(novo, user.password)).statusCode).toBe(200);
      expect((await login(user.email, user.password)).statusCode).toBe(401);
      const notice = await t.app.inject({ method: 'GET', url: `/api/sandbox/emails?para=${user.email}` });
      expect(body<Array<{ texto: string }>>(notice).content[0]?.texto).toContain(novo);
      // Single use.
      const reuse = await put(
        `/api/usuario/editar/email/${user.id}`,
        { idUsuario: user.id, novoEmail: novo, senhaAtual: user.password },
        user.token,
      );
      expect(reuse.statusCode).toBe(422);
    });

    it('se o novo e-mail foi tomado depois do código, a troca é 409 e nada muda', async () => {
      const user = await novoCliente();
      const novo = `disputado.${seq}.${process.pid}@exemplo.com.br`;
      await post(
        `/api/email/reenviarcodigo/edicaoEmail/${user.id}`,
        { email: novo, senhaAtual: user.password },
        user.token,
      );
      const codigo = (await lastMailedCode(t.app, novo))!;
      await put(`/api/email/recevecodigo/edicao/${user.id}`, { codigo }, user.token);
      await createUser(t.database, {
        email: novo.toUpperCase(),
        password: 'x1234',
        permissao: 'CLIENTE',
        cpf: cpf.generate(),
      });
      const res = await put(
        `/api/usuario/editar/email/${user.id}`,
        { idUsuario: user.id, novoEmail: novo, senhaAtual: user.password },
        user.token,
      );
      expect(res.statusCode).toBe(409);
      expect(body(res).message).toBe(MSG_API.emailEmUso);
      expect((await login(user.email, user.password)).statusCode).toBe(200);
    });
  });

  describe('troca de e-mail: a senha atual', () => {
    const codigoUrl = (id: number) => `/api/email/reenviarcodigo/edicaoEmail/${id}`;
    const trocaUrl = (id: number) => `/api/usuario/editar/email/${id}`;
    const caixa = async (para: string) =>
      body<unknown[]>(await t.app.inject({ method: 'GET', url: `/api/sandbox/emails?para=${para}` })).content;

    it('só o token não troca o e-mail: sem a senha atual é 400; errada é 422 e não envia código nem diz o que existe', async () => {
      const user = await novoCliente();
      const novo = `tomada.${seq}.${process.pid}@exemplo.com.br`;
      for (const [url, payload] of [
        [codigoUrl(user.id), { email: novo }],
        [trocaUrl(user.id), { idUsuario: user.id, novoEmail: novo }],
      ] as const) {
        const res = await (url.startsWith('/api/email') ? post : put)(url, payload, user.token);
        expect(res.statusCode, url).toBe(400);
        expect(body<FieldErrors>(res).content.errors.map((e) => e.campo)).toEqual(['senhaAtual']);
      }
      const vazia = await post(codigoUrl(user.id), { email: novo, senhaAtual: '' }, user.token);
      expect(body<FieldErrors>(vazia).content.errors).toEqual([{ campo: 'senhaAtual', mensagem: MSG.senhaAtualVazia }]);

      // A wrong password is told before anything else: no code goes out, and a taken address is not revealed (no 409).
      for (const email of [novo, DEMO_ACCOUNTS.admin.email, user.email]) {
        const errada = await post(codigoUrl(user.id), { email, senhaAtual: 'um-chute' }, user.token);
        expect(errada.statusCode).toBe(422);
        expect(body(errada)).toEqual({ statusCode: 422, message: MSG.senhaAtualIncorreta, content: null });
      }
      expect(await caixa(novo)).toEqual([]);

      // With the password the code goes; the change itself asks for it again.
      await post(codigoUrl(user.id), { email: novo, senhaAtual: user.password }, user.token);
      const codigo = (await lastMailedCode(t.app, novo))!;
      await put(`/api/email/recevecodigo/edicao/${user.id}`, { codigo }, user.token);
      const errada = await put(
        trocaUrl(user.id),
        { idUsuario: user.id, novoEmail: novo, senhaAtual: 'outro-chute' },
        user.token,
      );
      expect(errada.statusCode).toBe(422);
      expect(body(errada).message).toBe(MSG.senhaAtualIncorreta);
      expect((await login(user.email, user.password)).statusCode).toBe(200);
      // The accepted code was not spent by the refusal.
      const certa = await put(
        trocaUrl(user.id),
        { idUsuario: user.id, novoEmail: novo, senhaAtual: user.password },
        user.token,
      );
      expect(contentOf(usuarioApi.editarEmail, certa)).toEqual({ email: novo });
    });

    it('senhas erradas contam juntas na troca de e-mail, no seu código e na troca de senha: passadas 10, 429', async () => {
      const user = await novoCliente();
      const novo = `chutes.${seq}.${process.pid}@exemplo.com.br`;
      for (let i = 0; i < 4; i++) {
        expect((await post(codigoUrl(user.id), { email: novo, senhaAtual: `c${i}` }, user.token)).statusCode).toBe(422);
      }
      for (let i = 0; i < 3; i++) {
        const res = await put(trocaUrl(user.id), { novoEmail: novo, senhaAtual: `t${i}` }, user.token);
        expect(res.statusCode).toBe(422);
      }
      for (let i = 0; i < 3; i++) {
        const res = await put(
          `/api/usuario/editar/senha/${user.id}`,
          { senhaAtual: `s${i}`, senhaNova: 'xyzw' },
          user.token,
        );
        expect(res.statusCode).toBe(422);
      }
      // The 11th try in the window is refused even with the right password, and says nothing about it.
      const barrada = await post(codigoUrl(user.id), { email: novo, senhaAtual: user.password }, user.token);
      expect(barrada.statusCode).toBe(429);
      expect(body(barrada).message).toBe(MSG.muitasTentativas);
      expect(barrada.headers['retry-after']).toBeDefined();
      const trocaBarrada = await put(trocaUrl(user.id), { novoEmail: novo, senhaAtual: user.password }, user.token);
      expect(trocaBarrada.statusCode).toBe(429);
      expect(await caixa(novo)).toEqual([]);
      // Signing in is another limit: the owner still gets in.
      expect((await login(user.email, user.password)).statusCode).toBe(200);
    });
  });

  describe('troca de senha', () => {
    it('código validado + senha atual: devolve um token novo; os tokens antigos caem', async () => {
      const user = await novoCliente();
      const second = await loginToken(t.app, { email: user.email, password: user.password });
      const url = `/api/usuario/editar/senha/${user.id}`;

      const noCode = await put(url, { senhaAtual: user.password, senhaNova: 'nova-senha' }, user.token);
      expect(noCode.statusCode).toBe(422);
      expect(body(noCode).message).toBe(MSG_API.edicaoNaoValidada);

      await post(`/api/email/reenviarcodigo/edicaoSenha/${user.id}`, undefined, user.token);
      const codigo = (await lastMailedCode(t.app, user.email))!;
      const checked = await put(`/api/email/recevecodigo/edicao/${user.id}`, { codigo }, user.token);
      expect(contentOf(emailApi.validaCodigoEdicao, checked)).toEqual({ finalidade: 'EDICAO_SENHA' });

      const wrongCurrent = await put(url, { senhaAtual: 'nao-e-esta', senhaNova: 'nova-senha' }, user.token);
      expect(wrongCurrent.statusCode).toBe(422);
      expect(body(wrongCurrent).message).toBe(MSG.senhaAtualIncorreta);

      const done = await put(url, { senhaAtual: user.password, senhaNova: 'nova-senha' }, user.token);
      const { acess_token } = contentOf(usuarioApi.editarSenha, done);
      expect(body(done).message).toBe(MSG.senhaAlterada);
      expect(decodeJwt(acess_token).sub).toBe(String(user.id));
      const me = (token: string) =>
        t.app.inject({ method: 'GET', url: `/api/usuario/${user.id}`, headers: bearer(token) });
      expect((await me(acess_token)).statusCode).toBe(200);
      expect((await me(user.token)).statusCode).toBe(401);
      expect((await me(second)).statusCode).toBe(401);
      expect((await login(user.email, 'nova-senha')).statusCode).toBe(200);
      expect((await login(user.email, user.password)).statusCode).toBe(401);
    });

    it('validações do corpo: senha atual vazia e nova curta com as mensagens do contrato', async () => {
      const user = await novoCliente();
      const res = await put(`/api/usuario/editar/senha/${user.id}`, { senhaAtual: '', senhaNova: '123' }, user.token);
      expect(res.statusCode).toBe(400);
      const errors = body<{ errors: unknown[] }>(res).content.errors;
      expect(errors).toContainEqual({ campo: 'senhaAtual', mensagem: MSG.senhaAtualVazia });
      expect(errors).toContainEqual({ campo: 'senhaNova', mensagem: MSG.novaSenhaMin4 });
    });
  });
});
