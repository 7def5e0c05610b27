import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { createLogger } from '../lib/logger.js';
import {
  body,
  createTestApp,
  ensurePermissoes,
  testDatabaseTargets,
  type TestApp,
  memoryLog,
} from '../test/harness.js';
import { usuarios } from '../modules/usuario/usuario.table.js';

describe.each(testDatabaseTargets())('envelope e tratamento central de erros (%s)', (kind) => {
  let t: TestApp;
  const log = memoryLog();

  beforeAll(async () => {
    t = await createTestApp({
      kind,
      logger: createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'test' }, log.stream),
      extraRoutes: (api) => {
        api.get('/teste/explode', { config: { access: 'public' } }, async () => {
          throw new Error('detalhe-secreto do banco em /srv/app.ts:42');
        });
        api.post('/teste/duplicado', { config: { access: 'public' } }, async () => {
          await ensurePermissoes(t.database);
          const values = { nome: 'Duplicado', email: 'dup@teste.com', senhaHash: 'x', permissaoId: 3 };
          await t.database.db.insert(usuarios).values(values);
          await t.database.db.insert(usuarios).values({ ...values, email: 'DUP@teste.com' });
          return { statusCode: 200, message: 'nunca', content: null };
        });
        // The e-mail goes to the database as a query parameter of a failing statement.
        api.get('/teste/consulta-falha', { config: { access: 'public' } }, async () => {
          await t.database.db.execute(
            sql`SELECT * FROM tabela_que_nao_existe WHERE email = ${'vazou.no.log@exemplo.com.br'}`,
          );
          return { statusCode: 200, message: 'nunca', content: null };
        });
        api.get('/teste/dado-invalido/:caso', { config: { access: 'public' } }, async (request) => {
          const caso = (request.params as { caso: string }).caso;
          const statements = {
            nul: sql`SELECT ${'dado.sigiloso\u0000@exemplo.com.br'}::text`,
            inteiro: sql`SELECT ${'dado.sigiloso@exemplo.com.br'}::int`,
            substring: sql`SELECT substring(${'dado.sigiloso@exemplo.com.br'} from 1 for ${-1}::int)`,
            data: sql`SELECT ${'2024-02-30'}::date`,
            faixa: sql`SELECT ${'40000'}::smallint`,
            divisao: sql`SELECT 1 / ${0}::int`,
          } as const;
          await t.database.db.execute(statements[caso as keyof typeof statements]);
          return { statusCode: 200, message: 'nunca', content: null };
        });
        api.get('/teste/status-divergente', { config: { access: 'public' } }, async (_req, reply) => {
          reply.code(201);
          return { statusCode: 200, message: 'Criado', content: { ok: true } };
        });
      },
    });
  });
  afterAll(() => t?.dispose());

  it('400 de validação traz envelope, mensagem pt-BR e erros por campo', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/cliente/auth',
      payload: { email: 'a@b.com', cpf: '52998224725', password: '' },
    });
    expect(res.statusCode).toBe(400);
    const b = body<{ errors: Array<{ campo: string; mensagem: string }> }>(res);
    expect(b.statusCode).toBe(400);
    expect(b.message).toBe(MSG.erroValidacao);
    const campos = Object.fromEntries(b.content.errors.map((e) => [e.campo, e.mensagem]));
    expect(campos.password).toBe('Este campo não pode ficar vazio.');
    expect(campos.email).toBe('Informe um e-mail, CPF ou CNPJ.');
  });

  it('corpo ausente numa rota que exige corpo é 400 com mensagem em português', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/usuario/cliente/auth' });
    expect(res.statusCode).toBe(400);
    const b = body<{ errors: Array<{ campo: string; mensagem: string }> }>(res);
    expect(b.content.errors.length).toBeGreaterThan(0);
    for (const e of b.content.errors) expect(e.mensagem).not.toMatch(/expected|received|invalid input/i);
  });

  it('JSON malformado é 400 com envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/cliente/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.com", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ statusCode: 400, message: MSG.corpoInvalido, content: null });
  });

  it('tipo de conteúdo não suportado é 415 e corpo grande demais é 413', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/cliente/auth',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(body(xml)).toMatchObject({ statusCode: 415, message: MSG_API.tipoConteudoNaoSuportado });

    const big = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/cliente/auth',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.com', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(body(big)).toMatchObject({ statusCode: 413, message: MSG_API.corpoMuitoGrande });
  });

  it('rota desconhecida sob /api é 404 em JSON, para qualquer método', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/nao-existe/123' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(body(res)).toEqual({ statusCode: 404, message: MSG_API.rotaNaoEncontrada, content: null });
    }
  });

  it('erro inesperado é 500 genérico, sem pilha, com o id da requisição no corpo, no cabeçalho e no log', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/teste/explode' });
    expect(res.statusCode).toBe(500);
    const b = body<{ requestId: string }>(res);
    expect(b.message).toBe(MSG.erroInterno);
    expect(res.body).not.toContain('detalhe-secreto');
    expect(res.body).not.toMatch(/\bat\s|\.ts:\d+|stack/);
    expect(b.content.requestId).toBeTruthy();
    expect(res.headers['x-request-id']).toBe(b.content.requestId);
    const logged = log.lines.find((l) => l.reqId === b.content.requestId && l.level === 50);
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain('detalhe-secreto');
  });

  it('violação de unicidade do PostgreSQL (23505) vira 409 em português', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/teste/duplicado' });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toEqual({ statusCode: 409, message: MSG_API.conflito, content: null });
  });

  it('o statusCode do envelope acompanha o status HTTP enviado', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/teste/status-divergente' });
    expect(res.statusCode).toBe(201);
    expect(body(res).statusCode).toBe(201);
  });

  it('sem TRUST_PROXY, o x-request-id do cliente é ignorado: o id é sempre gerado', async () => {
    expect(t.config.TRUST_PROXY).toBe(false);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-1234567890' },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('com proxy confiável, um id aceitável vindo dele é mantido; um estranho, ou de fora do proxy, é trocado', async () => {
    const proxied = await createTestApp({ kind, database: t.database, config: { TRUST_PROXY: ['10.0.0.0/8'] } });
    try {
      const get = (remoteAddress: string, id: string) =>
        proxied.app.inject({ method: 'GET', url: '/api/health', remoteAddress, headers: { 'x-request-id': id } });
      expect((await get('10.1.2.3', 'lb-1234567890')).headers['x-request-id']).toBe('lb-1234567890');
      expect((await get('10.1.2.3', 'x y<script>')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect((await get('198.51.100.7', 'lb-1234567890')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await proxied.dispose();
    }
    const hops = await createTestApp({ kind, database: t.database, config: { TRUST_PROXY: 1 } });
    try {
      const res = await hops.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'lb-0987654321' },
      });
      expect(res.headers['x-request-id']).toBe('lb-0987654321');
    } finally {
      await hops.dispose();
    }
  });

  it('exceções de dados do PostgreSQL (classe 22) viram 400 em português', async () => {
    for (const caso of ['nul', 'inteiro', 'substring', 'data', 'faixa', 'divisao']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/teste/dado-invalido/${caso}` });
      expect(res.statusCode, caso).toBe(400);
      expect(body(res), caso).toEqual({ statusCode: 400, message: MSG.erroValidacao, content: null });
    }
    expect(JSON.stringify(log.lines)).not.toContain('dado.sigiloso');
  });

  it('o log de uma consulta que falhou traz o código e o objeto, nunca os parâmetros (o e-mail)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/teste/consulta-falha' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('vazou.no.log');
    const requestId = body<{ requestId: string }>(res).content.requestId;
    const logged = log.lines.find((l) => l.reqId === requestId && l.level === 50);
    expect(logged).toBeDefined();
    const err = logged?.err as Record<string, unknown>;
    expect(err).toMatchObject({ type: 'DatabaseError', code: '42P01' });
    expect(String(err.message)).toContain('tabela_que_nao_existe');
    expect(String(err.query)).toMatch(/email = \$1/);
    expect(err).not.toHaveProperty('params');
    expect(JSON.stringify(log.lines)).not.toContain('vazou.no.log');
  });

  it('senhas e tokens não aparecem no log', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/teste/explode-nao-existe',
      headers: { authorization: 'Bearer token-secreto-do-log' },
      payload: { password: 'senha-secreta-do-log' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/usuario/cliente/auth',
      payload: { email: 'x@y.com', password: 'senha-secreta-do-log' },
    });
    const all = JSON.stringify(log.lines);
    expect(all).not.toContain('senha-secreta-do-log');
    expect(all).not.toContain('token-secreto-do-log');
  });
});
