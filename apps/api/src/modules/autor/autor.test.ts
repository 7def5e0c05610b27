import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { autorApi } from '@clinica/shared/schemas/autor';
import { DEMO_AUTORES } from '../../db/seed/demo-data.js';
import { body, contentOf, testDatabaseTargets } from '../../test/harness.js';
import { staffTestApp, type Rota } from '../../test/staff-app.js';

describe.each(testDatabaseTargets())('autores no back-office: /api/autor/* (%s)', (kind) => {
  const staff = staffTestApp(kind);
  const { tk, call } = staff;

  const idDoAutor = async (nome: string) => {
    const [row] = await staff.t.database.raw<{ id: number }>('SELECT id FROM autores WHERE nome = $1', [nome]);
    if (!row) throw new Error(`autor ausente: ${nome}`);
    return Number(row.id);
  };

  const criar = async (nome: string, sobre = 'Professor convidado') =>
    contentOf(autorApi.criar, await call('POST', '/api/autor/create', tk.equipe, { nome, sobre }));

  it('equipe e Gerente só: anônimo 401, CLIENTE 403 em todas as rotas', async () => {
    const id = await idDoAutor(DEMO_AUTORES[0]!.nome);
    const rotas: Rota[] = [
      ['GET', '/api/autor/'],
      ['GET', '/api/autor/listagem'],
      ['GET', `/api/autor/${id}`],
      ['POST', '/api/autor/create', { nome: 'Fulano', sobre: 'Sobre ele' }],
      ['PUT', `/api/autor/editar/${id}`, { nome: 'Fulano', sobre: 'Sobre ele' }],
      ['DELETE', `/api/autor/delete/${id}`],
    ];
    await staff.expectStaffOnly(rotas);
    expect((await call('GET', '/api/autor/', tk.equipe)).statusCode).toBe(200);
    expect((await call('GET', '/api/autor/', tk.admin)).statusCode).toBe(200);
    // Nothing was written by the refused calls.
    expect((await staff.t.database.raw("SELECT 1 FROM autores WHERE nome = 'Fulano'")).length).toBe(0);
    expect(contentOf(autorApi.buscar, await call('GET', `/api/autor/${id}`, tk.admin)).nome).toBe(
      DEMO_AUTORES[0]!.nome,
    );
  });

  it('GET /autor/ traz todos por nome; GET /autor/{id} traz nome, sobre, nomeImg e pathImg', async () => {
    const todos = contentOf(autorApi.todos, await call('GET', '/api/autor/', tk.equipe));
    expect(todos.map((a) => a.nome)).toEqual([...DEMO_AUTORES.map((a) => a.nome)].sort((a, b) => a.localeCompare(b)));
    const um = contentOf(autorApi.buscar, await call('GET', `/api/autor/${todos[0]!.id}`, tk.equipe));
    expect(um).toEqual(todos[0]);
    expect(um.pathImg).toMatch(/^\/api\/arquivos\/.+\.webp$/);
    expect(um.nomeImg).toBe(um.pathImg!.split('/').pop());
    const nada = await call('GET', '/api/autor/2147483000', tk.equipe);
    expect(nada.statusCode).toBe(404);
    expect(body(nada).message).toBe(MSG_BO.autorNaoEncontrado);
    expect((await call('GET', '/api/autor/abc', tk.equipe)).statusCode).toBe(400);
  });

  it('cadastra (201, aparado, mensagem do contrato), edita e exclui um autor sem produtos', async () => {
    const res = await call('POST', '/api/autor/create', tk.equipe, {
      nome: '  Dra. Ana Lima  ',
      sobre: ' Ortodontista\nprofessora ',
    });
    expect(res.statusCode).toBe(201);
    expect(body(res).message).toBe(MSG_BO.autorCadastrado);
    const criado = contentOf(autorApi.criar, res);
    expect(criado).toMatchObject({
      nome: 'Dra. Ana Lima',
      sobre: 'Ortodontista\nprofessora',
      nomeImg: null,
      pathImg: null,
    });

    const editado = await call('PUT', `/api/autor/editar/${criado.id}`, tk.admin, {
      id: criado.id,
      nome: 'Dra. Ana Lima Souza',
      sobre: 'Ortodontista',
    });
    expect(body(editado).message).toBe(MSG_BO.autorEditado);
    expect(contentOf(autorApi.editar, editado)).toMatchObject({ id: criado.id, nome: 'Dra. Ana Lima Souza' });
    expect(contentOf(autorApi.buscar, await call('GET', `/api/autor/${criado.id}`, tk.equipe)).sobre).toBe(
      'Ortodontista',
    );

    const excluido = await call('DELETE', `/api/autor/delete/${criado.id}`, tk.equipe);
    expect(excluido.statusCode).toBe(200);
    expect(body(excluido)).toEqual({ statusCode: 200, message: MSG_BO.autorDeletado, content: null });
    expect((await call('GET', `/api/autor/${criado.id}`, tk.equipe)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/autor/delete/${criado.id}`, tk.equipe)).statusCode).toBe(404);
  });

  it('edição: id do corpo diferente do endereço 400; autor inexistente 404', async () => {
    const a = await criar('Autor para editar');
    const diverge = await call('PUT', `/api/autor/editar/${a.id}`, tk.equipe, {
      id: a.id + 1,
      nome: 'Outro',
      sobre: 'Sobre',
    });
    expect(diverge.statusCode).toBe(400);
    expect(body(diverge)).toMatchObject({
      message: MSG_BO.idCorpoDivergente,
      content: { errors: [{ campo: 'id', mensagem: MSG_BO.idCorpoDivergente }] },
    });
    const nada = await call('PUT', '/api/autor/editar/2147483000', tk.equipe, { nome: 'Outro', sobre: 'Sobre' });
    expect(nada.statusCode).toBe(404);
    expect(body(nada).message).toBe(MSG_BO.autorNaoEncontrado);
    expect(contentOf(autorApi.buscar, await call('GET', `/api/autor/${a.id}`, tk.equipe)).nome).toBe(
      'Autor para editar',
    );
  });

  it('validação com as mensagens do contrato (vazio, menos de 3 caracteres, só espaços)', async () => {
    const vazio = await call('POST', '/api/autor/create', tk.equipe, {});
    expect(vazio.statusCode).toBe(400);
    expect(body(vazio).content).toEqual({
      errors: expect.arrayContaining([
        { campo: 'nome', mensagem: MSG.naoVazio },
        { campo: 'sobre', mensagem: MSG.naoVazio },
      ]),
    });
    const curto = await call('POST', '/api/autor/create', tk.equipe, { nome: 'Al', sobre: '   ab   ' });
    expect(body(curto).content).toEqual({
      errors: expect.arrayContaining([
        { campo: 'nome', mensagem: MSG.min3 },
        { campo: 'sobre', mensagem: MSG.min3 },
      ]),
    });
    const a = await criar('Autor válido');
    const edicao = await call('PUT', `/api/autor/editar/${a.id}`, tk.equipe, { nome: '  ', sobre: 'Sobre ele' });
    expect(edicao.statusCode).toBe(400);
    expect(body(edicao).content).toEqual({ errors: [{ campo: 'nome', mensagem: MSG.min3 }] });
    expect((await staff.t.database.raw("SELECT 1 FROM autores WHERE nome IN ('Al', '')")).length).toBe(0);
  });

  it('não exclui um autor vinculado a um produto: 409 com a mensagem, e nada muda', async () => {
    const id = await idDoAutor(DEMO_AUTORES[0]!.nome);
    const [antes] = await staff.t.database.raw<{ n: number }>(
      'SELECT count(*)::int AS n FROM produto_autores WHERE autor_id = $1',
      [id],
    );
    expect(Number(antes!.n)).toBeGreaterThan(0);
    const res = await call('DELETE', `/api/autor/delete/${id}`, tk.admin);
    expect(res.statusCode).toBe(409);
    expect(body(res)).toEqual({ statusCode: 409, message: MSG_BO.autorEmUso, content: null });
    const [depois] = await staff.t.database.raw<{ n: number }>(
      'SELECT count(*)::int AS n FROM produto_autores WHERE autor_id = $1',
      [id],
    );
    expect(Number(depois!.n)).toBe(Number(antes!.n));
    expect((await call('GET', `/api/autor/${id}`, tk.admin)).statusCode).toBe(200);
  });

  describe('listagem paginada', () => {
    beforeAll(async () => {
      for (let i = 1; i <= 23; i++) await criar(`Paginação Autor ${String(i).padStart(2, '0')}`);
    });
    const listar = async (query: string) =>
      contentOf(autorApi.listagem, await call('GET', `/api/autor/listagem?${query}`, tk.equipe));

    it('páginas a partir de 0, tamanhos 10, 15 e 20 (10 por padrão), totais coerentes', async () => {
      const padrao = await listar('nome=paginacao');
      expect(padrao).toMatchObject({ totalRegistros: 23, totalPaginas: 3, page: 0 });
      expect(padrao.listaAutor).toHaveLength(10);
      expect(padrao.listaAutor[0]!.nome).toBe('Paginação Autor 01');
      const ultima = await listar('nome=paginacao&page=2&size=10');
      expect(ultima.listaAutor.map((a) => a.nome)).toEqual([
        'Paginação Autor 21',
        'Paginação Autor 22',
        'Paginação Autor 23',
      ]);
      const q15 = await listar('nome=paginacao&size=15&page=1');
      expect(q15).toMatchObject({ totalRegistros: 23, totalPaginas: 2, page: 1 });
      expect(q15.listaAutor).toHaveLength(8);
      const q20 = await listar('nome=paginacao&size=20');
      expect(q20).toMatchObject({ totalRegistros: 23, totalPaginas: 2 });
      expect(q20.listaAutor).toHaveLength(20);
      const alem = await listar('nome=paginacao&page=9');
      expect(alem).toMatchObject({ listaAutor: [], totalRegistros: 23, totalPaginas: 3, page: 9 });
    });

    it('filtra por nome (contém, sem acento e sem caixa) e por id; ordena por nome asc/desc', async () => {
      expect((await listar('nome=PAGINAÇÃO%20autor%2007')).listaAutor.map((a) => a.nome)).toEqual([
        'Paginação Autor 07',
      ]);
      // % and _ are literal characters, not wildcards.
      expect((await listar('nome=%25')).totalRegistros).toBe(0);
      expect((await listar('nome=Autor_0')).totalRegistros).toBe(0);
      const desc = await listar('nome=paginacao&sort=desc&size=20');
      expect(desc.listaAutor[0]!.nome).toBe('Paginação Autor 23');
      const id = await idDoAutor('Paginação Autor 05');
      const porId = await listar(`id=${id}`);
      expect(porId).toMatchObject({ totalRegistros: 1, totalPaginas: 1 });
      expect(porId.listaAutor[0]).toMatchObject({ id, nome: 'Paginação Autor 05', totalProdutos: 0 });
    });

    it('conta os produtos de cada autor; sem filtro traz todos', async () => {
      const todos = await listar('size=100');
      const [n] = await staff.t.database.raw<{ n: number }>('SELECT count(*)::int AS n FROM autores');
      expect(todos.totalRegistros).toBe(Number(n!.n));
      expect(todos.listaAutor).toHaveLength(Number(n!.n));
      const contagens = await staff.t.database.raw<{ id: number; n: number }>(
        'SELECT a.id, count(pa.produto_id)::int AS n FROM autores a LEFT JOIN produto_autores pa ON pa.autor_id = a.id GROUP BY a.id',
      );
      for (const c of contagens) {
        expect(todos.listaAutor.find((a) => a.id === Number(c.id))!.totalProdutos).toBe(Number(c.n));
      }
      expect(contagens.some((c) => Number(c.n) > 1)).toBe(true);
    });

    it('parâmetros inválidos: 400 com a mensagem', async () => {
      for (const [q, msg] of [
        ['page=-1', MSG.paginaInvalida],
        ['size=0', MSG.tamanhoPaginaInvalido],
        ['size=101', MSG.tamanhoPaginaInvalido],
        ['sort=cima', MSG.ordenacaoInvalida],
        ['id=0', MSG.identificadorInvalido],
      ] as const) {
        const res = await call('GET', `/api/autor/listagem?${q}`, tk.equipe);
        expect(res.statusCode, q).toBe(400);
        expect(JSON.stringify(body(res).content), q).toContain(msg);
      }
    });
  });
});
