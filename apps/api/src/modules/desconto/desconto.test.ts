import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { descontoApi } from '@clinica/shared/schemas/desconto';
import { DEMO_DESCONTO } from '../../db/seed/demo-data.js';
import { body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { staffTestApp, type Rota } from '../../test/staff-app.js';

describe.each(testDatabaseTargets())('GET /api/condicaodesconto/ativa (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
  });
  afterAll(() => t?.dispose());

  const ativa = () => t.app.inject({ method: 'GET', url: '/api/condicaodesconto/ativa' });

  it('traz a condição ativa da demonstração: valor em centavos no contrato, reais com duas casas no JSON', async () => {
    const res = await ativa();
    expect(res.json().content).toMatchObject({ descricao: DEMO_DESCONTO.descricao, valor: 300, ativo: true });
    expect(contentOf(descontoApi.ativa, res)).toMatchObject({
      descricao: DEMO_DESCONTO.descricao,
      valor: DEMO_DESCONTO.valor,
      ativo: true,
    });
  });

  it('a única ativa; uma inativa mais nova nunca; o banco recusa uma segunda ativa', async () => {
    await t.database.raw(
      `INSERT INTO condicoes_desconto (descricao, valor, ativo, updated_at) VALUES
        ('Inativa mais nova', 99.99, false, now() + interval '2 minutes')`,
    );
    try {
      const antes = contentOf(descontoApi.ativa, await ativa());
      expect(antes.descricao).not.toBe('Inativa mais nova');
      await expect(
        t.database.raw(`INSERT INTO condicoes_desconto (descricao, valor, ativo) VALUES ('Segunda ativa', 10, true)`),
      ).rejects.toThrow(/condicoes_desconto_ativo_uq/);
      expect(contentOf(descontoApi.ativa, await ativa())).toEqual(antes);
    } finally {
      await t.database.raw("DELETE FROM condicoes_desconto WHERE descricao IN ('Segunda ativa', 'Inativa mais nova')");
    }
  });

  it('404 "Não há condição de desconto ativa." quando nenhuma está ativa', async () => {
    await t.database.raw('UPDATE condicoes_desconto SET ativo = false');
    try {
      const res = await ativa();
      expect(res.statusCode).toBe(404);
      expect(body(res)).toEqual({ statusCode: 404, message: MSG_API.condicaoNaoEncontrada, content: null });
    } finally {
      await t.database.raw('UPDATE condicoes_desconto SET ativo = true');
    }
  });
});

describe.each(testDatabaseTargets())('condições de desconto no back-office: /api/condicaodesconto/* (%s)', (kind) => {
  const staff = staffTestApp(kind);
  const { tk, call } = staff;
  const criar = async (descricao: string, valor: number, ativo = false) =>
    contentOf(descontoApi.criar, await call('POST', '/api/condicaodesconto/', tk.equipe, { descricao, valor, ativo }));
  const ativas = async () =>
    staff.t.database.raw<{ id: number; descricao: string }>('SELECT id, descricao FROM condicoes_desconto WHERE ativo');
  const idDemo = async () => {
    const [row] = await staff.t.database.raw<{ id: number }>('SELECT id FROM condicoes_desconto WHERE descricao = $1', [
      DEMO_DESCONTO.descricao,
    ]);
    return Number(row!.id);
  };

  it('equipe e Gerente só: anônimo 401, CLIENTE 403; a ativa continua pública', async () => {
    const id = await idDemo();
    const corpo = { descricao: 'Intrusa', valor: 10, ativo: false };
    const rotas: Rota[] = [
      ['GET', '/api/condicaodesconto/listagem'],
      ['GET', `/api/condicaodesconto/${id}`],
      ['POST', '/api/condicaodesconto/', corpo],
      ['PUT', `/api/condicaodesconto/${id}`, corpo],
      ['DELETE', `/api/condicaodesconto/delete/${id}`],
    ];
    await staff.expectStaffOnly(rotas);
    expect((await staff.t.database.raw("SELECT 1 FROM condicoes_desconto WHERE descricao = 'Intrusa'")).length).toBe(0);
    expect((await call('GET', '/api/condicaodesconto/ativa')).statusCode).toBe(200);
    const porId = contentOf(descontoApi.buscar, await call('GET', `/api/condicaodesconto/${id}`, tk.admin));
    expect(porId).toEqual({ id, descricao: DEMO_DESCONTO.descricao, valor: DEMO_DESCONTO.valor, ativo: true });
    const nada = await call('GET', '/api/condicaodesconto/2147483000', tk.equipe);
    expect(nada.statusCode).toBe(404);
    expect(body(nada).message).toBe(MSG_BO.condicaoDescontoNaoEncontrada);
  });

  it('cadastra inativa (201, mensagem do contrato, reais no JSON e centavos no contrato), edita e exclui', async () => {
    const res = await call('POST', '/api/condicaodesconto/', tk.equipe, {
      descricao: '  Brinde de inverno ',
      valor: 249.9,
      ativo: false,
    });
    expect(res.statusCode).toBe(201);
    expect(body(res)).toMatchObject({
      message: MSG_BO.condicaoDescontoCadastrada,
      content: { descricao: 'Brinde de inverno', valor: 249.9, ativo: false },
    });
    const criada = contentOf(descontoApi.criar, res);
    expect(criada.valor).toBe(24990);

    const editada = await call('PUT', `/api/condicaodesconto/${criada.id}`, tk.admin, {
      id: criada.id,
      descricao: 'Brinde de inverno 2',
      valor: 199,
      ativo: false,
    });
    expect(body(editada)).toMatchObject({ message: MSG_BO.condicaoDescontoAtualizada, content: { valor: 199 } });
    expect(contentOf(descontoApi.buscar, await call('GET', `/api/condicaodesconto/${criada.id}`, tk.equipe))).toEqual({
      id: criada.id,
      descricao: 'Brinde de inverno 2',
      valor: 19900,
      ativo: false,
    });

    const excluida = await call('DELETE', `/api/condicaodesconto/delete/${criada.id}`, tk.equipe);
    expect(body(excluida)).toEqual({ statusCode: 200, message: MSG_BO.condicaoDescontoDeletada, content: null });
    expect((await call('GET', `/api/condicaodesconto/${criada.id}`, tk.equipe)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/condicaodesconto/delete/${criada.id}`, tk.equipe)).statusCode).toBe(404);
  });

  it('validação com as mensagens do contrato e do dinheiro; id do corpo divergente 400; inexistente 404', async () => {
    const vazio = await call('POST', '/api/condicaodesconto/', tk.equipe, {});
    expect(vazio.statusCode).toBe(400);
    expect(body(vazio).content).toEqual({
      errors: expect.arrayContaining([
        { campo: 'descricao', mensagem: MSG.naoVazio },
        { campo: 'valor', mensagem: MSG.naoVazio },
        { campo: 'ativo', mensagem: MSG.naoVazio },
      ]),
    });
    const invalido = await call('POST', '/api/condicaodesconto/', tk.equipe, {
      descricao: 'ab',
      valor: 1.234,
      ativo: false,
    });
    expect(body(invalido).content).toEqual({
      errors: expect.arrayContaining([
        { campo: 'descricao', mensagem: MSG.min3 },
        { campo: 'valor', mensagem: 'O valor deve ter no máximo duas casas decimais.' },
      ]),
    });
    const zero = await call('POST', '/api/condicaodesconto/', tk.equipe, {
      descricao: 'Grátis',
      valor: 0,
      ativo: false,
    });
    expect(body(zero).content).toEqual({ errors: [{ campo: 'valor', mensagem: MSG_BO.condicaoDescontoValorZero }] });
    const negativo = await call('POST', '/api/condicaodesconto/', tk.equipe, {
      descricao: 'Negativa',
      valor: -5,
      ativo: false,
    });
    expect(negativo.statusCode).toBe(400);

    const c = await criar('Para divergir', 50);
    const diverge = await call('PUT', `/api/condicaodesconto/${c.id}`, tk.equipe, {
      id: c.id + 1,
      descricao: 'Outra',
      valor: 10,
      ativo: false,
    });
    expect(diverge.statusCode).toBe(400);
    expect(body(diverge).message).toBe(MSG_BO.idCorpoDivergente);
    const nada = await call('PUT', '/api/condicaodesconto/2147483000', tk.equipe, {
      descricao: 'Outra',
      valor: 10,
      ativo: false,
    });
    expect(nada.statusCode).toBe(404);
    expect(
      (await staff.t.database.raw("SELECT 1 FROM condicoes_desconto WHERE descricao IN ('ab', 'Grátis', 'Negativa')"))
        .length,
    ).toBe(0);
  });

  it('só uma ativa: cadastrar ou ativar a segunda é 409; a ativa não é excluída', async () => {
    const demo = await idDemo();
    const segunda = await call('POST', '/api/condicaodesconto/', tk.equipe, {
      descricao: 'Segunda ativa',
      valor: 100,
      ativo: true,
    });
    expect(segunda.statusCode).toBe(409);
    expect(body(segunda)).toEqual({
      statusCode: 409,
      message: MSG_BO.condicaoDescontoAtivaDuplicada,
      content: { errors: [{ campo: 'ativo', mensagem: MSG_BO.condicaoDescontoAtivaDuplicada }] },
    });
    const inativa = await criar('Reserva', 150);
    const ativar = await call('PUT', `/api/condicaodesconto/${inativa.id}`, tk.equipe, {
      descricao: 'Reserva',
      valor: 150,
      ativo: true,
    });
    expect(ativar.statusCode).toBe(409);
    expect(body(ativar).message).toBe(MSG_BO.condicaoDescontoAtivaDuplicada);
    expect((await ativas()).map((r) => Number(r.id))).toEqual([demo]);

    // Editing the active one and keeping it active is fine.
    const mesma = await call('PUT', `/api/condicaodesconto/${demo}`, tk.equipe, {
      descricao: DEMO_DESCONTO.descricao,
      valor: 300,
      ativo: true,
    });
    expect(mesma.statusCode).toBe(200);

    const excluir = await call('DELETE', `/api/condicaodesconto/delete/${demo}`, tk.admin);
    expect(excluir.statusCode).toBe(409);
    expect(body(excluir)).toEqual({ statusCode: 409, message: MSG_BO.condicaoDescontoAtivaNaoExclui, content: null });
    expect((await call('GET', '/api/condicaodesconto/ativa')).json().content).toMatchObject({ id: demo, valor: 300 });
  });

  it('escritas simultâneas: de várias ativações ao mesmo tempo, exatamente uma vence (a do banco)', async () => {
    const demo = await idDemo();
    const desativar = await call('PUT', `/api/condicaodesconto/${demo}`, tk.equipe, {
      descricao: DEMO_DESCONTO.descricao,
      valor: 300,
      ativo: false,
    });
    expect(desativar.statusCode).toBe(200);
    expect(await ativas()).toEqual([]);
    expect((await call('GET', '/api/condicaodesconto/ativa')).statusCode).toBe(404);

    const criacoes = await Promise.all(
      [1, 2, 3].map((i) =>
        call('POST', '/api/condicaodesconto/', i % 2 ? tk.equipe : tk.admin, {
          descricao: `Corrida ${i}`,
          valor: 100 + i,
          ativo: true,
        }),
      ),
    );
    expect(criacoes.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const vencedora = criacoes.find((r) => r.statusCode === 201)!;
    expect((await ativas()).map((r) => Number(r.id))).toEqual([contentOf(descontoApi.criar, vencedora).id]);
    expect(
      await staff.t.database.raw("SELECT 1 FROM condicoes_desconto WHERE descricao LIKE 'Corrida %'"),
    ).toHaveLength(1);

    // Two inactive ones activated at once, while none is active: one 200, one 409.
    await call('PUT', `/api/condicaodesconto/${contentOf(descontoApi.criar, vencedora).id}`, tk.equipe, {
      descricao: 'Corrida encerrada',
      valor: 100,
      ativo: false,
    });
    const a = await criar('Paralela A', 120);
    const b = await criar('Paralela B', 130);
    const edicoes = await Promise.all(
      [a, b].map((c) =>
        call('PUT', `/api/condicaodesconto/${c.id}`, tk.equipe, { descricao: c.descricao, valor: 140, ativo: true }),
      ),
    );
    expect(edicoes.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await ativas()).toHaveLength(1);

    // Put the demo condition back as the active one.
    const [ativa] = await ativas();
    await call('PUT', `/api/condicaodesconto/${ativa!.id}`, tk.equipe, {
      descricao: ativa!.descricao,
      valor: 140,
      ativo: false,
    });
    expect(
      (
        await call('PUT', `/api/condicaodesconto/${demo}`, tk.equipe, {
          descricao: DEMO_DESCONTO.descricao,
          valor: 300,
          ativo: true,
        })
      ).statusCode,
    ).toBe(200);
  });

  describe('listagem paginada', () => {
    beforeAll(async () => {
      for (let i = 1; i <= 23; i++) await criar(`Promoção lista ${String(i).padStart(2, '0')}`, 10 * i);
    });
    const listar = async (query: string) =>
      contentOf(descontoApi.listagem, await call('GET', `/api/condicaodesconto/listagem?${query}`, tk.equipe));

    it('páginas a partir de 0, tamanhos 10, 15 e 20, totais coerentes; valores em centavos', async () => {
      const p0 = await listar('descricao=promocao%20LISTA');
      expect(p0).toMatchObject({ totalRegistros: 23, totalPaginas: 3, page: 0 });
      expect(p0.listaCondicaoDesconto).toHaveLength(10);
      expect(p0.listaCondicaoDesconto[0]).toMatchObject({ descricao: 'Promoção lista 01', valor: 1000, ativo: false });
      expect((await listar('descricao=promocao%20lista&page=2')).listaCondicaoDesconto).toHaveLength(3);
      const q15 = await listar('descricao=promocao%20lista&size=15&page=1');
      expect(q15).toMatchObject({ totalPaginas: 2, page: 1 });
      expect(q15.listaCondicaoDesconto).toHaveLength(8);
      expect((await listar('descricao=promocao%20lista&size=20')).listaCondicaoDesconto).toHaveLength(20);
      // On the wire: reais with two decimals at most.
      const raw = await call('GET', '/api/condicaodesconto/listagem?descricao=promocao%20lista%2001', tk.equipe);
      expect(raw.json().content.listaCondicaoDesconto[0].valor).toBe(10);
    });

    it('filtra por ativo, descrição e id; ordena asc/desc', async () => {
      const ativas = await listar('ativo=true');
      expect(ativas.totalRegistros).toBe(1);
      expect(ativas.listaCondicaoDesconto[0]!.descricao).toBe(DEMO_DESCONTO.descricao);
      const inativas = await listar('ativo=false&size=100');
      expect(inativas.listaCondicaoDesconto.every((c) => !c.ativo)).toBe(true);
      const [n] = await staff.t.database.raw<{ n: number }>(
        'SELECT count(*)::int AS n FROM condicoes_desconto WHERE NOT ativo',
      );
      expect(inativas.totalRegistros).toBe(Number(n!.n));
      expect((await listar('descricao=promocao%20lista&sort=desc')).listaCondicaoDesconto[0]!.descricao).toBe(
        'Promoção lista 23',
      );
      const id = await idDemo();
      expect((await listar(`id=${id}`)).listaCondicaoDesconto.map((c) => c.id)).toEqual([id]);
      const ruim = await call('GET', '/api/condicaodesconto/listagem?ativo=1', tk.equipe);
      expect(ruim.statusCode).toBe(400);
    });
  });
});
