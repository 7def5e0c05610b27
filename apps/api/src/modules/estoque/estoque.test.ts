/**
 * The staff's stock and 'Avise-me quando chegar' (ADR 032): entradas, ajustes and perdas with who and why, audited,
 * never below the reserved units; the movements list; 'Estoque baixo'; the back-in-stock requests and their e-mail,
 * sent once per request whatever the runs and the instances.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG_ESTOQUE } from '@clinica/shared/messages-estoque';
import { MSG_ESTOQUE_EQUIPE } from '@clinica/shared/messages-estoque-equipe';
import { aviseMeApi } from '@clinica/shared/schemas/avise-me';
import { estoqueApi, type MovimentoEstoqueInput } from '@clinica/shared/schemas/estoque';
import { produtoAdminApi, type ProdutoAdminInput } from '@clinica/shared/schemas/produto-admin';
import { DEMO_ACCOUNTS, DEMO_ESGOTADO, DEMO_ESTOQUE_BAIXO, DEMO_PRODUTOS_FISICOS } from '../../db/seed/demo-data.js';
import { caixaDeSaida } from '../../test/outbox.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { JOB_AVISAR_ESTOQUE } from './estoque-avisos.js';

type Papel = 'anonimo' | 'cliente' | 'usuario' | 'admin';

describe.each(testDatabaseTargets())('estoque da equipe e avise-me (%s)', (kind) => {
  let t: TestApp;
  const tokens = {} as Record<Exclude<Papel, 'anonimo'>, string>;
  let categoriaFisica = 0;
  let seq = 0;

  const raw = <T>(sql: string, params: unknown[] = []) => t.database.raw<T>(sql, params);
  const n = async (sql: string, params: unknown[] = []) => Number((await raw<{ n: string }>(sql, params))[0]?.n ?? 0);
  const call = (method: 'GET' | 'POST', url: string, papel: Papel = 'admin', payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: papel === 'anonimo' ? {} : bearer(tokens[papel]),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const mover = (id: number, m: MovimentoEstoqueInput, papel: Papel = 'usuario') =>
    call('POST', `/api/produto/${id}/estoque/movimento`, papel, m);
  const colunas = async (id: number) => {
    const [r] = await raw<{ estoque: number; reservado: number }>(
      'SELECT estoque, reservado FROM produtos WHERE id = $1',
      [id],
    );
    return { estoque: Number(r!.estoque), reservado: Number(r!.reservado) };
  };
  const rodarTarefas = async () => {
    for (let i = 0; i < 4; i++) await t.app.jobWorker.runOnce();
  };
  const chegou = async (para: string, nome: string) =>
    (await caixaDeSaida(t.app, para)).filter((e) => e.assunto === `${nome} chegou!`);

  /** A new physical product with `estoque` units on hand, through the back-office API. */
  async function produto(estoque: number, extra: Partial<ProdutoAdminInput> = {}) {
    const nome = `Espátula de teste ${kind} ${++seq}`;
    const res = await call('POST', '/api/produto/create/', 'admin', {
      nome,
      descricao: 'Espátula de inserção de resina, aço inox.',
      preco: 39.9,
      categoria: { id: categoriaFisica },
      altura: 1,
      largura: 1,
      comprimento: 18,
      peso: 0.03,
      estoqueInicial: estoque,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: contentOf(produtoAdminApi.criar, res).id, nome };
  }

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    tokens.admin = await t.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    tokens.usuario = await t.login(DEMO_ACCOUNTS.equipe.email, DEMO_ACCOUNTS.equipe.password);
    tokens.cliente = await t.login(DEMO_ACCOUNTS.cliente.email, DEMO_ACCOUNTS.cliente.password);
    const [c] = await raw<{ id: number }>('SELECT id FROM categorias WHERE NOT digital ORDER BY id LIMIT 1');
    categoriaFisica = Number(c!.id);
  });
  afterAll(() => t?.dispose());
  beforeEach(async () => {
    await raw('DELETE FROM tarefas');
  });

  describe('movimentos da equipe', () => {
    it('entrada soma, ajuste grava a contagem (a diferença), perda tira; cada um com quem e por quê, auditado', async () => {
      const p = await produto(10);
      const entrada = await mover(p.id, { tipo: 'entrada', quantidade: 5, motivo: 'NF 1234 do fornecedor' });
      expect(entrada.statusCode, entrada.body).toBe(201);
      expect(body(entrada).message).toBe(MSG_ESTOQUE_EQUIPE.entradaRegistrada);
      expect(contentOf(estoqueApi.movimentar, entrada)).toEqual({
        produtoId: p.id,
        estoque: 15,
        reservado: 0,
        disponiveis: 15,
        estoqueMinimo: 5,
      });
      const ajuste = await mover(p.id, { tipo: 'ajuste', quantidade: 12, motivo: 'Contagem do inventário' }, 'admin');
      expect(contentOf(estoqueApi.movimentar, ajuste).estoque).toBe(12);
      expect(body(ajuste).message).toBe(MSG_ESTOQUE_EQUIPE.ajusteRegistrado);
      const perda = await mover(p.id, { tipo: 'perda', quantidade: 2, motivo: 'Embalagem violada' });
      expect(contentOf(estoqueApi.movimentar, perda).estoque).toBe(10);
      expect(body(perda).message).toBe(MSG_ESTOQUE_EQUIPE.perdaRegistrada);
      expect(await colunas(p.id)).toEqual({ estoque: 10, reservado: 0 });

      const linhas = await raw<{
        tipo: string;
        quantidade: number;
        delta_estoque: number;
        motivo: string;
        quem: string;
      }>(
        'SELECT tipo, quantidade, delta_estoque, motivo, quem FROM estoque_movimentos WHERE produto_id = $1 ORDER BY id',
        [p.id],
      );
      expect(linhas.map((l) => [l.tipo, Number(l.quantidade), Number(l.delta_estoque), l.motivo, l.quem])).toEqual([
        ['entrada', 10, 10, MSG_ESTOQUE_EQUIPE.motivoEstoqueInicial, 'ADMIN'],
        ['entrada', 5, 5, 'NF 1234 do fornecedor', 'USUARIO'],
        ['ajuste', 3, -3, 'Contagem do inventário', 'ADMIN'],
        ['perda', 2, -2, 'Embalagem violada', 'USUARIO'],
      ]);
      // The columns are the sums of the movements.
      expect(await n('SELECT sum(delta_estoque) AS n FROM estoque_movimentos WHERE produto_id = $1', [p.id])).toBe(10);
      const auditoria = await raw<{ antes: { estoque: number }; depois: { estoque: number; tipo: string } }>(
        "SELECT antes, depois FROM auditoria WHERE entidade = 'produto' AND entidade_id = $1 AND acao = 'MOVIMENTAR_ESTOQUE' ORDER BY id",
        [p.id],
      );
      expect(auditoria.map((a) => [a.antes.estoque, a.depois.estoque, a.depois.tipo])).toEqual([
        [10, 15, 'entrada'],
        [15, 12, 'ajuste'],
        [12, 10, 'perda'],
      ]);
    });

    it('nunca abaixo das unidades reservadas: 422 com a mensagem, e nada é gravado', async () => {
      const p = await produto(10);
      await raw('UPDATE produtos SET reservado = 4 WHERE id = $1', [p.id]);
      const movimentosAntes = await n('SELECT count(*) AS n FROM estoque_movimentos WHERE produto_id = $1', [p.id]);
      const mensagem = 'O estoque não pode ficar abaixo das 4 unidades reservadas em pedidos.';
      for (const m of [
        { tipo: 'perda', quantidade: 7, motivo: 'Quebra no depósito' },
        { tipo: 'ajuste', quantidade: 3, motivo: 'Contagem' },
      ] as const) {
        const res = await mover(p.id, m);
        expect(res.statusCode).toBe(422);
        expect(body(res).message).toBe(mensagem);
      }
      // Exactly the reserved units is fine.
      expect((await mover(p.id, { tipo: 'ajuste', quantidade: 4, motivo: 'Contagem' })).statusCode).toBe(201);
      expect(await colunas(p.id)).toEqual({ estoque: 4, reservado: 4 });
      expect(await n('SELECT count(*) AS n FROM estoque_movimentos WHERE produto_id = $1', [p.id])).toBe(
        movimentosAntes + 1,
      );
    });

    it('o que não cabe: motivo, quantidade, contagem igual, produto digital ou desconhecido', async () => {
      const p = await produto(3);
      const semMotivo = await mover(p.id, { tipo: 'perda', quantidade: 1 });
      expect(semMotivo.statusCode).toBe(400);
      expect(JSON.stringify(body(semMotivo).content)).toContain(MSG_ESTOQUE_EQUIPE.motivoObrigatorio);
      expect((await mover(p.id, { tipo: 'ajuste', quantidade: 2 })).statusCode).toBe(400);
      expect((await mover(p.id, { tipo: 'entrada', quantidade: 0 })).statusCode).toBe(400);
      expect((await mover(p.id, { tipo: 'entrada', quantidade: 1.5 })).statusCode).toBe(400);
      const igual = await mover(p.id, { tipo: 'ajuste', quantidade: 3, motivo: 'Contagem' });
      expect(igual.statusCode).toBe(422);
      expect(body(igual).message).toBe(MSG_ESTOQUE_EQUIPE.semDiferenca);
      const [curso] = await raw<{ id: number }>('SELECT id FROM produtos WHERE digital LIMIT 1');
      const digital = await mover(Number(curso!.id), { tipo: 'entrada', quantidade: 1 });
      expect(digital.statusCode).toBe(422);
      expect(body(digital).message).toBe(MSG_ESTOQUE_EQUIPE.produtoDigital);
      expect((await mover(999_999, { tipo: 'entrada', quantidade: 1 })).statusCode).toBe(404);
    });

    it('só a equipe: anônimo 401, cliente 403, em cada rota', async () => {
      const p = await produto(3);
      const rotas: Array<[method: 'GET' | 'POST', url: string, payload?: unknown]> = [
        ['POST', `/api/produto/${p.id}/estoque/movimento`, { tipo: 'entrada', quantidade: 1 }],
        ['GET', `/api/produto/${p.id}/estoque/movimentos`],
        ['GET', '/api/produto/estoque/baixo'],
      ];
      for (const [method, url, payload] of rotas) {
        expect((await call(method, url, 'anonimo', payload)).statusCode, url).toBe(401);
        expect((await call(method, url, 'cliente', payload)).statusCode, url).toBe(403);
        expect([200, 201], url).toContain((await call(method, url, 'usuario', payload)).statusCode);
      }
    });

    it('a perda e os pedidos disputando as mesmas unidades: o CHECK nunca quebra e as contas fecham', async () => {
      const p = await produto(10);
      // Orders reserve by the same conditional UPDATE as the order's statement (precificacao.repository.ts).
      const reservar = () =>
        raw('UPDATE produtos SET reservado = reservado + 1 WHERE id = $1 AND estoque - reservado >= 1 RETURNING id', [
          p.id,
        ]);
      const resultados = await Promise.all([
        ...Array.from({ length: 6 }, () => reservar()),
        ...Array.from({ length: 3 }, () => mover(p.id, { tipo: 'perda', quantidade: 2, motivo: 'Avaria' })),
      ]);
      const reservas = resultados.slice(0, 6).filter((r) => (r as unknown[]).length === 1).length;
      const perdas = resultados.slice(6).filter((r) => (r as { statusCode: number }).statusCode === 201).length;
      const c = await colunas(p.id);
      expect(c).toEqual({ estoque: 10 - 2 * perdas, reservado: reservas });
      expect(c.reservado).toBeLessThanOrEqual(c.estoque);
    });
  });

  describe('listas', () => {
    it('movimentos do produto, mais novos primeiro, com o nome de quem fez e o pedido', async () => {
      const p = await produto(8);
      await mover(p.id, { tipo: 'perda', quantidade: 1, motivo: 'Amostra para a recepção' });
      const [pedido] = await raw<{ id: number }>('SELECT id FROM pedidos ORDER BY id LIMIT 1');
      await raw(
        `INSERT INTO estoque_movimentos (produto_id, pedido_id, tipo, quantidade, delta_estoque, delta_reservado, quem)
         VALUES ($1, $2, 'reserva', 1, 0, 1, 'CLIENTE')`,
        [p.id, pedido!.id],
      );
      await raw('UPDATE produtos SET reservado = 1 WHERE id = $1', [p.id]);
      const res = await call('GET', `/api/produto/${p.id}/estoque/movimentos?size=10`, 'usuario');
      const lista = contentOf(estoqueApi.movimentos, res);
      expect(lista.estoque).toEqual({ produtoId: p.id, estoque: 7, reservado: 1, disponiveis: 6, estoqueMinimo: 5 });
      expect(lista.totalRegistros).toBe(3);
      expect(lista.listaMovimento.map((m) => [m.tipo, m.quantidade, m.pedidoId, m.motivo, m.quem, m.quemNome])).toEqual(
        [
          ['reserva', 1, Number(pedido!.id), null, 'CLIENTE', null],
          ['perda', 1, null, 'Amostra para a recepção', 'USUARIO', expect.any(String)],
          ['entrada', 8, null, MSG_ESTOQUE_EQUIPE.motivoEstoqueInicial, 'ADMIN', expect.any(String)],
        ],
      );
      expect(lista.listaMovimento[1]!.quemNome).toBeTruthy();
    });

    it('a demonstração: o esgotado e o quase esgotado no estoque baixo, um avise-me e movimentos da equipe', async () => {
      const nome = (slug: string) => DEMO_PRODUTOS_FISICOS.find((p) => p.slug === slug)!.nome;
      const lista = contentOf(estoqueApi.baixo, await call('GET', '/api/produto/estoque/baixo?size=100', 'usuario'));
      expect(lista.listaProduto[0]!.nome).toBe(nome(DEMO_ESGOTADO));
      expect(lista.listaProduto.map((p) => p.nome)).toContain(nome(DEMO_ESTOQUE_BAIXO));
      expect(
        await n('SELECT count(*) AS n FROM estoque_avisos a JOIN produtos p ON p.id = a.produto_id WHERE p.nome = $1', [
          nome(DEMO_ESGOTADO),
        ]),
      ).toBe(1);
      expect(
        await n("SELECT count(*) AS n FROM estoque_movimentos WHERE quem = 'USUARIO' AND motivo IS NOT NULL"),
      ).toBeGreaterThanOrEqual(3);
      // The columns are still the sums of the movements, for every product.
      expect(
        await n(
          `SELECT count(*) AS n FROM produtos p WHERE NOT p.digital AND (p.estoque, p.reservado) <>
          (SELECT coalesce(sum(delta_estoque), 0), coalesce(sum(delta_reservado), 0) FROM estoque_movimentos m
           WHERE m.produto_id = p.id) AND p.nome = ANY($1::text[])`,
          [`{${DEMO_PRODUTOS_FISICOS.map((p) => `"${p.nome}"`).join(',')}}`],
        ),
      ).toBe(0);
    });

    it("'Estoque baixo': no mínimo ou abaixo, esgotados primeiro; é a contagem do painel", async () => {
      const antes = contentOf(estoqueApi.baixo, await call('GET', '/api/produto/estoque/baixo?size=100', 'usuario'));
      const esgotado = await produto(0, { estoqueMinimo: 2 });
      const noMinimo = await produto(4, { estoqueMinimo: 4 });
      const folgado = await produto(9, { estoqueMinimo: 4 });
      // Reserved units count: 9 on hand with 6 reserved leaves 3.
      const reservado = await produto(9, { estoqueMinimo: 3 });
      await raw('UPDATE produtos SET reservado = 6 WHERE id = $1', [reservado.id]);
      const inativo = await produto(0, { ativo: false });
      const depois = contentOf(estoqueApi.baixo, await call('GET', '/api/produto/estoque/baixo?size=100', 'usuario'));
      const ids = depois.listaProduto.map((p) => p.id);
      expect(ids).toEqual(expect.arrayContaining([esgotado.id, noMinimo.id, reservado.id]));
      expect(ids).not.toContain(folgado.id);
      expect(ids).not.toContain(inativo.id);
      expect(depois.totalRegistros).toBe(antes.totalRegistros + 3);
      const disponiveis = depois.listaProduto.map((p) => p.disponiveis);
      expect(disponiveis).toEqual([...disponiveis].sort((a, b) => a - b));
      expect(depois.listaProduto.find((p) => p.id === reservado.id)).toMatchObject({
        estoque: 9,
        reservado: 6,
        disponiveis: 3,
        estoqueMinimo: 3,
      });
      // The dashboard's notice reads the total of the first page.
      const painel = contentOf(estoqueApi.baixo, await call('GET', '/api/produto/estoque/baixo?size=1', 'usuario'));
      expect(painel.totalRegistros).toBe(depois.totalRegistros);
    });
  });

  describe('avise-me quando chegar', () => {
    const aviseMe = (id: number, papel: Papel, email?: string) =>
      call('POST', `/api/produto/${id}/avise-me`, papel, email === undefined ? {} : { email });

    it('visitante com e-mail; o segundo pedido diz que já está registrado; cliente com um clique', async () => {
      const p = await produto(0);
      const res = await aviseMe(p.id, 'anonimo', 'Visitante.Um@Example.com');
      expect(res.statusCode, res.body).toBe(201);
      expect(body(res).message).toBe(MSG_ESTOQUE.aviseMeRegistrado);
      expect(contentOf(aviseMeApi.aviseMe, res)).toEqual({ jaRegistrado: false });
      const outra = await aviseMe(p.id, 'anonimo', 'visitante.um@example.com');
      expect(body(outra).message).toBe(MSG_ESTOQUE.aviseMeJaRegistrado);
      expect(contentOf(aviseMeApi.aviseMe, outra)).toEqual({ jaRegistrado: true });
      const cliente = await aviseMe(p.id, 'cliente');
      expect(contentOf(aviseMeApi.aviseMe, cliente)).toEqual({ jaRegistrado: false });
      const linhas = await raw<{ email: string; usuario_id: number | null }>(
        'SELECT email, usuario_id FROM estoque_avisos WHERE produto_id = $1 ORDER BY id',
        [p.id],
      );
      expect(linhas.map((l) => [l.email, l.usuario_id === null])).toEqual([
        ['visitante.um@example.com', true],
        [DEMO_ACCOUNTS.cliente.email, false],
      ]);
      // A visitor without an e-mail, an invalid one, a product for sale, a course: refused.
      expect((await aviseMe(p.id, 'anonimo')).statusCode).toBe(422);
      expect((await aviseMe(p.id, 'anonimo', 'nao-e-email')).statusCode).toBe(400);
      const aVenda = await produto(3);
      const disponivel = await aviseMe(aVenda.id, 'anonimo', 'x@example.com');
      expect(disponivel.statusCode).toBe(422);
      expect(body(disponivel).message).toBe(MSG_ESTOQUE.aviseMeDisponivel);
      const [curso] = await raw<{ id: number }>('SELECT id FROM produtos WHERE digital LIMIT 1');
      expect((await aviseMe(Number(curso!.id), 'anonimo', 'x@example.com')).statusCode).toBe(422);
    });

    it('a entrada que traz o produto de volta manda um e-mail por pedido, uma vez; esgotado, nenhum', async () => {
      const p = await produto(0);
      const emails = [`a-${kind}-${seq}@example.com`, `b-${kind}-${seq}@example.com`];
      for (const e of emails) expect((await aviseMe(p.id, 'anonimo', e)).statusCode).toBe(201);
      // Still sold out: the sweep finds nothing to send.
      await t.app.jobs.enqueue(JOB_AVISAR_ESTOQUE, {});
      await rodarTarefas();
      expect(await chegou(emails[0]!, p.nome)).toHaveLength(0);

      await mover(p.id, { tipo: 'entrada', quantidade: 5, motivo: 'Reposição' });
      await rodarTarefas();
      for (const e of emails) {
        const recebidos = await chegou(e, p.nome);
        expect(recebidos).toHaveLength(1);
        expect(recebidos[0]!.texto).toContain(`/details/${p.id}`);
      }
      expect(
        await n('SELECT count(*) AS n FROM estoque_avisos WHERE produto_id = $1 AND enviado_em IS NULL', [p.id]),
      ).toBe(0);
      // More runs, more entradas: nothing more.
      await t.app.jobs.enqueue(JOB_AVISAR_ESTOQUE, {});
      await mover(p.id, { tipo: 'entrada', quantidade: 1 });
      await rodarTarefas();
      for (const e of emails) expect(await chegou(e, p.nome)).toHaveLength(1);
      // Answered, the same e-mail may ask again once the product is sold out again.
      await mover(p.id, { tipo: 'ajuste', quantidade: 0, motivo: 'Lote recolhido' });
      expect(contentOf(aviseMeApi.aviseMe, await aviseMe(p.id, 'anonimo', emails[0]))).toEqual({ jaRegistrado: false });
    });

    it('duas entradas simultâneas e duas execuções juntas: um e-mail por pedido', async () => {
      const p = await produto(0);
      const email = `simultanea-${kind}-${seq}@example.com`;
      await aviseMe(p.id, 'anonimo', email);
      const [a, b] = await Promise.all([
        mover(p.id, { tipo: 'entrada', quantidade: 2 }),
        mover(p.id, { tipo: 'entrada', quantidade: 3 }, 'admin'),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      await t.app.jobs.enqueue(JOB_AVISAR_ESTOQUE, {});
      await Promise.all([t.app.jobWorker.runOnce(), t.app.jobWorker.runOnce(), t.app.jobWorker.runOnce()]);
      await rodarTarefas();
      expect(await chegou(email, p.nome)).toHaveLength(1);
      expect(await colunas(p.id)).toEqual({ estoque: 5, reservado: 0 });
    });

    it('uma reserva liberada que traz o produto de volta: a varredura periódica avisa', async () => {
      const p = await produto(2);
      await raw('UPDATE produtos SET reservado = 2 WHERE id = $1', [p.id]);
      const email = `liberada-${kind}-${seq}@example.com`;
      expect((await aviseMe(p.id, 'anonimo', email)).statusCode).toBe(201);
      // An order gives its units up (pedido-estoque.ts): no staff move, no job of the product.
      await raw('UPDATE produtos SET reservado = 0 WHERE id = $1', [p.id]);
      await t.app.jobs.enqueue(JOB_AVISAR_ESTOQUE, {});
      await rodarTarefas();
      expect(await chegou(email, p.nome)).toHaveLength(1);
    });
  });
});
