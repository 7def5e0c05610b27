import { cpf } from 'cpf-cnpj-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { usuarioApi } from '@clinica/shared/schemas/auth';
import { usuarioAdminApi } from '@clinica/shared/schemas/usuario-admin';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.js';
import {
  bearer,
  body,
  contentOf,
  createTestApp,
  createUser,
  lastMailedCode,
  testDatabaseTargets,
  type TestApp,
} from '../../test/harness.js';

type Metodo = 'GET' | 'POST' | 'PUT';
const NADA = 2_147_483_000;
const SEGREDO = /senha|password|hash/i;

/** The audit entries of a user, oldest first. */
async function auditoriaDe(t: TestApp, id: number) {
  const rows = await t.database.raw<{
    acao: string;
    usuario_id: number;
    permissao: string;
    antes: Record<string, unknown> | null;
    depois: Record<string, unknown> | null;
  }>(
    "SELECT acao, usuario_id, permissao, antes, depois FROM auditoria WHERE entidade = 'usuario' AND entidade_id = $1 ORDER BY id",
    [id],
  );
  return rows.map((r) => ({ ...r, usuario_id: Number(r.usuario_id) }));
}

const totalAuditoria = async (t: TestApp) =>
  Number((await t.database.raw<{ n: number }>("SELECT count(*) AS n FROM auditoria WHERE entidade = 'usuario'"))[0]!.n);

describe.each(testDatabaseTargets())('usuários e acessos no back-office: /api/usuario/* (%s)', (kind) => {
  let t: TestApp;
  const tk = {} as Record<'admin' | 'equipe' | 'cliente', string>;
  let adminId = 0;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    tk.admin = await t.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    tk.equipe = await t.login(DEMO_ACCOUNTS.equipe.email, DEMO_ACCOUNTS.equipe.password);
    tk.cliente = await t.login(DEMO_ACCOUNTS.cliente.email, DEMO_ACCOUNTS.cliente.password);
    const [row] = await t.database.raw<{ id: number }>('SELECT id FROM usuarios WHERE email = $1', [
      DEMO_ACCOUNTS.admin.email,
    ]);
    adminId = Number(row!.id);
  });
  afterAll(() => t?.dispose());

  const call = (method: Metodo, url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload }) });

  const email = (nome: string) => `${nome}.${++seq}.${process.pid}@clinica.com.br`;

  /** A customer account (CPF, password 'cliente1') written straight to the database; its e-mail from `nome`. */
  const novoCliente = async (nome: string, extra: { nome?: string } = {}) => {
    const endereco = email(nome);
    const conta = await createUser(t.database, {
      email: endereco,
      password: 'cliente1',
      permissao: 'CLIENTE',
      cpf: cpf.generate(),
      ...extra,
    });
    return { ...conta, email: endereco };
  };

  /** A staff account created through the API by the seeded ADMIN. */
  async function novo(permissao: 'USUARIO' | 'ADMIN' = 'USUARIO', nome = `Pessoa da equipe ${seq + 1}`) {
    const dados = { nome, email: email('equipe'), password: 'senha123' };
    const res = await call('POST', '/api/usuario/', tk.admin, {
      ...dados,
      usuarioPermissao: { id: permissao === 'ADMIN' ? 1 : 3 },
    });
    const usuario = contentOf(usuarioAdminApi.criar, res);
    return { ...usuario, password: dados.password, token: await t.login(dados.email, dados.password) };
  }

  const me = (id: number, token: string) => call('GET', `/api/usuario/${id}`, token);
  const listar = (query: string, token = tk.admin) =>
    call('GET', `/api/usuario/buscar${query ? `?${query}` : ''}`, token);

  describe('papéis', () => {
    it('só o ADMIN: anônimo 401, CLIENTE 403, USUARIO 403 em toda rota nova; nada é escrito', async () => {
      const alvo = await novo();
      const antes = await totalAuditoria(t);
      const criar = {
        nome: 'Recusado Silva',
        email: 'recusado@clinica.com.br',
        password: 'abcd',
        usuarioPermissao: { id: 3 },
      };
      const rotas: Array<[Metodo, string, object?]> = [
        ['GET', '/api/usuario/buscar'],
        ['POST', '/api/usuario/', criar],
        ['PUT', `/api/usuario/updateativo/${alvo.id}/false`],
        ['PUT', `/api/usuario/updatepermissao/${alvo.id}`, { id: 1 }],
        ['PUT', `/api/usuario/admin/${alvo.id}`, { nome: 'Outro Nome', email: alvo.email }],
      ];
      for (const [method, url, payload] of rotas) {
        expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
        expect((await call(method, url, tk.cliente, payload)).statusCode, `${method} ${url}`).toBe(403);
        expect((await call(method, url, tk.equipe, payload)).statusCode, `${method} ${url}`).toBe(403);
      }
      expect(await totalAuditoria(t)).toBe(antes);
      expect(await t.database.raw("SELECT 1 FROM usuarios WHERE email = 'recusado@clinica.com.br'")).toHaveLength(0);
      expect(contentOf(usuarioApi.get, await me(alvo.id, tk.admin))).toMatchObject({
        nome: alvo.nome,
        ativo: true,
        permissao: { id: 3, nome: 'USUARIO' },
      });
      // The ADMIN gets each of them.
      expect((await listar('')).statusCode).toBe(200);
    });
  });

  describe('GET /usuario/buscar', () => {
    let grupo: Array<{ id: number; nome: string }> = [];
    beforeAll(async () => {
      // Names of one group (the 'Xavante' of the filter), with and without accents.
      grupo = [
        await novo('USUARIO', 'Xavante Ágata Reis'),
        await novo('USUARIO', 'xavante beatriz lima'),
        await novo('ADMIN', 'Xavante Célia Prado'),
        await novo('USUARIO', 'Xavante Davi Souza'),
        await novo('USUARIO', 'Xavante Érico Dias'),
      ];
      await call('PUT', `/api/usuario/updateativo/${grupo[3]!.id}/false`, tk.admin);
      const cli = await novoCliente('cliente.xavante', { nome: 'Xavante Fábio Cliente' });
      grupo.push({ id: cli.id, nome: 'Xavante Fábio Cliente' });
    });

    it('sem filtros: todos os usuários, pelo nome, e os totais batem com o banco', async () => {
      const lista = contentOf(usuarioAdminApi.buscar, await listar('size=100'));
      const [{ n }] = (await t.database.raw<{ n: number }>('SELECT count(*) AS n FROM usuarios')) as [{ n: number }];
      expect(lista.totalRegistros).toBe(Number(n));
      expect(lista.totalRegistroPagina).toBe(lista.usuarioItemListagemDTOS.length);
      expect(lista.page).toBe(0);
      // Never a password or its hash.
      for (const item of lista.usuarioItemListagemDTOS) {
        expect(Object.keys(item).sort()).toEqual(['ativo', 'confirmado', 'email', 'id', 'nome', 'permissao']);
      }
      expect(JSON.stringify(lista)).not.toMatch(/argon2|senha|password/i);
      const seeded = lista.usuarioItemListagemDTOS.find((u) => u.email === DEMO_ACCOUNTS.admin.email);
      expect(seeded).toMatchObject({ permissao: { id: 1, nome: 'ADMIN' }, ativo: true });
    });

    it('nome sem acento nem maiúsculas, contém; ordem crescente e decrescente pelo nome', async () => {
      const asc = contentOf(usuarioAdminApi.buscar, await listar('nome=XAVANTE'));
      expect(asc.usuarioItemListagemDTOS.map((u) => u.nome)).toEqual([
        'Xavante Ágata Reis',
        'xavante beatriz lima',
        'Xavante Célia Prado',
        'Xavante Davi Souza',
        'Xavante Érico Dias',
        'Xavante Fábio Cliente',
      ]);
      const desc = contentOf(usuarioAdminApi.buscar, await listar('nome=xavante&sort=desc'));
      expect(desc.usuarioItemListagemDTOS.map((u) => u.nome)).toEqual(
        asc.usuarioItemListagemDTOS.map((u) => u.nome).reverse(),
      );
      const acento = contentOf(usuarioAdminApi.buscar, await listar(`nome=${encodeURIComponent('celia prádo')}`));
      expect(acento.usuarioItemListagemDTOS.map((u) => u.nome)).toEqual(['Xavante Célia Prado']);
      // The e-mail is searched too; LIKE's wildcards match themselves.
      const porEmail = contentOf(usuarioAdminApi.buscar, await listar(`nome=${encodeURIComponent('cliente.xavante')}`));
      expect(porEmail.usuarioItemListagemDTOS.map((u) => u.nome)).toEqual(['Xavante Fábio Cliente']);
      expect(contentOf(usuarioAdminApi.buscar, await listar('nome=xav%25')).totalRegistros).toBe(0);
    });

    it('permissão (id ou nome) e ativo', async () => {
      const nomes = async (q: string) =>
        contentOf(usuarioAdminApi.buscar, await listar(`nome=xavante&${q}`)).usuarioItemListagemDTOS.map((u) => u.nome);
      expect(await nomes('usuarioPermissao=1')).toEqual(['Xavante Célia Prado']);
      expect(await nomes('usuarioPermissao=ADMIN')).toEqual(['Xavante Célia Prado']);
      expect(await nomes('usuarioPermissao=2')).toEqual(['Xavante Fábio Cliente']);
      expect(await nomes('usuarioPermissao=usuario')).toEqual([
        'Xavante Ágata Reis',
        'xavante beatriz lima',
        'Xavante Davi Souza',
        'Xavante Érico Dias',
      ]);
      expect(await nomes('ativo=false')).toEqual(['Xavante Davi Souza']);
      expect(await nomes('usuarioPermissao=3&ativo=true&sort=desc')).toEqual([
        'Xavante Érico Dias',
        'xavante beatriz lima',
        'Xavante Ágata Reis',
      ]);
      const todos = contentOf(usuarioAdminApi.buscar, await listar('usuarioPermissao=2&size=100'));
      expect(todos.usuarioItemListagemDTOS.every((u) => u.permissao.nome === 'CLIENTE')).toBe(true);
    });

    it('páginas a partir de 0, com totais coerentes com o tamanho', async () => {
      const paginas = [0, 1, 2, 3].map((page) => listar(`nome=xavante&size=4&page=${page}`));
      const [p0, p1, p2] = (await Promise.all(paginas)).map((r) => contentOf(usuarioAdminApi.buscar, r));
      expect(p0).toMatchObject({ totalRegistros: 6, totalPaginas: 2, totalRegistroPagina: 4, page: 0 });
      expect(p1).toMatchObject({ totalRegistros: 6, totalPaginas: 2, totalRegistroPagina: 2, page: 1 });
      expect(p2).toMatchObject({ totalRegistros: 6, totalPaginas: 2, totalRegistroPagina: 0, page: 2 });
      const ids = [...p0!.usuarioItemListagemDTOS, ...p1!.usuarioItemListagemDTOS].map((u) => u.id);
      expect(new Set(ids).size).toBe(6);
      expect(ids.sort()).toEqual(grupo.map((g) => g.id).sort());
      const padrao = contentOf(usuarioAdminApi.buscar, await listar('nome=xavante&size=5'));
      expect(padrao).toMatchObject({ totalPaginas: 2, totalRegistroPagina: 5 });
    });

    it('filtros inválidos: 400 com a mensagem de cada um', async () => {
      const casos: Array<[string, string]> = [
        ['usuarioPermissao=7', MSG_BO.permissaoInvalida],
        ['usuarioPermissao=CHEFE', MSG_BO.permissaoInvalida],
        ['ativo=talvez', MSG_BO.filtroBooleanoInvalido],
        ['size=0', MSG.tamanhoPaginaInvalido],
        ['size=101', MSG.tamanhoPaginaInvalido],
        ['page=-1', MSG.paginaInvalida],
        ['sort=up', MSG.ordenacaoInvalida],
      ];
      for (const [q, mensagem] of casos) {
        const res = await listar(q);
        expect(res.statusCode, q).toBe(400);
        expect(JSON.stringify(body(res).content), q).toContain(mensagem);
      }
    });
  });

  describe('POST /usuario/', () => {
    it('cadastra (201, mensagem do contrato) um USUARIO que entra com a senha dada; auditoria CRIAR sem senha', async () => {
      const endereco = email('Nova.Pessoa');
      const res = await call('POST', '/api/usuario/', tk.admin, {
        nome: '  Nova Pessoa  ',
        email: `  ${endereco.toUpperCase()} `,
        password: 'abcd',
        usuarioPermissao: { id: 3 },
      });
      expect(res.statusCode).toBe(201);
      expect(body(res).message).toBe(MSG_BO.usuarioCadastrado);
      const criado = contentOf(usuarioAdminApi.criar, res);
      expect(criado).toEqual({
        id: expect.any(Number),
        nome: 'Nova Pessoa',
        email: endereco.toLowerCase(),
        permissao: { id: 3, nome: 'USUARIO' },
        ativo: true,
        confirmado: false,
      });
      expect(res.body).not.toMatch(/argon2|abcd/);
      const token = await t.login(endereco, 'abcd');
      // A USUARIO: staff routes yes, ADMIN routes no.
      expect((await call('GET', '/api/autor/', token)).statusCode).toBe(200);
      expect((await listar('', token)).statusCode).toBe(403);

      const log = await auditoriaDe(t, criado.id);
      expect(log).toEqual([{ acao: 'CRIAR', usuario_id: adminId, permissao: 'ADMIN', antes: null, depois: criado }]);
      expect(JSON.stringify(log)).not.toMatch(SEGREDO);
    });

    it('um ADMIN, e um criado inativo, que não consegue entrar', async () => {
      const gerente = await novo('ADMIN');
      expect(gerente.permissao).toEqual({ id: 1, nome: 'ADMIN' });
      expect((await listar('', gerente.token)).statusCode).toBe(200);
      const endereco = email('inativo');
      const inativo = contentOf(
        usuarioAdminApi.criar,
        await call('POST', '/api/usuario/', tk.admin, {
          nome: 'Ainda Não',
          email: endereco,
          password: 'abcd',
          usuarioPermissao: { id: 3 },
          ativo: false,
        }),
      );
      expect(inativo.ativo).toBe(false);
      const login = await call('POST', '/api/usuario/cliente/auth', undefined, { email: endereco, password: 'abcd' });
      expect(login.statusCode).toBe(422);
      expect(body(login).message).toBe(MSG_API.usuarioInativo);
    });

    it('e-mail já usado (sem diferenciar maiúsculas) 409; CLIENTE 422; nada escrito', async () => {
      const antes = await totalAuditoria(t);
      const [{ n: usuariosAntes }] = (await t.database.raw<{ n: number }>('SELECT count(*) AS n FROM usuarios')) as [
        { n: number },
      ];
      const dup = await call('POST', '/api/usuario/', tk.admin, {
        nome: 'Duplicada',
        email: DEMO_ACCOUNTS.equipe.email.toUpperCase(),
        password: 'abcd',
        usuarioPermissao: { id: 3 },
      });
      expect(dup.statusCode).toBe(409);
      expect(body(dup).message).toBe(MSG_API.emailEmUso);
      const cliente = await call('POST', '/api/usuario/', tk.admin, {
        nome: 'Cliente Por Aqui',
        email: email('cliente'),
        password: 'abcd',
        usuarioPermissao: { id: 2 },
      });
      expect(cliente.statusCode).toBe(422);
      expect(body(cliente).message).toBe(MSG_BO.usuarioClienteNaoCadastra);
      expect(body(cliente).message).toMatch(/CPF ou CNPJ e endereço/);
      expect(await totalAuditoria(t)).toBe(antes);
      const [{ n: usuariosDepois }] = (await t.database.raw<{ n: number }>('SELECT count(*) AS n FROM usuarios')) as [
        { n: number },
      ];
      expect(Number(usuariosDepois)).toBe(Number(usuariosAntes));
    });

    it('validação: 400 com a mensagem do contrato em cada campo', async () => {
      const erros = async (payload: object) => {
        const res = await call('POST', '/api/usuario/', tk.admin, payload);
        expect(res.statusCode).toBe(400);
        return Object.fromEntries(
          body<{ errors: Array<{ campo: string; mensagem: string }> }>(res).content.errors.map((e) => [
            e.campo,
            e.mensagem,
          ]),
        );
      };
      expect(await erros({ nome: 'Jo', email: 'sem-arroba', password: 'abc', usuarioPermissao: { id: 9 } })).toEqual({
        nome: MSG.min3,
        email: MSG.email,
        password: MSG.senhaMin4,
        'usuarioPermissao.id': MSG_BO.permissaoInvalida,
      });
      const vazio = await erros({ nome: null, email: '', password: 'abcd' });
      expect(vazio).toMatchObject({ nome: MSG.naoVazio, email: MSG.email, usuarioPermissao: MSG_BO.permissaoVazia });
      expect(
        await erros({ nome: 'Nome Bom', email: email('x'), password: 'abcd', usuarioPermissao: { id: null } }),
      ).toEqual({ 'usuarioPermissao.id': MSG_BO.permissaoVazia });
    });
  });

  describe('PUT /usuario/updateativo/{id}/{ativo}', () => {
    it('desativar: o token cai na hora (401), o login é recusado, e reativar não revive o token antigo', async () => {
      const u = await novo();
      expect((await me(u.id, u.token)).statusCode).toBe(200);
      const res = await call('PUT', `/api/usuario/updateativo/${u.id}/false`, tk.admin);
      expect(body(res).message).toBe(MSG_BO.usuarioAtivoAlterado);
      expect(contentOf(usuarioAdminApi.alterarAtivo, res)).toMatchObject({ id: u.id, ativo: false });
      expect((await me(u.id, u.token)).statusCode).toBe(401);
      const login = await call('POST', '/api/usuario/cliente/auth', undefined, {
        email: u.email,
        password: u.password,
      });
      expect(login.statusCode).toBe(422);
      expect(body(login).message).toBe(MSG_API.usuarioInativo);

      const volta = await call('PUT', `/api/usuario/updateativo/${u.id}/true`, tk.admin);
      expect(contentOf(usuarioAdminApi.alterarAtivo, volta).ativo).toBe(true);
      expect((await me(u.id, u.token)).statusCode).toBe(401);
      const novoToken = await t.login(u.email, u.password);
      expect((await me(u.id, novoToken)).statusCode).toBe(200);

      const log = await auditoriaDe(t, u.id);
      expect(log.map((l) => l.acao)).toEqual(['CRIAR', 'ALTERAR_ATIVO', 'ALTERAR_ATIVO']);
      expect(log[1]).toMatchObject({ usuario_id: adminId, antes: { ativo: true }, depois: { ativo: false } });
      expect(log[2]).toMatchObject({ antes: { ativo: false }, depois: { ativo: true } });
    });

    it('o mesmo valor não muda nada nem gera auditoria; id inexistente 404; valor inválido 400', async () => {
      const u = await novo();
      const res = await call('PUT', `/api/usuario/updateativo/${u.id}/true`, tk.admin);
      expect(contentOf(usuarioAdminApi.alterarAtivo, res).ativo).toBe(true);
      expect((await me(u.id, u.token)).statusCode).toBe(200);
      expect((await auditoriaDe(t, u.id)).map((l) => l.acao)).toEqual(['CRIAR']);
      const nada = await call('PUT', `/api/usuario/updateativo/${NADA}/false`, tk.admin);
      expect(nada.statusCode).toBe(404);
      expect(body(nada).message).toBe(MSG_API.usuarioNaoEncontrado);
      const invalido = await call('PUT', `/api/usuario/updateativo/${u.id}/talvez`, tk.admin);
      expect(invalido.statusCode).toBe(400);
      expect(JSON.stringify(body(invalido).content)).toContain(MSG_BO.ativoParametroInvalido);
    });

    it('o ADMIN não se desativa: sendo o único, “último gerente”; com outros, “a própria conta” (409)', async () => {
      const antes = await totalAuditoria(t);
      // Other ADMINs exist by now in this file; alone is the case of a fresh store (checked in the next block).
      const proprio = await call('PUT', `/api/usuario/updateativo/${adminId}/false`, tk.admin);
      expect(proprio.statusCode).toBe(409);
      expect(body(proprio).message).toBe(MSG_BO.usuarioProprioAcesso);
      expect(await totalAuditoria(t)).toBe(antes);
      expect((await listar('')).statusCode).toBe(200);
    });

    it('um cliente pode ser desativado (e o token dele cai)', async () => {
      const cli = await novoCliente('cliente.bloqueado');
      const endereco = cli.email;
      const token = await t.login(endereco, 'cliente1');
      expect((await me(cli.id, token)).statusCode).toBe(200);
      const res = await call('PUT', `/api/usuario/updateativo/${cli.id}/false`, tk.admin);
      expect(contentOf(usuarioAdminApi.alterarAtivo, res)).toMatchObject({
        ativo: false,
        permissao: { id: 2, nome: 'CLIENTE' },
      });
      expect((await me(cli.id, token)).statusCode).toBe(401);
      expect((await auditoriaDe(t, cli.id)).map((l) => l.acao)).toEqual(['ALTERAR_ATIVO']);
    });
  });

  describe('PUT /usuario/updatepermissao/{id}', () => {
    it('USUARIO → ADMIN e de volta: o mesmo token ganha e perde as rotas do ADMIN na chamada seguinte', async () => {
      const u = await novo();
      expect((await listar('', u.token)).statusCode).toBe(403);
      const promo = await call('PUT', `/api/usuario/updatepermissao/${u.id}`, tk.admin, { id: 1 });
      expect(body(promo).message).toBe(MSG_BO.usuarioPermissaoAlterada);
      expect(contentOf(usuarioAdminApi.alterarPermissao, promo).permissao).toEqual({ id: 1, nome: 'ADMIN' });
      expect((await listar('', u.token)).statusCode).toBe(200);

      const rebaixa = await call('PUT', `/api/usuario/updatepermissao/${u.id}`, tk.admin, { id: 3 });
      expect(contentOf(usuarioAdminApi.alterarPermissao, rebaixa).permissao).toEqual({ id: 3, nome: 'USUARIO' });
      const depois = await listar('', u.token);
      expect(depois.statusCode).toBe(403);
      expect(body(depois).message).toBe(MSG.semPermissao);
      // Still staff: the USUARIO's routes keep working with the same token.
      expect((await call('GET', '/api/autor/', u.token)).statusCode).toBe(200);

      const log = await auditoriaDe(t, u.id);
      expect(log.map((l) => l.acao)).toEqual(['CRIAR', 'ALTERAR_PERMISSAO', 'ALTERAR_PERMISSAO']);
      expect(log[1]).toMatchObject({
        usuario_id: adminId,
        antes: { permissao: { id: 3, nome: 'USUARIO' } },
        depois: { permissao: { id: 1, nome: 'ADMIN' } },
      });
      expect(log[2]).toMatchObject({
        antes: { permissao: { nome: 'ADMIN' } },
        depois: { permissao: { nome: 'USUARIO' } },
      });
    });

    it('cliente não muda de permissão e a equipe não vira cliente (422); sem auditoria', async () => {
      const u = await novo();
      const cli = await novoCliente('cli.perm');
      const antes = await totalAuditoria(t);
      const virarCliente = await call('PUT', `/api/usuario/updatepermissao/${u.id}`, tk.admin, { id: 2 });
      expect(virarCliente.statusCode).toBe(422);
      expect(body(virarCliente).message).toBe(MSG_BO.usuarioEquipeNaoViraCliente);
      for (const id of [1, 3]) {
        const res = await call('PUT', `/api/usuario/updatepermissao/${cli.id}`, tk.admin, { id });
        expect(res.statusCode).toBe(422);
        expect(body(res).message).toBe(MSG_BO.usuarioClientePermissaoFixa);
      }
      // Demoting the seeded ADMIN to CLIENTE is the customer rule, not the ADMIN one.
      const admCliente = await call('PUT', `/api/usuario/updatepermissao/${adminId}`, tk.admin, { id: 2 });
      expect(admCliente.statusCode).toBe(422);
      expect(await totalAuditoria(t)).toBe(antes);
      expect(contentOf(usuarioApi.get, await me(cli.id, tk.admin)).permissao.nome).toBe('CLIENTE');
    });

    it('a mesma permissão não gera auditoria; corpo inválido 400; id inexistente 404; o próprio ADMIN 409', async () => {
      const u = await novo();
      const mesma = await call('PUT', `/api/usuario/updatepermissao/${u.id}`, tk.admin, { id: 3 });
      expect(contentOf(usuarioAdminApi.alterarPermissao, mesma).permissao.nome).toBe('USUARIO');
      expect((await auditoriaDe(t, u.id)).map((l) => l.acao)).toEqual(['CRIAR']);
      const vazio = await call('PUT', `/api/usuario/updatepermissao/${u.id}`, tk.admin, {});
      expect(vazio.statusCode).toBe(400);
      expect(body(vazio).content).toEqual({ errors: [{ campo: 'id', mensagem: MSG_BO.permissaoVazia }] });
      const invalido = await call('PUT', `/api/usuario/updatepermissao/${u.id}`, tk.admin, { id: 4 });
      expect(invalido.statusCode).toBe(400);
      expect(body(invalido).content).toEqual({ errors: [{ campo: 'id', mensagem: MSG_BO.permissaoInvalida }] });
      const nada = await call('PUT', `/api/usuario/updatepermissao/${NADA}`, tk.admin, { id: 3 });
      expect(nada.statusCode).toBe(404);
      const proprio = await call('PUT', `/api/usuario/updatepermissao/${adminId}`, tk.admin, { id: 3 });
      expect(proprio.statusCode).toBe(409);
      expect(body(proprio).message).toBe(MSG_BO.usuarioProprioAcesso);
      expect((await listar('')).statusCode).toBe(200);
    });
  });

  describe('PUT /usuario/admin/{id} (extensão)', () => {
    it('nome e e-mail: o e-mail volta a “não confirmado”; o token continua valendo; auditoria EDITAR', async () => {
      const u = await novo();
      const novoEmail = email('Renomeada');
      const res = await call('PUT', `/api/usuario/admin/${u.id}`, tk.admin, {
        nome: ' Pessoa Renomeada ',
        email: novoEmail.toUpperCase(),
      });
      expect(body(res).message).toBe(MSG_BO.usuarioEditado);
      const editado = contentOf(usuarioAdminApi.editar, res);
      expect(editado).toMatchObject({ nome: 'Pessoa Renomeada', email: novoEmail.toLowerCase(), confirmado: false });
      expect((await me(u.id, u.token)).statusCode).toBe(200);
      await t.login(novoEmail, u.password);
      const log = await auditoriaDe(t, u.id);
      expect(log.at(-1)).toMatchObject({
        acao: 'EDITAR',
        usuario_id: adminId,
        antes: { nome: u.nome, email: u.email },
        depois: editado,
      });
    });

    it('senha nova: os tokens antigos caem, a senha antiga não entra; nenhuma senha na auditoria', async () => {
      const u = await novo();
      const res = await call('PUT', `/api/usuario/admin/${u.id}`, tk.admin, {
        nome: u.nome,
        email: u.email,
        password: 'trocada1',
      });
      expect(contentOf(usuarioAdminApi.editar, res).email).toBe(u.email);
      expect((await me(u.id, u.token)).statusCode).toBe(401);
      const velha = await call('POST', '/api/usuario/cliente/auth', undefined, {
        email: u.email,
        password: u.password,
      });
      expect(velha.statusCode).toBe(401);
      await t.login(u.email, 'trocada1');
      const log = await auditoriaDe(t, u.id);
      expect(log.at(-1)).toMatchObject({ acao: 'EDITAR', depois: { acessoRedefinido: true } });
      expect(JSON.stringify(log)).not.toMatch(/trocada1|senha123|argon2/);
      expect(JSON.stringify(log)).not.toMatch(SEGREDO);
    });

    it('senha em branco mantém a atual; sem mudança nada é auditado', async () => {
      const u = await novo();
      const res = await call('PUT', `/api/usuario/admin/${u.id}`, tk.admin, {
        nome: u.nome,
        email: u.email,
        password: '',
      });
      expect(contentOf(usuarioAdminApi.editar, res).nome).toBe(u.nome);
      expect((await me(u.id, u.token)).statusCode).toBe(200);
      expect((await auditoriaDe(t, u.id)).map((l) => l.acao)).toEqual(['CRIAR']);
    });

    it('recusas: e-mail de outro 409, cliente 422, o próprio e-mail ou senha 422, inexistente 404, campos 400', async () => {
      const u = await novo();
      const antes = await totalAuditoria(t);
      const tomado = await call('PUT', `/api/usuario/admin/${u.id}`, tk.admin, {
        nome: u.nome,
        email: DEMO_ACCOUNTS.cliente.email.toUpperCase(),
      });
      expect(tomado.statusCode).toBe(409);
      expect(body(tomado).message).toBe(MSG_API.emailEmUso);

      const cli = await novoCliente('cli.edit');
      const cliente = await call('PUT', `/api/usuario/admin/${cli.id}`, tk.admin, {
        nome: 'Novo Nome',
        email: email('c'),
      });
      expect(cliente.statusCode).toBe(422);
      expect(body(cliente).message).toBe(MSG_BO.usuarioClienteSemEdicao);

      const proprioEmail = await call('PUT', `/api/usuario/admin/${adminId}`, tk.admin, {
        nome: DEMO_ACCOUNTS.admin.nome,
        email: email('gerente'),
      });
      expect(proprioEmail.statusCode).toBe(422);
      expect(body(proprioEmail).message).toBe(MSG_BO.usuarioProprioCredencial);
      const propriaSenha = await call('PUT', `/api/usuario/admin/${adminId}`, tk.admin, {
        nome: DEMO_ACCOUNTS.admin.nome,
        email: DEMO_ACCOUNTS.admin.email,
        password: 'outra123',
      });
      expect(propriaSenha.statusCode).toBe(422);

      const nada = await call('PUT', `/api/usuario/admin/${NADA}`, tk.admin, {
        nome: 'Ninguém Aqui',
        email: email('n'),
      });
      expect(nada.statusCode).toBe(404);
      const campos = await call('PUT', `/api/usuario/admin/${u.id}`, tk.admin, {
        nome: 'ab',
        email: 'x',
        password: 'abc',
      });
      expect(campos.statusCode).toBe(400);
      expect(body(campos).content).toEqual({
        errors: [
          { campo: 'nome', mensagem: MSG.min3 },
          { campo: 'email', mensagem: MSG.email },
          { campo: 'password', mensagem: MSG.senhaMin4 },
        ],
      });
      expect(await totalAuditoria(t)).toBe(antes);
      expect(contentOf(usuarioApi.get, await me(u.id, tk.admin))).toMatchObject({ nome: u.nome, email: u.email });
      // The own name may change.
      const nome = await call('PUT', `/api/usuario/admin/${adminId}`, tk.admin, {
        nome: 'Gerente Renomeado',
        email: DEMO_ACCOUNTS.admin.email,
      });
      expect(contentOf(usuarioAdminApi.editar, nome).nome).toBe('Gerente Renomeado');
      await call('PUT', `/api/usuario/admin/${adminId}`, tk.admin, {
        nome: DEMO_ACCOUNTS.admin.nome,
        email: DEMO_ACCOUNTS.admin.email,
      });
      expect((await auditoriaDe(t, adminId)).map((l) => l.acao)).toEqual(['EDITAR', 'EDITAR']);
    });
  });

  describe('troca do próprio e-mail e senha pelos diálogos (PUT /usuario/editar/email|senha)', () => {
    /** Asks for the code of `finalidade`, reads it from the mailbox and has it accepted. */
    async function validarCodigo(
      u: { id: number; email: string; token: string; password: string },
      para: string,
      emailNovo?: string,
    ) {
      const url =
        emailNovo === undefined
          ? `/api/email/reenviarcodigo/edicaoSenha/${u.id}`
          : `/api/email/reenviarcodigo/edicaoEmail/${u.id}`;
      const sent = await call(
        'POST',
        url,
        u.token,
        emailNovo === undefined ? undefined : { email: emailNovo, senhaAtual: u.password },
      );
      expect(sent.statusCode).toBe(200);
      const codigo = (await lastMailedCode(t.app, para))!;
      expect((await call('PUT', `/api/email/recevecodigo/edicao/${u.id}`, u.token, { codigo })).statusCode).toBe(200);
    }

    it('da equipe: ALTERAR_EMAIL e ALTERAR_SENHA na auditoria, sem senha', async () => {
      const u = await novo('ADMIN');
      const novoEmail = email('gerente.novo');
      await validarCodigo(u, novoEmail, novoEmail);
      const trocaEmail = await call('PUT', `/api/usuario/editar/email/${u.id}`, u.token, {
        novoEmail,
        senhaAtual: u.password,
      });
      expect(trocaEmail.statusCode).toBe(200);
      await validarCodigo({ ...u, email: novoEmail }, novoEmail);
      const trocaSenha = await call('PUT', `/api/usuario/editar/senha/${u.id}`, u.token, {
        senhaAtual: u.password,
        senhaNova: 'nova-senha-1',
      });
      expect(trocaSenha.statusCode).toBe(200);
      const log = await auditoriaDe(t, u.id);
      expect(log.map((l) => l.acao)).toEqual(['CRIAR', 'ALTERAR_EMAIL', 'ALTERAR_SENHA']);
      expect(log[1]).toMatchObject({
        usuario_id: u.id,
        permissao: 'ADMIN',
        antes: { email: u.email },
        depois: { email: novoEmail, confirmado: true },
      });
      expect(log[2]).toMatchObject({ usuario_id: u.id, antes: { email: novoEmail }, depois: { email: novoEmail } });
      expect(JSON.stringify(log)).not.toMatch(/nova-senha-1|senha123|argon2/);
    });

    it('de um cliente: nada é auditado (autoatendimento)', async () => {
      const cli = await novoCliente('cli.proprio');
      const endereco = cli.email;
      const token = await t.login(endereco, 'cliente1');
      const u = { id: cli.id, email: endereco, token, password: 'cliente1' };
      await validarCodigo(u, endereco);
      const troca = await call('PUT', `/api/usuario/editar/senha/${cli.id}`, token, {
        senhaAtual: 'cliente1',
        senhaNova: 'cliente2',
      });
      expect(troca.statusCode).toBe(200);
      expect(await auditoriaDe(t, cli.id)).toEqual([]);
    });
  });
});

/**
 * The last active ADMIN, on a store of its own (no seed): alone, the ADMIN can
 * neither deactivate nor demote the own account; two ADMINs who demote or
 * deactivate each other at the same moment always leave one active ADMIN.
 */
describe.each(testDatabaseTargets())('o último gerente ativo (%s)', (kind) => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.dispose());

  const call = (method: Metodo, url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

  async function gerente() {
    const email = `gerente.${++seq}.${process.pid}@clinica.com.br`;
    const { id } = await createUser(t.database, {
      email,
      password: 'gerente1',
      permissao: 'ADMIN',
      nome: `Gerente ${seq}`,
    });
    return { id, token: await t.login(email, 'gerente1') };
  }

  const gerentesAtivos = async () =>
    Number(
      (await t.database.raw<{ n: number }>('SELECT count(*) AS n FROM usuarios WHERE permissao_id = 1 AND ativo'))[0]!
        .n,
    );

  /** Leaves only `keep` active among the ADMINs. */
  const somente = async (ids: number[]) => {
    await t.database.raw('UPDATE usuarios SET ativo = false WHERE permissao_id = 1');
    for (const id of ids) await t.database.raw('UPDATE usuarios SET ativo = true WHERE id = $1', [id]);
  };

  it('o único gerente não se desativa nem se rebaixa: 409 “último gerente”, nada muda', async () => {
    const a = await gerente();
    await somente([a.id]);
    for (const [url, payload] of [
      [`/api/usuario/updateativo/${a.id}/false`, undefined],
      [`/api/usuario/updatepermissao/${a.id}`, { id: 3 }],
    ] as const) {
      const res = await call('PUT', url, a.token, payload);
      expect(res.statusCode, url).toBe(409);
      expect(body(res).message).toBe(MSG_BO.usuarioUltimoGerente);
    }
    expect(await gerentesAtivos()).toBe(1);
    expect((await call('GET', '/api/usuario/buscar', a.token)).statusCode).toBe(200);
    const log = await t.database.raw('SELECT 1 FROM auditoria');
    expect(log).toHaveLength(0);
  });

  it('dois gerentes se rebaixando ou desativando ao mesmo tempo: sempre sobra um gerente ativo', async () => {
    const acoes: Array<[string, (alvo: number) => [string, object | undefined]]> = [
      ['rebaixar', (alvo) => [`/api/usuario/updatepermissao/${alvo}`, { id: 3 }]],
      ['desativar', (alvo) => [`/api/usuario/updateativo/${alvo}/false`, undefined]],
    ];
    for (let rodada = 0; rodada < 3; rodada++) {
      for (const [nomeA, acaoA] of acoes) {
        for (const [nomeB, acaoB] of acoes) {
          const a = await gerente();
          const b = await gerente();
          await somente([a.id, b.id]);
          const [urlA, corpoA] = acaoA(b.id);
          const [urlB, corpoB] = acaoB(a.id);
          const [ra, rb] = await Promise.all([call('PUT', urlA, a.token, corpoA), call('PUT', urlB, b.token, corpoB)]);
          const caso = `${nomeA} × ${nomeB}: ${ra.statusCode} ${ra.body} / ${rb.statusCode} ${rb.body}`;
          const codigos = [ra.statusCode, rb.statusCode];
          expect(
            codigos.filter((c) => c === 200),
            caso,
          ).toHaveLength(1);
          // The other: the last-ADMIN refusal, or the guard already saw the caller demoted (403) or deactivated (401).
          expect([409, 403, 401], caso).toContain(codigos.find((c) => c !== 200));
          const recusa = ra.statusCode === 200 ? rb : ra;
          if (recusa.statusCode === 409) expect(body(recusa).message).toBe(MSG_BO.usuarioUltimoGerente);
          expect(await gerentesAtivos(), caso).toBe(1);
          // Exactly one write was audited, by the winner.
          const vencedor = ra.statusCode === 200 ? a : b;
          const log = await t.database.raw<{ usuario_id: number }>(
            "SELECT usuario_id FROM auditoria WHERE entidade = 'usuario' AND entidade_id IN ($1, $2)",
            [a.id, b.id],
          );
          expect(
            log.map((l) => Number(l.usuario_id)),
            caso,
          ).toEqual([vencedor.id]);
        }
      }
    }
  });
});
