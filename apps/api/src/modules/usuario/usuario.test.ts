import { cpf } from 'cpf-cnpj-validator';
import fc from 'fast-check';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { usuarioApi, type LoginContent, type UsuarioContent } from '@clinica/shared/schemas/auth';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.js';
import { loginSlowdownMs } from './usuario.service.js';
import {
  bearer,
  body,
  contentOf,
  createTestApp,
  createUser,
  loginToken,
  testDatabaseTargets,
  type TestApp,
} from '../../test/harness.js';

const { admin, equipe, cliente, empresa, inativo } = DEMO_ACCOUNTS;
const AUTH = '/api/usuario/cliente/auth';

describe.each(testDatabaseTargets())('usuário: login, token, logout e perfil (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
  });
  afterAll(() => t?.dispose());

  const login = (payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: AUTH, payload, remoteAddress });

  describe('login', () => {
    it('por e-mail, sem diferenciar maiúsculas, com o contrato original', async () => {
      const res = await login({
        email: '  CLIENTE@Clinica.COM.br ',
        cpf: null,
        cnpj: null,
        password: cliente.password,
      });
      const content = contentOf(usuarioApi.login, res);
      const b = body<LoginContent>(res);
      expect(b.message).toBe(MSG_API.loginSucesso);
      expect(Object.keys(content).sort()).toEqual(['acess_token', 'idCliente', 'idUsuario', 'permissao']);
      expect(b.content.permissao).toBe('CLIENTE');
      expect(b.content.idCliente).toEqual(expect.any(Number));

      const claims = decodeJwt(b.content.acess_token);
      expect(claims.sub).toBe(String(b.content.idUsuario));
      expect(claims.permissao).toBe('CLIENTE');
      expect(claims.idCliente).toBe(b.content.idCliente);
      expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
      expect(claims.exp! - claims.iat!).toBe(t.config.JWT_TTL_SECONDS);
    });

    it('por CPF com e sem máscara, chegando ao mesmo usuário', async () => {
      const plain = body<LoginContent>(await login({ cpf: cliente.cpf, password: cliente.password }));
      const masked = body<LoginContent>(await login({ cpf: '529.982.247-25', password: cliente.password }));
      const byEmail = body<LoginContent>(await login({ email: cliente.email, password: cliente.password }));
      expect(plain.statusCode).toBe(200);
      expect(masked.statusCode).toBe(200);
      expect(masked.content.idUsuario).toBe(byEmail.content.idUsuario);
      expect(plain.content.idCliente).toBe(byEmail.content.idCliente);
    });

    it('por CNPJ (cliente empresa), com máscara e em minúsculas', async () => {
      const res = await login({ cnpj: '11.222.333/0001-81', password: empresa.password });
      expect(res.statusCode).toBe(200);
      const b = body<LoginContent>(res);
      expect(b.content.permissao).toBe('CLIENTE');
      expect(b.content.idCliente).toEqual(expect.any(Number));
      const byEmail = body<LoginContent>(await login({ email: empresa.email, password: empresa.password }));
      expect(b.content.idUsuario).toBe(byEmail.content.idUsuario);
    });

    it('CNPJ alfanumérico: aceita minúsculas e pontuação', async () => {
      const created = await createUser(t.database, {
        email: 'alfanumerico@empresa.com.br',
        password: 'senha-alfa',
        permissao: 'CLIENTE',
        cnpj: '12ABC34501DE35',
      });
      const res = await login({ cnpj: '12.abc.345/01de-35', password: 'senha-alfa' });
      expect(res.statusCode).toBe(200);
      expect(body<LoginContent>(res).content).toMatchObject({ idUsuario: created.id, idCliente: created.idCliente });
    });

    it('cada papel de demonstração recebe a permissão certa; só CLIENTE tem idCliente', async () => {
      const expected = [
        [admin, 'ADMIN', false],
        [equipe, 'USUARIO', false],
        [cliente, 'CLIENTE', true],
        [empresa, 'CLIENTE', true],
      ] as const;
      const seen = new Set<number>();
      for (const [account, permissao, hasCliente] of expected) {
        const b = body<LoginContent>(await login({ email: account.email, password: account.password }));
        expect(b.content.permissao).toBe(permissao);
        if (hasCliente) expect(b.content.idCliente).toEqual(expect.any(Number));
        else expect(b.content.idCliente).toBeNull();
        seen.add(b.content.idUsuario);
      }
      expect(seen.size).toBe(4);
    });

    it('senha errada: 401 com mensagem em português', async () => {
      const res = await login({ email: cliente.email, password: 'errada' });
      expect(res.statusCode).toBe(401);
      expect(body(res)).toEqual({ statusCode: 401, message: MSG.credenciaisInvalidas, content: null });
    });

    it('conta inexistente: a mesma resposta 401 (e-mail, CPF e CNPJ)', async () => {
      for (const payload of [
        { email: 'ninguem@clinica.com.br', password: 'qualquer' },
        { cpf: '111.444.777-35', password: 'qualquer' },
        { cnpj: '11.444.777/0001-61', password: 'qualquer' },
        { cpf: '...', password: 'qualquer' },
      ]) {
        const res = await login(payload);
        expect(res.statusCode).toBe(401);
        expect(body(res)).toEqual({ statusCode: 401, message: MSG.credenciaisInvalidas, content: null });
      }
    });

    it('usuário inativo: recusado (422, regra de negócio) só depois da senha certa', async () => {
      const right = await login({ email: inativo.email, password: inativo.password });
      expect(right.statusCode).toBe(422);
      expect(body(right).message).toBe(MSG_API.usuarioInativo);
      const wrong = await login({ email: inativo.email, password: 'errada' });
      expect(wrong.statusCode).toBe(401);
      expect(body(wrong).message).toBe(MSG.credenciaisInvalidas);
    });

    it('exige exatamente um entre e-mail, CPF e CNPJ', async () => {
      for (const payload of [
        { password: 'x' },
        { email: null, cpf: null, cnpj: null, password: 'x' },
        { email: cliente.email, cpf: cliente.cpf, password: cliente.password },
      ]) {
        const res = await login(payload);
        expect(res.statusCode).toBe(400);
        expect(body<{ errors: unknown[] }>(res).content.errors.length).toBeGreaterThan(0);
      }
    });

    it('NUL e outros caracteres de controle no identificador: 400 com mensagem em português, nunca 500', async () => {
      for (const payload of [
        { email: 'cliente\u0000@clinica.com.br', password: 'x' },
        { email: '\u0000', password: 'x' },
        { email: 'a\u0007b@clinica.com.br', password: 'x' },
        { email: 'a\ud800@clinica.com.br', password: 'x' },
        { cpf: '529.982.247-25\u0000', password: 'x' },
        { cnpj: '\u001b[31m11222333000181', password: 'x' },
      ]) {
        const res = await login(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        const b = body<{ errors: Array<{ campo: string; mensagem: string }> }>(res);
        expect(b.content.errors).toContainEqual({
          campo: Object.keys(payload)[0],
          mensagem: 'O campo contém caracteres inválidos.',
        });
      }
    });

    it('mensagens da senha: vazia, longa demais e de tipo errado têm cada uma a sua', async () => {
      const campo = async (password: unknown) => {
        const res = await login({ email: cliente.email, password });
        expect(res.statusCode).toBe(400);
        const errors = body<{ errors: Array<{ campo: string; mensagem: string }> }>(res).content.errors;
        return errors.find((e) => e.campo === 'password')?.mensagem;
      };
      expect(await campo('')).toBe('Este campo não pode ficar vazio.');
      expect(await campo('x'.repeat(300))).toBe('A senha pode ter no máximo 256 caracteres.');
      expect(await campo(['x'])).toBe('Este campo deve ser um texto.');
      expect(await campo(12345)).toBe('Este campo deve ser um texto.');
      expect(await campo({ senha: 'x' })).toBe('Este campo deve ser um texto.');
    });

    it('propriedade: 300 corpos de login malformados (binário, unicode, objetos, listas) nunca dão 5xx', async () => {
      // Any code point, with control characters and lone surrogates made frequent.
      const control = fc.constantFrom('\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\ud800');
      const char = fc.oneof(
        { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
        { weight: 1, arbitrary: control },
      );
      const text = fc.oneof(
        fc.string({ unit: char, maxLength: 300 }),
        fc.string({ unit: 'binary', maxLength: 300 }),
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.constantFrom('\u0000', 'a\u0000@b.com', '\ud800', '\udfff@x.com', '\u202e', '\ufeff', ' '),
      );
      // Looks like an identifier, with anything inside it.
      const nearlyValid = fc.oneof(
        fc.tuple(text, text).map(([a, b]) => `${a}@${b}.com.br`),
        fc.tuple(fc.constantFrom(cliente.cpf, '11.222.333/0001-81', empresa.email), text).map(([v, x]) => v + x),
        fc.tuple(text, fc.constantFrom(cliente.cpf, cliente.email)).map(([x, v]) => x + v),
      );
      // Exactly one identifier and a plausible password: the body reaches the service and the database.
      const oneIdentifier = fc
        .tuple(
          fc.constantFrom('email', 'cpf', 'cnpj'),
          fc.oneof(nearlyValid, text),
          fc.string({ minLength: 1, maxLength: 30 }),
        )
        .map(([kind, value, password]) => ({ [kind]: value, password }));
      const anyJson = fc.jsonValue({ maxDepth: 3 });
      const field = fc.oneof(
        text,
        nearlyValid,
        fc.constant(null),
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.array(text, { maxLength: 4 }),
        fc.dictionary(text, text, { maxKeys: 4 }),
        anyJson,
      );
      const loginish = fc.record(
        { email: field, cpf: field, cnpj: field, password: field, extra: anyJson },
        { requiredKeys: [] },
      );
      const payload = fc.oneof(
        { weight: 3, arbitrary: oneIdentifier },
        { weight: 2, arbitrary: loginish },
        { weight: 1, arbitrary: anyJson },
        { weight: 1, arbitrary: fc.dictionary(text, field, { maxKeys: 6 }) },
        { weight: 1, arbitrary: fc.array(field, { maxLength: 4 }) },
        { weight: 1, arbitrary: fc.string({ unit: 'binary' }).map((s) => `{${s}`) },
        { weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
      );
      await fc.assert(
        fc.asyncProperty(payload, async (p) => {
          const res = await t.app.inject({
            method: 'POST',
            url: AUTH,
            headers: { 'content-type': 'application/json' },
            payload: typeof p === 'string' ? p : JSON.stringify(p),
            remoteAddress: '10.99.0.1',
          });
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
          expect(res.statusCode).toBeLessThan(500);
          const b = body(res);
          expect(b.statusCode).toBe(res.statusCode);
          expect(typeof b.message).toBe('string');
          expect(b.message.length).toBeGreaterThan(0);
        }),
        { numRuns: 300 },
      );
    });
  });

  describe('token, perfil e logout', () => {
    let clienteLogin: LoginContent;
    let adminLogin: LoginContent;
    beforeAll(async () => {
      clienteLogin = body<LoginContent>(await login({ email: cliente.email, password: cliente.password })).content;
      adminLogin = body<LoginContent>(await login({ email: admin.email, password: admin.password })).content;
    });

    it('GET /usuario/{id}: o próprio usuário vê os seus dados', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/usuario/${clienteLogin.idUsuario}`,
        headers: bearer(clienteLogin.acess_token),
      });
      expect(contentOf(usuarioApi.get, res)).toEqual({
        id: clienteLogin.idUsuario,
        nome: cliente.nome,
        email: cliente.email,
        permissao: { id: 2, nome: 'CLIENTE' },
        ativo: true,
        confirmado: true,
      });
    });

    it('GET /usuario/{id}: o ADMIN vê qualquer um; outro cliente não; id inexistente é 404', async () => {
      const asAdmin = await t.app.inject({
        method: 'GET',
        url: `/api/usuario/${clienteLogin.idUsuario}`,
        headers: bearer(adminLogin.acess_token),
      });
      expect(asAdmin.statusCode).toBe(200);
      expect(body<UsuarioContent>(asAdmin).content.email).toBe(cliente.email);

      const other = await t.app.inject({
        method: 'GET',
        url: `/api/usuario/${adminLogin.idUsuario}`,
        headers: bearer(clienteLogin.acess_token),
      });
      expect(other.statusCode).toBe(403);
      expect(body(other).message).toBe(MSG.semPermissao);

      const missing = await t.app.inject({
        method: 'GET',
        url: '/api/usuario/999999',
        headers: bearer(adminLogin.acess_token),
      });
      expect(missing.statusCode).toBe(404);
      expect(body(missing).message).toBe(MSG_API.usuarioNaoEncontrado);

      const invalid = await t.app.inject({
        method: 'GET',
        url: '/api/usuario/abc',
        headers: bearer(adminLogin.acess_token),
      });
      expect(invalid.statusCode).toBe(400);
    });

    it('atualizatoken devolve outro token que funciona; para outro usuário é 403; sem token é 401', async () => {
      const url = `/api/usuario/auth/atualizatoken/${clienteLogin.idUsuario}`;
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(clienteLogin.acess_token) });
      expect(res.statusCode).toBe(200);
      const b = body<{ acess_token: string }>(res);
      expect(b.message).toBe(MSG_API.tokenRenovado);
      expect(b.content.acess_token).not.toBe(clienteLogin.acess_token);
      const before = decodeJwt(clienteLogin.acess_token);
      const after = decodeJwt(b.content.acess_token);
      expect(after.jti).not.toBe(before.jti);
      expect(after.sub).toBe(before.sub);
      expect(after.idCliente).toBe(before.idCliente);
      expect(after.exp).toBeGreaterThanOrEqual(before.exp!);

      const works = await t.app.inject({
        method: 'GET',
        url: `/api/usuario/${clienteLogin.idUsuario}`,
        headers: bearer(b.content.acess_token),
      });
      expect(works.statusCode).toBe(200);

      const foreign = await t.app.inject({
        method: 'GET',
        url: `/api/usuario/auth/atualizatoken/${adminLogin.idUsuario}`,
        headers: bearer(clienteLogin.acess_token),
      });
      expect(foreign.statusCode).toBe(403);
      // Not even the ADMIN renews someone else's token.
      const byAdmin = await t.app.inject({ method: 'GET', url, headers: bearer(adminLogin.acess_token) });
      expect(byAdmin.statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    });

    it('logout revoga o token usado (401 depois), sem derrubar as outras sessões', async () => {
      const session1 = await loginToken(t.app, { email: equipe.email, password: equipe.password });
      const session2 = await loginToken(t.app, { email: equipe.email, password: equipe.password });
      const id = Number(decodeJwt(session1).sub);
      const profile = (token: string) =>
        t.app.inject({ method: 'GET', url: `/api/usuario/${id}`, headers: bearer(token) });

      // Some clients send an empty JSON body with this POST: it reads as no body.
      const out = await t.app.inject({
        method: 'POST',
        url: `/api/usuario/logout/${id}`,
        headers: { ...bearer(session1), 'content-type': 'application/json' },
        payload: '',
      });
      expect(out.statusCode).toBe(200);
      expect(body(out)).toEqual({ statusCode: 200, message: MSG_API.logoutSucesso, content: null });

      const after = await profile(session1);
      expect(after.statusCode).toBe(401);
      expect(body(after).message).toBe(MSG.naoAutenticado);
      expect((await profile(session2)).statusCode).toBe(200);

      const rows = await t.database.raw<{ sid: string }>('SELECT sid FROM sessoes_revogadas WHERE sid = $1', [
        decodeJwt(session1).sid,
      ]);
      expect(rows).toHaveLength(1);
      // Logging out twice with the revoked token is refused.
      const again = await t.app.inject({ method: 'POST', url: `/api/usuario/logout/${id}`, headers: bearer(session1) });
      expect(again.statusCode).toBe(401);
    });

    it('ids de caminho só em decimal simples: 0x1, 1e0, 01, 1.0, " 1" e além do inteiro do banco são 400', async () => {
      const admin1 = bearer(adminLogin.acess_token);
      const ok = await t.app.inject({ method: 'GET', url: `/api/usuario/${adminLogin.idUsuario}`, headers: admin1 });
      expect(ok.statusCode).toBe(200);
      for (const id of ['0x1', '1e0', '01', '1.0', '%201', '1%20', '+1', '0', '-1', '2147483648', '99999999999']) {
        const res = await t.app.inject({ method: 'GET', url: `/api/usuario/${id}`, headers: admin1 });
        expect(res.statusCode, id).toBe(400);
        const b = body<{ errors: Array<{ campo: string; mensagem: string }> }>(res);
        expect(b.content.errors).toEqual([{ campo: 'id', mensagem: 'Identificador inválido.' }]);
      }
    });

    describe('sessão: o token do login e as suas renovações formam uma família', () => {
      const profile = (id: number, token: string) =>
        t.app.inject({ method: 'GET', url: `/api/usuario/${id}`, headers: bearer(token) });
      const renew = async (app: TestApp['app'], id: number, token: string) =>
        app.inject({ method: 'GET', url: `/api/usuario/auth/atualizatoken/${id}`, headers: bearer(token) });

      it('a renovação mantém o sid e troca o jti; logout com o token novo derruba também o anterior', async () => {
        const c = await loginToken(t.app, { email: equipe.email, password: equipe.password });
        const other = await loginToken(t.app, { email: equipe.email, password: equipe.password });
        const id = Number(decodeJwt(c).sub);
        expect(decodeJwt(c).sid).toMatch(/^[0-9a-f-]{36}$/);
        expect(decodeJwt(other).sid).not.toBe(decodeJwt(c).sid);

        const renewed = await renew(t.app, id, c);
        expect(renewed.statusCode).toBe(200);
        const n = body<{ acess_token: string }>(renewed).content.acess_token;
        expect(decodeJwt(n).sid).toBe(decodeJwt(c).sid);
        expect(decodeJwt(n).jti).not.toBe(decodeJwt(c).jti);
        // Inside the grace the old token still works (requests already in flight).
        expect((await profile(id, c)).statusCode).toBe(200);
        expect((await profile(id, n)).statusCode).toBe(200);

        const out = await t.app.inject({ method: 'POST', url: `/api/usuario/logout/${id}`, headers: bearer(n) });
        expect(out.statusCode).toBe(200);
        for (const token of [c, n]) {
          const res = await profile(id, token);
          expect(res.statusCode).toBe(401);
          expect(body(res).message).toBe(MSG.naoAutenticado);
          expect((await renew(t.app, id, token)).statusCode).toBe(401);
        }
        // Another sign-in of the same user is another session.
        expect((await profile(id, other)).statusCode).toBe(200);
      });

      it('passada a carência, o token renovado deixa de valer e não renova mais', async () => {
        const strict = await createTestApp({ kind, database: t.database, sessionRenewGraceSeconds: 0 });
        try {
          const c = await loginToken(strict.app, { email: equipe.email, password: equipe.password });
          const id = Number(decodeJwt(c).sub);
          const n = body<{ acess_token: string }>(await renew(strict.app, id, c)).content.acess_token;
          const asStrict = (token: string) =>
            strict.app.inject({ method: 'GET', url: `/api/usuario/${id}`, headers: bearer(token) });
          expect((await asStrict(c)).statusCode).toBe(401);
          expect((await renew(strict.app, id, c)).statusCode).toBe(401);
          expect((await asStrict(n)).statusCode).toBe(200);
          // The chain goes on only through the newest token.
          const n2 = body<{ acess_token: string }>(await renew(strict.app, id, n)).content.acess_token;
          expect((await asStrict(n)).statusCode).toBe(401);
          expect((await asStrict(n2)).statusCode).toBe(200);
        } finally {
          await strict.dispose();
        }
      });
    });

    it('um token renova uma vez: pedir de novo na carência devolve o mesmo sucessor, nunca outro token vivo', async () => {
      const c = await loginToken(t.app, { email: equipe.email, password: equipe.password });
      const id = Number(decodeJwt(c).sub);
      const url = `/api/usuario/auth/atualizatoken/${id}`;
      // Three tabs ask at once, then a late retry.
      const answers = await Promise.all([1, 2, 3].map(() => t.app.inject({ method: 'GET', url, headers: bearer(c) })));
      const late = await t.app.inject({ method: 'GET', url, headers: bearer(c) });
      const tokens = [...answers, late].map((res) => contentOf(usuarioApi.atualizaToken, res).acess_token);
      expect(new Set(tokens).size).toBe(1);
      expect(tokens[0]).not.toBe(c);
      const rows = await t.database.raw<{ n: number }>(
        'SELECT count(*)::int AS n FROM tokens_revogados WHERE jti = $1',
        [decodeJwt(c).jti],
      );
      expect(rows[0]?.n).toBe(1);
      // The successor renews into a new one of its own (the chain goes on through the newest token).
      const next = contentOf(
        usuarioApi.atualizaToken,
        await t.app.inject({ method: 'GET', url, headers: bearer(tokens[0]!) }),
      ).acess_token;
      expect(next).not.toBe(tokens[0]);
      expect(decodeJwt(next).sid).toBe(decodeJwt(c).sid);
    });

    it('logout de outro usuário é 403', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/usuario/logout/${adminLogin.idUsuario}`,
        headers: bearer(clienteLogin.acess_token),
      });
      expect(res.statusCode).toBe(403);
    });
  });
});

describe('login: desaceleração por identificador', () => {
  it('nada até o limite, depois 250 ms dobrando a cada falha, até o teto', () => {
    expect([0, 3, 5].map((f) => loginSlowdownMs(f, 5, 8000))).toEqual([0, 0, 0]);
    expect([6, 7, 8, 9].map((f) => loginSlowdownMs(f, 5, 8000))).toEqual([250, 500, 1000, 2000]);
    expect(loginSlowdownMs(12, 5, 8000)).toBe(8000);
    expect(loginSlowdownMs(1_000_000, 5, 8000)).toBe(8000);
    expect(loginSlowdownMs(9, 5, 0)).toBe(0);
  });
});

describe.each(testDatabaseTargets())('login: tempo mínimo e limites de tentativa (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      kind,
      seed: true,
      config: { RATE_LIMIT_LOGIN_ACCOUNT: 3, RATE_LIMIT_LOGIN_IP: 6, RATE_LIMIT_WINDOW_SECONDS: 600 },
    });
  });
  afterAll(() => t?.dispose());

  let ipSeq = 0;
  const freshIp = () => `10.20.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
  const login = (payload: Record<string, unknown>, remoteAddress = freshIp()) =>
    t.app.inject({ method: 'POST', url: AUTH, payload, remoteAddress });

  it('senha certa, senha errada e conta inexistente levam pelo menos LOGIN_MIN_DELAY_MS', async () => {
    const MIN_DELAY = 200;
    const slow = await createTestApp({ kind, database: t.database, config: { LOGIN_MIN_DELAY_MS: MIN_DELAY } });
    try {
      for (const payload of [
        { email: equipe.email, password: equipe.password },
        { email: equipe.email, password: 'errada' },
        { email: 'naoexiste@clinica.com.br', password: 'errada' },
      ]) {
        const started = performance.now();
        const res = await slow.app.inject({ method: 'POST', url: AUTH, payload, remoteAddress: freshIp() });
        const elapsed = performance.now() - started;
        expect([200, 401]).toContain(res.statusCode);
        expect(elapsed).toBeGreaterThanOrEqual(MIN_DELAY - 1);
      }
    } finally {
      await slow.dispose();
    }
  });
  it('uma origem: depois de N falhas num identificador, essa origem recebe 429 (mesmo com a senha certa)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      expect((await login({ email: admin.email, password: `errada${i}` }, ip)).statusCode).toBe(401);
    }
    const blocked = await login({ email: 'ADMIN@clinica.com.br', password: admin.password }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(body(blocked)).toMatchObject({ statusCode: 429, message: MSG.muitasTentativas });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // The owner, from another source, is not locked out.
    expect((await login({ email: admin.email, password: admin.password })).statusCode).toBe(200);
  });

  it('uma origem: o CPF conta normalizado (com ou sem máscara contam juntos)', async () => {
    const ip = freshIp();
    expect((await login({ cpf: cliente.cpf, password: 'x1' }, ip)).statusCode).toBe(401);
    expect((await login({ cpf: '529.982.247-25', password: 'x2' }, ip)).statusCode).toBe(401);
    expect((await login({ cpf: '529 982 247 25', password: 'x3' }, ip)).statusCode).toBe(401);
    expect((await login({ cpf: '529.982.247-25', password: cliente.password }, ip)).statusCode).toBe(429);
  });

  it('um login certo zera as falhas da origem', async () => {
    const ip = freshIp();
    for (let round = 0; round < 2; round++) {
      expect((await login({ email: empresa.email, password: 'errada' }, ip)).statusCode).toBe(401);
      expect((await login({ email: empresa.email, password: 'errada' }, ip)).statusCode).toBe(401);
      expect((await login({ email: empresa.email, password: empresa.password }, ip)).statusCode).toBe(200);
    }
  });

  it('a resposta limitada não revela qual CNPJ é de qual e-mail: o bloqueio vale só para o identificador digitado', async () => {
    await createUser(t.database, {
      email: 'limite-cnpj@empresa.com.br',
      password: 'senha-certa',
      permissao: 'CLIENTE',
      cnpj: '11444777000161',
    });
    // Per-IP limit out of the way: only the identifier counters speak here.
    const wide = await createTestApp({
      kind,
      database: t.database,
      config: { ...t.config, RATE_LIMIT_LOGIN_IP: 1000 },
    });
    const ip = freshIp();
    const login = (payload: Record<string, unknown>, remoteAddress: string) =>
      wide.app.inject({ method: 'POST', url: AUTH, payload, remoteAddress });
    for (let i = 0; i < 3; i++) {
      expect((await login({ email: 'limite-cnpj@empresa.com.br', password: `errada${i}` }, ip)).statusCode).toBe(401);
    }
    expect((await login({ email: 'limite-cnpj@empresa.com.br', password: 'errada' }, ip)).statusCode).toBe(429);
    // The company's CNPJ and someone else's CNPJ answer alike from the same source.
    const own = await login({ cnpj: '11.444.777/0001-61', password: 'errada' }, ip);
    const other = await login({ cnpj: '11.222.333/0001-81', password: 'errada' }, ip);
    const nobody = await login({ cnpj: '12.ABC.345/01DE-35', password: 'errada' }, ip);
    for (const res of [own, other, nobody]) {
      expect(res.statusCode).toBe(401);
      expect(body(res)).toEqual({ statusCode: 401, message: MSG.credenciaisInvalidas, content: null });
    }
    expect((await login({ cnpj: '11444777000161', password: 'senha-certa' }, ip)).statusCode).toBe(200);
    await wide.dispose();
  });

  it('um identificador inexistente é limitado do mesmo jeito (não revela se a conta existe)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      expect((await login({ email: 'sondagem@inexistente.com', password: `x${i}` }, ip)).statusCode).toBe(401);
    }
    expect((await login({ email: 'SONDAGEM@inexistente.com', password: 'x' }, ip)).statusCode).toBe(429);
  });

  it('ataque espalhado em muitas origens: desacelera, nunca bloqueia o dono que sabe a senha', async () => {
    const slow = await createTestApp({
      kind,
      database: t.database,
      config: {
        ...t.config,
        RATE_LIMIT_LOGIN_ACCOUNT: 3,
        RATE_LIMIT_LOGIN_IP: 1000,
        RATE_LIMIT_LOGIN_SLOWDOWN_MAX_MS: 300,
      },
    });
    try {
      await createUser(t.database, {
        email: 'alvo@clinica.com.br',
        password: 'senha-do-dono',
        permissao: 'CLIENTE',
        cpf: '39053344705',
      });
      const from = (ip: string, password: string) =>
        slow.app.inject({
          method: 'POST',
          url: AUTH,
          payload: { email: 'alvo@clinica.com.br', password },
          remoteAddress: ip,
        });
      // 12 wrong guesses, each from its own address: none is refused.
      for (let i = 0; i < 12; i++) expect((await from(`10.77.0.${i + 1}`, `chute${i}`)).statusCode).toBe(401);
      // Past the threshold each attempt on the identifier waits (capped at 300 ms).
      const started = performance.now();
      expect((await from('10.77.1.1', 'mais-um-chute')).statusCode).toBe(401);
      expect(performance.now() - started).toBeGreaterThanOrEqual(295);
      // The owner, from home, gets in (slowed, not locked out) and that clears the slowdown.
      expect((await from('10.77.2.1', 'senha-do-dono')).statusCode).toBe(200);
      const counters = await t.database.raw<{ chave: string }>(
        "SELECT chave FROM limites_requisicao WHERE chave = 'login:conta:email:alvo@clinica.com.br'",
      );
      expect(counters).toEqual([]);
    } finally {
      await slow.dispose();
    }
  });

  it('TRUST_PROXY=1: um X-Forwarded-For forjado à esquerda não muda a chave do IP', async () => {
    const proxied = await createTestApp({
      kind,
      database: t.database,
      config: { ...t.config, TRUST_PROXY: 1, RATE_LIMIT_LOGIN_IP: 3, RATE_LIMIT_LOGIN_ACCOUNT: 1000 },
    });
    try {
      // The proxy (127.0.0.1) appends the real client (10.50.0.1) to whatever the client sent.
      const viaProxy = (xff: string, i: number) =>
        proxied.app.inject({
          method: 'POST',
          url: AUTH,
          payload: { email: `proxy${i}@inexistente.com`, password: 'x' },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': xff },
        });
      for (let i = 1; i <= 3; i++) expect((await viaProxy(`203.0.113.${i}, 10.50.0.1`, i)).statusCode).toBe(401);
      expect((await viaProxy('203.0.113.99, 10.50.0.1', 4)).statusCode).toBe(429);
      expect((await viaProxy('10.50.0.7, 10.50.0.1', 5)).statusCode).toBe(429);
      // Another client behind the same proxy is counted apart.
      expect((await viaProxy('10.50.0.1, 10.50.0.2', 6)).statusCode).toBe(401);
    } finally {
      await proxied.dispose();
    }
  });

  it('TRUST_PROXY desligado: X-Forwarded-For é ignorado, vale o IP da conexão', async () => {
    const direct = await createTestApp({
      kind,
      database: t.database,
      config: { ...t.config, TRUST_PROXY: false, RATE_LIMIT_LOGIN_IP: 3, RATE_LIMIT_LOGIN_ACCOUNT: 1000 },
    });
    try {
      const from = (remoteAddress: string, xff: string, i: number) =>
        direct.app.inject({
          method: 'POST',
          url: AUTH,
          payload: { email: `direto${i}@inexistente.com`, password: 'x' },
          remoteAddress,
          headers: { 'x-forwarded-for': xff },
        });
      for (let i = 1; i <= 3; i++) expect((await from('10.51.0.1', `203.0.113.${i}`, i)).statusCode).toBe(401);
      expect((await from('10.51.0.1', '203.0.113.200', 4)).statusCode).toBe(429);
      // Naming the blocked address in the header does not block someone else.
      expect((await from('10.51.0.2', '10.51.0.1', 5)).statusCode).toBe(401);
    } finally {
      await direct.dispose();
    }
  });

  it('por IP: passado o limite o IP recebe 429, e outro IP continua entrando', async () => {
    const ip = '10.30.0.1';
    for (let i = 0; i < 6; i++) {
      expect((await login({ email: `desconhecido${i}@x.com`, password: 'x' }, ip)).statusCode).toBe(401);
    }
    const blocked = await login({ email: equipe.email, password: equipe.password }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await login({ email: equipe.email, password: equipe.password }, '10.30.0.2')).statusCode).toBe(200);
  });

  it('os contadores ficam no banco: outra instância da API vê o mesmo bloqueio', async () => {
    const ip = '10.40.0.1';
    for (let i = 0; i < 6; i++) await login({ email: `outro${i}@x.com`, password: 'x' }, ip);
    const second = await createTestApp({ kind, database: t.database, config: t.config });
    try {
      const res = await second.app.inject({
        method: 'POST',
        url: AUTH,
        payload: { email: equipe.email, password: equipe.password },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await second.dispose();
    }
  });
});

describe.each(testDatabaseTargets())('login: muitas pessoas atrás de um só endereço (%s)', (kind) => {
  // The production limits (RATE_LIMIT_LOGIN_IP 20, RATE_LIMIT_LOGIN_ACCOUNT 5): only failures count per address.
  let t: TestApp;
  const SENHA = 'senha-da-turma';
  const contas = Array.from({ length: 100 }, (_, i) => `aluno${i}@turma.com.br`);
  beforeAll(async () => {
    t = await createTestApp({ kind, config: { RATE_LIMIT_LOGIN_IP: 20, RATE_LIMIT_LOGIN_ACCOUNT: 5 } });
    const cpfs = new Set<string>();
    while (cpfs.size < contas.length) cpfs.add(cpf.generate());
    const documentos = [...cpfs];
    for (const [i, email] of contas.entries()) {
      await createUser(t.database, { email, password: SENHA, permissao: 'CLIENTE', cpf: documentos[i]! });
    }
  });
  afterAll(() => t?.dispose());

  const login = (payload: Record<string, unknown>, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: AUTH, payload, remoteAddress });

  it('100 contas entrando com a senha certa pelo mesmo endereço (uma clínica, uma turma) entram todas', async () => {
    const ip = '10.60.0.1';
    const status: number[] = [];
    // Ten at a time, as a class signs in: more than the per-address limit in all, and side by side.
    for (let i = 0; i < contas.length; i += 10) {
      const lote = contas.slice(i, i + 10).map((email) => login({ email, password: SENHA }, ip));
      status.push(...(await Promise.all(lote)).map((res) => res.statusCode));
    }
    expect(status).toEqual(contas.map(() => 200));
    // A guesser from another address is throttled after 20 failures, even with a right password afterwards.
    const chutador = '10.60.0.2';
    for (let i = 0; i < 20; i++) {
      expect((await login({ email: contas[i % 4]!, password: `chute${i}` }, chutador)).statusCode).toBe(401);
    }
    const barrado = await login({ email: contas[99]!, password: SENHA }, chutador);
    expect(barrado.statusCode).toBe(429);
    expect(body(barrado)).toMatchObject({ statusCode: 429, message: MSG.muitasTentativas });
    // The crowd's address still gets in.
    expect((await login({ email: contas[50]!, password: SENHA }, ip)).statusCode).toBe(200);
  });

  it('chutes de um endereço: o próprio login certo não apaga as falhas do endereço; chutes juntos param em 20', async () => {
    const ip = '10.60.1.1';
    for (let i = 0; i < 19; i++) {
      expect((await login({ email: `ninguem${i}@x.com`, password: 'x' }, ip)).statusCode).toBe(401);
    }
    // The guesser signs in to an account of their own: the address's failures stay.
    expect((await login({ email: contas[0]!, password: SENHA }, ip)).statusCode).toBe(200);
    expect((await login({ email: 'mais.um@x.com', password: 'x' }, ip)).statusCode).toBe(401);
    expect((await login({ email: contas[0]!, password: SENHA }, ip)).statusCode).toBe(429);

    // Thirty guesses sent at once from a fresh address: the attempts in flight count, so at most 20 are checked.
    const rajada = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login({ email: `rajada${i}@x.com`, password: 'x' }, '10.60.1.2')),
    );
    const status = rajada.map((res) => res.statusCode);
    expect(status.filter((s) => s === 401)).toHaveLength(20);
    expect(status.filter((s) => s === 429)).toHaveLength(10);
  });
});
