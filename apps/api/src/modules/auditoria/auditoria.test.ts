import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { auditoriaApi, type EntidadeAuditoria } from '@clinica/shared/schemas/auditoria';
import { autorApi } from '@clinica/shared/schemas/autor';
import { categoriaApi } from '@clinica/shared/schemas/categoria';
import { conteudoAdminApi } from '@clinica/shared/schemas/conteudo';
import { descontoApi } from '@clinica/shared/schemas/desconto';
import type { EmpresaInput } from '@clinica/shared/schemas/empresa-admin';
import { imagemApi } from '@clinica/shared/schemas/imagem';
import { produtoAdminApi, type ProdutoAdminInput } from '@clinica/shared/schemas/produto-admin';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.js';
import { DEMO_PDF_FILE } from '../../db/seed/media.js';
import { ENDERECO_EMPRESA_RIO } from '../../test/empresa-fixtures.js';
import { imagemReal, multipart } from '../../test/image-fixtures.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';

type Papel = 'anonimo' | 'cliente' | 'equipe' | 'admin';
type Metodo = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An audit row as stored. */
interface Linha {
  id: number;
  usuarioId: number;
  permissao: string;
  entidade: EntidadeAuditoria;
  entidadeId: number;
  acao: string;
  antes: Record<string, unknown> | null;
  depois: Record<string, unknown> | null;
}

const NADA = 2_147_483_000;

describe.each(testDatabaseTargets())('auditoria das escritas da equipe (%s)', (kind) => {
  let t: TestApp;
  const tk = {} as Record<Exclude<Papel, 'anonimo'>, string>;
  const ids = {} as Record<'admin' | 'equipe', number>;
  let categoriaFisica = 0;
  let categoriaDigital = 0;
  let autorDemo = 0;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    tk.admin = await t.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    tk.equipe = await t.login(DEMO_ACCOUNTS.equipe.email, DEMO_ACCOUNTS.equipe.password);
    tk.cliente = await t.login(DEMO_ACCOUNTS.cliente.email, DEMO_ACCOUNTS.cliente.password);
    const usuario = async (email: string) =>
      Number((await t.database.raw<{ id: number }>('SELECT id FROM usuarios WHERE email = $1', [email]))[0]!.id);
    ids.admin = await usuario(DEMO_ACCOUNTS.admin.email);
    ids.equipe = await usuario(DEMO_ACCOUNTS.equipe.email);
    const cats = await t.database.raw<{ id: number; digital: boolean }>(
      'SELECT id, digital FROM categorias ORDER BY id',
    );
    categoriaFisica = Number(cats.find((c) => !c.digital)!.id);
    categoriaDigital = Number(cats.find((c) => c.digital)!.id);
    autorDemo = Number((await t.database.raw<{ id: number }>('SELECT id FROM autores ORDER BY id LIMIT 1'))[0]!.id);
  });
  afterAll(() => t?.dispose());

  const headers = (papel: Papel) => (papel === 'anonimo' ? {} : bearer(tk[papel]));
  const call = (method: Metodo, url: string, papel: Papel = 'equipe', payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: headers(papel),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  /** The last audit id so far (0 when none). */
  const marco = async () =>
    Number((await t.database.raw<{ id: number | null }>('SELECT max(id) AS id FROM auditoria'))[0]?.id ?? 0);
  /** Every audit row written after `desde`, in order. */
  const novas = async (desde: number): Promise<Linha[]> =>
    (
      await t.database.raw<Record<string, unknown>>(
        `SELECT id, usuario_id, permissao, entidade, entidade_id, acao, antes, depois
           FROM auditoria WHERE id > $1 ORDER BY id`,
        [desde],
      )
    ).map((r) => ({
      id: Number(r.id),
      usuarioId: Number(r.usuario_id),
      permissao: String(r.permissao),
      entidade: r.entidade as EntidadeAuditoria,
      entidadeId: Number(r.entidade_id),
      acao: String(r.acao),
      antes: parseJson(r.antes),
      depois: parseJson(r.depois),
    }));
  const parseJson = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown> | null;

  /** Runs a write and returns the one audit row it added (fails on none or several). */
  async function umaLinha(escrita: () => Promise<{ statusCode: number }>, status = 200): Promise<Linha> {
    const desde = await marco();
    const res = await escrita();
    expect(res.statusCode).toBe(status);
    const linhas = await novas(desde);
    expect(linhas).toHaveLength(1);
    return linhas[0]!;
  }
  /** Runs a refused write: its status, and no audit row. */
  async function nenhumaLinha(escrita: () => Promise<{ statusCode: number }>, status: number) {
    const desde = await marco();
    const res = await escrita();
    expect(res.statusCode).toBe(status);
    expect(await novas(desde)).toEqual([]);
  }

  const listar = (entidade: string, id: number, papel: Papel = 'equipe', query = '') =>
    call('GET', `/api/auditoria/${entidade}/${id}${query}`, papel);

  describe('GET /api/auditoria/{entidade}/{entidadeId}', () => {
    const ID_PEDIDO = NADA - 1;
    const ID_USUARIO = NADA - 2;
    const TOTAL = 23;

    beforeAll(async () => {
      // 23 entries of one order, one minute apart, alternating the writers; one by an account that no longer exists.
      for (let i = 0; i < TOTAL; i++) {
        const [usuarioId, permissao] =
          i === 0 ? [NADA, 'USUARIO'] : i % 2 ? [ids.admin, 'ADMIN'] : [ids.equipe, 'USUARIO'];
        await t.database.raw(
          `INSERT INTO auditoria (usuario_id, permissao, entidade, entidade_id, acao, antes, depois, quando)
           VALUES ($1, $2, 'pedido', $3, 'ENVIAR', $4::jsonb, $5::jsonb,
                   timestamptz '2026-03-01 12:00:00+00' + ($6::int * interval '1 minute'))`,
          [usuarioId, permissao, ID_PEDIDO, JSON.stringify({ passo: i }), JSON.stringify({ passo: i + 1 }), i],
        );
      }
      await t.database.raw(
        `INSERT INTO auditoria (usuario_id, permissao, entidade, entidade_id, acao, antes, depois)
         VALUES ($1, 'ADMIN', 'usuario', $2, 'ALTERAR_ATIVO', '{"ativo": true}', '{"ativo": false}')`,
        [ids.admin, ID_USUARIO],
      );
    });

    it('equipe e Gerente leem; anônimo 401, CLIENTE 403', async () => {
      expect((await listar('pedido', ID_PEDIDO, 'anonimo')).statusCode).toBe(401);
      expect((await listar('pedido', ID_PEDIDO, 'cliente')).statusCode).toBe(403);
      expect((await listar('pedido', ID_PEDIDO, 'equipe')).statusCode).toBe(200);
      expect((await listar('pedido', ID_PEDIDO, 'admin')).statusCode).toBe(200);
    });

    it('os registros de usuários são só do Gerente: USUARIO 403, ADMIN lê', async () => {
      const equipe = await listar('usuario', ID_USUARIO, 'equipe');
      expect(equipe.statusCode).toBe(403);
      expect(body(equipe).message).toBe(MSG.semPermissao);
      const admin = contentOf(auditoriaApi.listar, await listar('usuario', ID_USUARIO, 'admin'));
      expect(admin.totalRegistros).toBe(1);
      expect(admin.registros[0]).toMatchObject({
        entidade: 'usuario',
        entidadeId: ID_USUARIO,
        acao: 'ALTERAR_ATIVO',
        usuario: { id: ids.admin, nome: DEMO_ACCOUNTS.admin.nome, permissao: 'ADMIN' },
        antes: { ativo: true },
        depois: { ativo: false },
      });
    });

    it('entidade desconhecida, id ou paginação inválidos: 400 em português', async () => {
      const desconhecida = await listar('fornecedor', 1);
      expect(desconhecida.statusCode).toBe(400);
      expect(body<{ errors: unknown[] }>(desconhecida).content.errors).toContainEqual({
        campo: 'entidade',
        mensagem: MSG_BO.auditoriaEntidadeInvalida,
      });
      expect((await listar('pedido', 0)).statusCode).toBe(400);
      expect((await call('GET', '/api/auditoria/pedido/abc')).statusCode).toBe(400);
      expect((await listar('pedido', ID_PEDIDO, 'equipe', '?size=0')).statusCode).toBe(400);
      expect((await listar('pedido', ID_PEDIDO, 'equipe', '?page=-1')).statusCode).toBe(400);
      expect((await listar('pedido', ID_PEDIDO, 'equipe', '?size=101')).statusCode).toBe(400);
    });

    it('do mais recente ao mais antigo, páginas a partir de 0 com totais coerentes, nomes e papéis', async () => {
      const paginas = [];
      for (let page = 0; page < 3; page++) {
        paginas.push(
          contentOf(auditoriaApi.listar, await listar('pedido', ID_PEDIDO, 'equipe', `?page=${page}&size=10`)),
        );
      }
      expect(paginas.map((p) => p.registros.length)).toEqual([10, 10, 3]);
      for (const [i, p] of paginas.entries()) {
        expect(p).toMatchObject({ page: i, totalRegistros: TOTAL, totalPaginas: 3 });
      }
      const todos = paginas.flatMap((p) => p.registros);
      expect(new Set(todos.map((r) => r.id)).size).toBe(TOTAL);
      expect(todos.map((r) => r.antes?.passo)).toEqual(Array.from({ length: TOTAL }, (_, i) => TOTAL - 1 - i));
      const instantes = todos.map((r) => Date.parse(r.quando));
      expect(instantes).toEqual([...instantes].sort((a, b) => b - a));
      expect(todos[0]!.quando).toBe('2026-03-01T12:22:00.000Z');
      // Names and roles of the writers; an account that no longer exists shows as null.
      expect(todos[0]!.usuario).toEqual({ id: ids.equipe, nome: DEMO_ACCOUNTS.equipe.nome, permissao: 'USUARIO' });
      expect(todos[1]!.usuario).toEqual({ id: ids.admin, nome: DEMO_ACCOUNTS.admin.nome, permissao: 'ADMIN' });
      expect(todos.at(-1)!.usuario).toBeNull();
      // Past the end: an empty page with the same totals; default size 10.
      const alem = contentOf(auditoriaApi.listar, await listar('pedido', ID_PEDIDO, 'equipe', '?page=5&size=10'));
      expect(alem).toMatchObject({ registros: [], totalRegistros: TOTAL, totalPaginas: 3, page: 5 });
      const padrao = contentOf(auditoriaApi.listar, await listar('pedido', ID_PEDIDO));
      expect(padrao.registros).toHaveLength(10);
      // Another id of the same entity has nothing.
      const vazio = contentOf(auditoriaApi.listar, await listar('pedido', NADA));
      expect(vazio).toEqual({ registros: [], totalRegistros: 0, totalPaginas: 0, page: 0 });
    });
  });

  describe('cada escrita da equipe grava exatamente um registro, na mesma transação', () => {
    let seq = 0;
    const fisico = (extra: Partial<ProdutoAdminInput> = {}): ProdutoAdminInput => ({
      nome: `Espelho clínico auditado ${++seq}`,
      descricao: 'Espelho bucal de aço inox.',
      preco: 19.9,
      produtoExibidoSite: false,
      categoria: { id: categoriaFisica },
      tempoEstimado: '01:00:00',
      digital: false,
      altura: 2,
      peso: 0.05,
      largura: 2,
      comprimento: 15,
      brinde: false,
      ativo: true,
      disponivel: true,
      fichaTecnica: [{ descricao: 'Material', valor: 'Aço inox' }],
      ...extra,
    });
    const digital = (extra: Partial<ProdutoAdminInput> = {}): ProdutoAdminInput => ({
      nome: `Curso auditado ${++seq}`,
      descricao: 'Curso para testar a auditoria.',
      preco: 99,
      categoria: { id: categoriaDigital },
      digital: true,
      autores: [autorDemo],
      tags: [{ nome: 'Auditoria' }],
      duracao: '2 horas',
      ...extra,
    });
    const criarProduto = async (p: ProdutoAdminInput) =>
      contentOf(produtoAdminApi.criar, await call('POST', '/api/produto/create/', 'admin', p)).id;

    it('produto: criar (CRIAR com o produto salvo) e editar (EDITAR antes → depois); recusas não gravam', async () => {
      let id = 0;
      const criado = await umaLinha(async () => {
        const res = await call('POST', '/api/produto/create/', 'equipe', fisico({ preco: 19.9 }));
        id = contentOf(produtoAdminApi.criar, res).id;
        return res;
      }, 201);
      expect(criado).toMatchObject({
        usuarioId: ids.equipe,
        permissao: 'USUARIO',
        entidade: 'produto',
        entidadeId: id,
        acao: 'CRIAR',
        antes: null,
      });
      expect(criado.depois).toMatchObject({
        id,
        preco: 1990,
        digital: false,
        ativo: true,
        categoriaId: categoriaFisica,
        fichaTecnica: [{ descricao: 'Material', valor: 'Aço inox' }],
        tags: [],
        autores: [],
      });
      // Only the record's own fields: no search columns or change times.
      expect(criado.depois).not.toHaveProperty('busca');
      expect(criado.depois).not.toHaveProperty('nomeBusca');
      expect(criado.depois).not.toHaveProperty('updatedAt');

      const editado = await umaLinha(() =>
        call(
          'PUT',
          `/api/produto/editar/${id}`,
          'equipe',
          fisico({ nome: criado.depois!.nome as string, preco: 24.9 }),
        ),
      );
      expect(editado).toMatchObject({ usuarioId: ids.equipe, entidade: 'produto', entidadeId: id, acao: 'EDITAR' });
      expect(editado.antes).toMatchObject({ id, preco: 1990 });
      expect(editado.depois).toMatchObject({ id, preco: 2490 });

      // The same entry through the read endpoint, newest first, with the writer's name.
      const lido = contentOf(auditoriaApi.listar, await listar('produto', id));
      expect(lido.registros.map((r) => r.acao)).toEqual(['EDITAR', 'CRIAR']);
      expect(lido.registros[0]!.usuario).toEqual({
        id: ids.equipe,
        nome: DEMO_ACCOUNTS.equipe.nome,
        permissao: 'USUARIO',
      });
      expect(lido.registros[0]!.antes).toMatchObject({ preco: 1990 });

      // Refused: a digital category for a physical product (422), an unknown product (404), a bad body (400).
      await nenhumaLinha(
        () => call('PUT', `/api/produto/editar/${id}`, 'equipe', fisico({ categoria: { id: categoriaDigital } })),
        422,
      );
      await nenhumaLinha(() => call('PUT', `/api/produto/editar/${NADA}`, 'equipe', fisico()), 404);
      await nenhumaLinha(() => call('POST', '/api/produto/create/', 'equipe', fisico({ nome: '' })), 400);
    });

    it('produto digital: autores e tags entram no instantâneo; o segundo brinde ativo (409) não grava', async () => {
      const linha = await umaLinha(() => call('POST', '/api/produto/create/', 'admin', digital()), 201);
      expect(linha).toMatchObject({ usuarioId: ids.admin, permissao: 'ADMIN', acao: 'CRIAR' });
      expect(linha.depois).toMatchObject({
        digital: true,
        autores: [autorDemo],
        tags: ['Auditoria'],
        fichaTecnica: [],
      });
      await nenhumaLinha(() => call('POST', '/api/produto/create/', 'admin', fisico({ brinde: true, preco: 0 })), 409);
    });

    it('imagens do produto: enviar (galeria e home) e excluir, na entidade produto', async () => {
      const id = await criarProduto(fisico());
      const enviar = async (home: boolean, semente: number) => {
        const form = multipart({
          imagem: { nome: `foto-${semente}.png`, dados: await imagemReal('png', { semente }), tipo: 'image/png' },
        });
        return t.app.inject({
          method: 'PUT',
          url: `/api/produto/create/${id}/${home}`,
          payload: form.payload,
          headers: { ...form.headers, ...headers('equipe') },
        });
      };
      let imagemId = 0;
      const galeria = await umaLinha(async () => {
        const res = await enviar(false, 31);
        imagemId = contentOf(imagemApi.enviarProduto, res).id;
        return res;
      }, 201);
      expect(galeria).toMatchObject({
        usuarioId: ids.equipe,
        entidade: 'produto',
        entidadeId: id,
        acao: 'ENVIAR_IMAGEM',
        antes: null,
        depois: { imagemId, nome: 'foto-31.png', imagemSite: false },
      });
      expect(galeria.depois!.path).toMatch(/^\/api\/arquivos\/.+\.webp$/);

      const home1 = await umaLinha(() => enviar(true, 32), 201);
      expect(home1).toMatchObject({ acao: 'ENVIAR_IMAGEM', antes: null, depois: { imagemSite: true } });
      // A second home image replaces the first: before is the one replaced.
      const home2 = await umaLinha(() => enviar(true, 33), 201);
      expect(home2.antes).toEqual(home1.depois);
      expect(home2.depois).toMatchObject({ nome: 'foto-33.png', imagemSite: true });

      const excluida = await umaLinha(() => call('DELETE', `/api/produto/imagens/imagem/delete/${imagemId}`));
      expect(excluida).toMatchObject({
        entidade: 'produto',
        entidadeId: id,
        acao: 'EXCLUIR_IMAGEM',
        antes: galeria.depois,
        depois: null,
      });
      await nenhumaLinha(() => call('DELETE', `/api/produto/imagens/imagem/delete/${imagemId}`), 404);
      // A refused upload (not an image) writes nothing.
      await nenhumaLinha(async () => {
        const form = multipart({ imagem: { nome: 'x.png', dados: Buffer.from('não é imagem'), tipo: 'image/png' } });
        return t.app.inject({
          method: 'PUT',
          url: `/api/produto/create/${id}/false`,
          payload: form.payload,
          headers: { ...form.headers, ...headers('equipe') },
        });
      }, 415);
    });

    it('conteúdos do curso: enviar e excluir (ENVIAR_CONTEUDO / EXCLUIR_CONTEUDO no produto)', async () => {
      const id = await criarProduto(digital());
      const pdf = fs.readFileSync(DEMO_PDF_FILE);
      const enviar = (ordem: number) => {
        const form = multipart({
          titulo: 'Apostila auditada',
          duracao: '00:10:00',
          conteudo: { nome: 'apostila.pdf', dados: pdf, tipo: 'application/pdf' },
        });
        return t.app.inject({
          method: 'POST',
          url: `/api/conteudoproduto/create/${id}/${ordem}`,
          payload: form.payload,
          headers: { ...form.headers, ...headers('admin') },
        });
      };
      let conteudoId = 0;
      const enviado = await umaLinha(async () => {
        const res = await enviar(1);
        conteudoId = contentOf(conteudoAdminApi.criar, res).id;
        return res;
      }, 201);
      expect(enviado).toMatchObject({
        usuarioId: ids.admin,
        permissao: 'ADMIN',
        entidade: 'produto',
        entidadeId: id,
        acao: 'ENVIAR_CONTEUDO',
        antes: null,
        depois: {
          conteudoId,
          ordem: 1,
          titulo: 'Apostila auditada',
          duracao: '00:10:00',
          tipo: 'application/pdf',
          nomeArquivo: 'apostila.pdf',
        },
      });
      // The storage key never goes to the log.
      expect(JSON.stringify(enviado.depois)).not.toContain('private/');
      await nenhumaLinha(() => enviar(1), 409);

      const excluido = await umaLinha(() => call('DELETE', `/api/conteudoproduto/delete/${conteudoId}`, 'admin'));
      expect(excluido).toMatchObject({ entidadeId: id, acao: 'EXCLUIR_CONTEUDO', antes: enviado.depois, depois: null });
      await nenhumaLinha(() => call('DELETE', `/api/conteudoproduto/delete/${conteudoId}`, 'admin'), 404);
    });

    it('autores: criar, editar, foto (ENVIAR_IMAGEM) e excluir; o autor em uso (409) não grava', async () => {
      let id = 0;
      const criado = await umaLinha(async () => {
        const res = await call('POST', '/api/autor/create', 'equipe', {
          nome: 'Dra. Auditada',
          sobre: 'Periodontista',
        });
        id = contentOf(autorApi.criar, res).id;
        return res;
      }, 201);
      expect(criado).toMatchObject({
        usuarioId: ids.equipe,
        entidade: 'autor',
        entidadeId: id,
        acao: 'CRIAR',
        antes: null,
        depois: { id, nome: 'Dra. Auditada', sobre: 'Periodontista', nomeImg: null, pathImg: null },
      });
      const editado = await umaLinha(() =>
        call('PUT', `/api/autor/editar/${id}`, 'equipe', { nome: 'Dra. Auditada Lima', sobre: 'Periodontista' }),
      );
      expect(editado).toMatchObject({
        acao: 'EDITAR',
        antes: { nome: 'Dra. Auditada' },
        depois: { nome: 'Dra. Auditada Lima' },
      });
      const foto = await umaLinha(async () => {
        const form = multipart({
          imagem: { nome: 'retrato.png', dados: await imagemReal('png', { semente: 41 }), tipo: 'image/png' },
        });
        return t.app.inject({
          method: 'POST',
          url: `/api/autor/save/imgautor/${id}`,
          payload: form.payload,
          headers: { ...form.headers, ...headers('equipe') },
        });
      });
      expect(foto).toMatchObject({
        entidade: 'autor',
        entidadeId: id,
        acao: 'ENVIAR_IMAGEM',
        antes: { nome: 'Dra. Auditada Lima', nomeImg: null, pathImg: null },
        depois: { nome: 'Dra. Auditada Lima', nomeImg: 'retrato.png' },
      });
      expect(foto.depois!.pathImg).toMatch(/^\/api\/arquivos\/.+\.webp$/);
      await nenhumaLinha(
        () => call('PUT', `/api/autor/editar/${NADA}`, 'equipe', { nome: 'Ninguém', sobre: 'Nada' }),
        404,
      );
      // An author named by a product cannot go.
      await nenhumaLinha(() => call('DELETE', `/api/autor/delete/${autorDemo}`), 409);
      const excluido = await umaLinha(() => call('DELETE', `/api/autor/delete/${id}`));
      expect(excluido).toMatchObject({ acao: 'EXCLUIR', antes: foto.depois, depois: null });
    });

    it('categorias: criar, editar e excluir; nome repetido (409) e categoria com produtos (409) não gravam', async () => {
      let id = 0;
      const criada = await umaLinha(async () => {
        const res = await call('POST', '/api/categoria/create', 'equipe', { nome: 'Auditoria física', digital: false });
        id = contentOf(categoriaApi.criar, res).id;
        return res;
      }, 201);
      expect(criada).toMatchObject({
        usuarioId: ids.equipe,
        entidade: 'categoria',
        entidadeId: id,
        acao: 'CRIAR',
        antes: null,
        depois: { id, nome: 'Auditoria física', digital: false },
      });
      await nenhumaLinha(
        () => call('POST', '/api/categoria/create', 'equipe', { nome: 'AUDITORIA FÍSICA', digital: false }),
        409,
      );
      const editada = await umaLinha(() =>
        call('PUT', `/api/categoria/${id}`, 'equipe', { nome: 'Auditoria digital', digital: true }),
      );
      expect(editada).toMatchObject({
        acao: 'EDITAR',
        antes: { id, nome: 'Auditoria física', digital: false },
        depois: { id, nome: 'Auditoria digital', digital: true },
      });
      await nenhumaLinha(() => call('DELETE', `/api/categoria/delete/${categoriaFisica}`), 409);
      const excluida = await umaLinha(() => call('DELETE', `/api/categoria/delete/${id}`));
      expect(excluida).toMatchObject({ acao: 'EXCLUIR', antes: editada.depois, depois: null });
    });

    it('condições de desconto: criar, editar e excluir; a segunda ativa (409) e a ativa (409) não gravam', async () => {
      let id = 0;
      const criada = await umaLinha(async () => {
        const res = await call('POST', '/api/condicaodesconto/', 'equipe', {
          descricao: 'Brinde de auditoria',
          valor: 150,
          ativo: false,
        });
        id = contentOf(descontoApi.criar, res).id;
        return res;
      }, 201);
      expect(criada).toMatchObject({
        usuarioId: ids.equipe,
        entidade: 'desconto',
        entidadeId: id,
        acao: 'CRIAR',
        antes: null,
        depois: { id, descricao: 'Brinde de auditoria', valor: 15000, ativo: false },
      });
      // The demo condition is active: a second active one is refused, by create and by edit.
      await nenhumaLinha(
        () => call('POST', '/api/condicaodesconto/', 'equipe', { descricao: 'Outra', valor: 10, ativo: true }),
        409,
      );
      await nenhumaLinha(
        () => call('PUT', `/api/condicaodesconto/${id}`, 'equipe', { descricao: 'Ativa', valor: 150, ativo: true }),
        409,
      );
      const editada = await umaLinha(() =>
        call('PUT', `/api/condicaodesconto/${id}`, 'equipe', {
          descricao: 'Brinde de auditoria',
          valor: 175.5,
          ativo: false,
        }),
      );
      expect(editada).toMatchObject({ acao: 'EDITAR', antes: { valor: 15000 }, depois: { valor: 17550 } });
      const ativa = Number(
        (await t.database.raw<{ id: number }>('SELECT id FROM condicoes_desconto WHERE ativo'))[0]!.id,
      );
      await nenhumaLinha(() => call('DELETE', `/api/condicaodesconto/delete/${ativa}`), 409);
      const excluida = await umaLinha(() => call('DELETE', `/api/condicaodesconto/delete/${id}`));
      expect(excluida).toMatchObject({ acao: 'EXCLUIR', antes: editada.depois, depois: null });
    });

    it('empresa: salvar grava EDITAR (antes → depois, id da linha) pelo Gerente; recusas não gravam; a primeira vez é CRIAR', async () => {
      const empresa = (over: Partial<EmpresaInput> = {}): EmpresaInput => ({
        nome: 'Clínica Auditada Ltda.',
        nomeFantasia: 'Clínica Auditada',
        cnpj: '11.444.777/0001-61',
        email: 'contato@auditada.com.br',
        whatsapp: '(21) 98888-7777',
        facebook: '',
        instagram: '',
        youtube: '',
        descricaoHorarioFuncionamento: 'Segunda a sexta, das 09h às 19h',
        endereco: ENDERECO_EMPRESA_RIO,
        ...over,
      });
      const nomeAntes = (await t.database.raw<{ nome: string }>('SELECT nome FROM empresa'))[0]!.nome;
      const editada = await umaLinha(() => call('POST', '/api/empresa/', 'admin', empresa()));
      expect(editada).toMatchObject({
        usuarioId: ids.admin,
        permissao: 'ADMIN',
        entidade: 'empresa',
        entidadeId: 1,
        acao: 'EDITAR',
        antes: { id: 1, nome: nomeAntes },
        depois: { id: 1, nome: 'Clínica Auditada Ltda.', cnpj: '11444777000161', municipioId: 3304557, ufId: 33 },
      });
      expect(editada.depois).not.toHaveProperty('updatedAt');
      // Refused: the city outside the state (422), the USUARIO (403).
      await nenhumaLinha(
        () =>
          call(
            'POST',
            '/api/empresa/',
            'admin',
            empresa({ endereco: { ...empresa().endereco, municipio: { id: 3304557 }, uf: { id: 35 } } }),
          ),
        422,
      );
      await nenhumaLinha(() => call('POST', '/api/empresa/', 'equipe', empresa()), 403);
      // With no company row yet, the save creates it.
      await t.database.raw('DELETE FROM empresa');
      const criada = await umaLinha(() => call('POST', '/api/empresa/', 'admin', empresa({ nome: 'Clínica Nova' })));
      expect(criada).toMatchObject({ entidadeId: 1, acao: 'CRIAR', antes: null, depois: { nome: 'Clínica Nova' } });
    });
  });
});
