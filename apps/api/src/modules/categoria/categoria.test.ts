import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { categoriaApi } from '@clinica/shared/schemas/categoria';
import { DEMO_CATEGORIAS } from '../../db/seed/demo-data.js';
import { body, contentOf, testDatabaseTargets } from '../../test/harness.js';
import { staffTestApp, type Rota } from '../../test/staff-app.js';

describe.each(testDatabaseTargets())('categorias no back-office: /api/categoria/* (%s)', (kind) => {
  const staff = staffTestApp(kind);
  const { tk, call } = staff;

  const idDa = async (nome: string) => {
    const [row] = await staff.t.database.raw<{ id: number }>('SELECT id FROM categorias WHERE nome = $1', [nome]);
    if (!row) throw new Error(`categoria ausente: ${nome}`);
    return Number(row.id);
  };
  const produtosDa = async (id: number) => {
    const [row] = await staff.t.database.raw<{ n: number }>(
      'SELECT count(*)::int AS n FROM produtos WHERE categoria_id = $1',
      [id],
    );
    return Number(row!.n);
  };
  const criar = async (nome: string, digital = false) =>
    contentOf(categoriaApi.criar, await call('POST', '/api/categoria/create', tk.equipe, { nome, digital }));

  const fisica = DEMO_CATEGORIAS.find((c) => !c.digital)!;
  const digital = DEMO_CATEGORIAS.find((c) => c.digital)!;

  it('equipe e Gerente só: anônimo 401, CLIENTE 403 em todas as rotas', async () => {
    const id = await idDa(fisica.nome);
    const rotas: Rota[] = [
      ['GET', '/api/categoria/'],
      ['GET', '/api/categoria/AllDigital/'],
      ['GET', '/api/categoria/AllFisico/'],
      ['GET', '/api/categoria/listagem'],
      ['GET', `/api/categoria/${id}`],
      ['POST', '/api/categoria/create', { nome: 'Intrusa', digital: false }],
      ['PUT', `/api/categoria/${id}`, { nome: 'Intrusa', digital: false }],
      ['DELETE', `/api/categoria/delete/${id}`],
    ];
    await staff.expectStaffOnly(rotas);
    for (const [method, url] of rotas.filter(([method]) => method === 'GET')) {
      expect((await call(method, url, tk.equipe)).statusCode, `${method} ${url}`).toBe(200);
      expect((await call(method, url, tk.admin)).statusCode, `${method} ${url}`).toBe(200);
    }
    expect((await staff.t.database.raw("SELECT 1 FROM categorias WHERE nome = 'Intrusa'")).length).toBe(0);
    expect(contentOf(categoriaApi.buscar, await call('GET', `/api/categoria/${id}`, tk.equipe)).nome).toBe(fisica.nome);
  });

  it('todas, só digitais e só físicas, por nome; por id; 404 para a inexistente', async () => {
    const todas = contentOf(categoriaApi.todas, await call('GET', '/api/categoria/', tk.equipe));
    expect(todas.map((c) => c.nome).sort()).toEqual(DEMO_CATEGORIAS.map((c) => c.nome).sort());
    const digitais = contentOf(categoriaApi.digitais, await call('GET', '/api/categoria/AllDigital/', tk.equipe));
    expect(digitais.length).toBe(DEMO_CATEGORIAS.filter((c) => c.digital).length);
    expect(digitais.every((c) => c.digital)).toBe(true);
    const fisicas = contentOf(categoriaApi.fisicas, await call('GET', '/api/categoria/AllFisico', tk.equipe));
    expect(fisicas.length).toBe(DEMO_CATEGORIAS.filter((c) => !c.digital).length);
    expect(fisicas.every((c) => !c.digital)).toBe(true);
    // Accents ignored in the order: "Descartáveis" before "Escovas".
    expect(fisicas.map((c) => c.nome).indexOf('Descartáveis')).toBeLessThan(
      fisicas.map((c) => c.nome).indexOf('Escovas e higiene'),
    );
    const id = await idDa(digital.nome);
    expect(contentOf(categoriaApi.buscar, await call('GET', `/api/categoria/${id}`, tk.admin))).toEqual({
      id,
      nome: digital.nome,
      digital: true,
    });
    const nada = await call('GET', '/api/categoria/2147483000', tk.equipe);
    expect(nada.statusCode).toBe(404);
    expect(body(nada).message).toBe(MSG_BO.categoriaNaoEncontrada);
  });

  it('cadastra (201, aparada), edita (mensagem do contrato) e exclui uma categoria sem produtos', async () => {
    const res = await call('POST', '/api/categoria/create', tk.equipe, { nome: '  Próteses  ', digital: false });
    expect(res.statusCode).toBe(201);
    expect(body(res).message).toBe(MSG_BO.categoriaCadastrada);
    const criada = contentOf(categoriaApi.criar, res);
    expect(criada).toMatchObject({ nome: 'Próteses', digital: false });

    const editada = await call('PUT', `/api/categoria/${criada.id}`, tk.admin, {
      id: criada.id,
      nome: 'Próteses e cursos',
      digital: true,
    });
    expect(body(editada).message).toBe(MSG_BO.categoriaEditada);
    expect(contentOf(categoriaApi.editar, editada)).toEqual({
      id: criada.id,
      nome: 'Próteses e cursos',
      digital: true,
    });
    // Changing only the case of its own name is no conflict.
    expect(
      (await call('PUT', `/api/categoria/${criada.id}`, tk.admin, { nome: 'PRÓTESES E CURSOS', digital: true }))
        .statusCode,
    ).toBe(200);

    const excluida = await call('DELETE', `/api/categoria/delete/${criada.id}`, tk.equipe);
    expect(body(excluida)).toEqual({ statusCode: 200, message: MSG_BO.categoriaDeletada, content: null });
    expect((await call('GET', `/api/categoria/${criada.id}`, tk.equipe)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/categoria/delete/${criada.id}`, tk.equipe)).statusCode).toBe(404);
  });

  it('nome único sem diferença de maiúsculas: 409 no cadastro e na edição, também em cadastros simultâneos', async () => {
    const repetida = await call('POST', '/api/categoria/create', tk.equipe, {
      nome: `  ${fisica.nome.toUpperCase()} `,
      digital: false,
    });
    expect(repetida.statusCode).toBe(409);
    expect(body(repetida)).toEqual({
      statusCode: 409,
      message: MSG_BO.categoriaNomeEmUso,
      content: { errors: [{ campo: 'nome', mensagem: MSG_BO.categoriaNomeEmUso }] },
    });
    const outra = await criar('Ortodontia');
    const edicao = await call('PUT', `/api/categoria/${outra.id}`, tk.equipe, {
      nome: fisica.nome.toLowerCase(),
      digital: false,
    });
    expect(edicao.statusCode).toBe(409);
    expect(body(edicao).message).toBe(MSG_BO.categoriaNomeEmUso);
    expect(contentOf(categoriaApi.buscar, await call('GET', `/api/categoria/${outra.id}`, tk.equipe)).nome).toBe(
      'Ortodontia',
    );

    const juntos = await Promise.all(
      ['Implantes', 'IMPLANTES', 'implantes'].map((nome) =>
        call('POST', '/api/categoria/create', tk.equipe, { nome, digital: false }),
      ),
    );
    expect(juntos.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await staff.t.database.raw("SELECT 1 FROM categorias WHERE lower(nome) = 'implantes'")).length).toBe(1);
  });

  it('validação com as mensagens do contrato; id do corpo divergente 400', async () => {
    const vazio = await call('POST', '/api/categoria/create', tk.equipe, {});
    expect(vazio.statusCode).toBe(400);
    expect(body(vazio).content).toEqual({
      errors: expect.arrayContaining([
        { campo: 'nome', mensagem: MSG.naoVazio },
        { campo: 'digital', mensagem: MSG.naoVazio },
      ]),
    });
    const curto = await call('POST', '/api/categoria/create', tk.equipe, { nome: ' ab ', digital: true });
    expect(body(curto).content).toEqual({ errors: [{ campo: 'nome', mensagem: MSG.min3 }] });
    const c = await criar('Periodontia');
    const diverge = await call('PUT', `/api/categoria/${c.id}`, tk.equipe, {
      id: c.id + 1,
      nome: 'Outra',
      digital: false,
    });
    expect(diverge.statusCode).toBe(400);
    expect(body(diverge).message).toBe(MSG_BO.idCorpoDivergente);
    expect(
      (await call('PUT', '/api/categoria/2147483000', tk.equipe, { nome: 'Outra', digital: false })).statusCode,
    ).toBe(404);
  });

  it('não exclui categoria com produtos (409, nada muda) nem muda o tipo de uma com produtos do tipo anterior', async () => {
    const id = await idDa(fisica.nome);
    const antes = await produtosDa(id);
    expect(antes).toBeGreaterThan(0);
    const res = await call('DELETE', `/api/categoria/delete/${id}`, tk.admin);
    expect(res.statusCode).toBe(409);
    expect(body(res)).toEqual({ statusCode: 409, message: MSG_BO.categoriaEmUso, content: null });
    expect(await produtosDa(id)).toBe(antes);
    expect((await call('GET', `/api/categoria/${id}`, tk.admin)).statusCode).toBe(200);

    const tipo = await call('PUT', `/api/categoria/${id}`, tk.admin, { nome: fisica.nome, digital: true });
    expect(tipo.statusCode).toBe(409);
    expect(body(tipo).message).toBe(MSG_BO.categoriaTipoComProdutos);
    expect(contentOf(categoriaApi.buscar, await call('GET', `/api/categoria/${id}`, tk.admin)).digital).toBe(false);
    // Renaming it keeps the type: allowed.
    const renomeada = await call('PUT', `/api/categoria/${id}`, tk.admin, {
      nome: `${fisica.nome} (loja)`,
      digital: false,
    });
    expect(contentOf(categoriaApi.editar, renomeada).nome).toBe(`${fisica.nome} (loja)`);
    await call('PUT', `/api/categoria/${id}`, tk.admin, { nome: fisica.nome, digital: false });
  });

  describe('listagem paginada', () => {
    beforeAll(async () => {
      for (let i = 1; i <= 23; i++) await criar(`Lista Categoria ${String(i).padStart(2, '0')}`, i % 2 === 0);
    });
    const listar = async (query: string) =>
      contentOf(categoriaApi.listagem, await call('GET', `/api/categoria/listagem?${query}`, tk.equipe));

    it('páginas a partir de 0, tamanhos 10, 15 e 20, totais coerentes', async () => {
      const p0 = await listar('nome=lista%20categoria');
      expect(p0).toMatchObject({ totalRegistros: 23, totalPaginas: 3, page: 0 });
      expect(p0.listaCategoria).toHaveLength(10);
      expect((await listar('nome=lista%20categoria&page=2')).listaCategoria).toHaveLength(3);
      const q15 = await listar('nome=lista%20categoria&size=15&page=1');
      expect(q15).toMatchObject({ totalPaginas: 2, page: 1 });
      expect(q15.listaCategoria).toHaveLength(8);
      const q20 = await listar('nome=lista%20categoria&size=20');
      expect(q20).toMatchObject({ totalPaginas: 2 });
      expect(q20.listaCategoria).toHaveLength(20);
      const juntas = [...p0.listaCategoria, ...(await listar('nome=lista%20categoria&page=1')).listaCategoria];
      expect(new Set(juntas.map((c) => c.id)).size).toBe(20);
    });

    it('filtra por tipo, nome e id; ordena asc/desc; conta produtos', async () => {
      const digitais = await listar('nome=lista%20categoria&produtoDigital=true&size=20');
      expect(digitais.totalRegistros).toBe(11);
      expect(digitais.listaCategoria.every((c) => c.digital)).toBe(true);
      const fisicas = await listar('nome=lista%20categoria&produtoDigital=false&size=20');
      expect(fisicas.totalRegistros).toBe(12);
      const desc = await listar('nome=lista%20categoria&sort=desc');
      expect(desc.listaCategoria[0]!.nome).toBe('Lista Categoria 23');
      const asc = await listar('nome=lista%20categoria&sort=asc');
      expect(asc.listaCategoria[0]!.nome).toBe('Lista Categoria 01');
      const id = await idDa(fisica.nome);
      const porId = await listar(`id=${id}`);
      expect(porId.listaCategoria).toEqual([
        { id, nome: fisica.nome, digital: false, totalProdutos: await produtosDa(id) },
      ]);
      expect((await listar('nome=DESCARTAVEIS')).listaCategoria.map((c) => c.nome)).toEqual(['Descartáveis']);
      const ruim = await call('GET', '/api/categoria/listagem?produtoDigital=sim', tk.equipe);
      expect(ruim.statusCode).toBe(400);
      expect(JSON.stringify(body(ruim).content)).toContain(MSG_BO.filtroBooleanoInvalido);
    });
  });
});
