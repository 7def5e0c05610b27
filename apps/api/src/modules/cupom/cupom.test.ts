import { describe, expect, it, beforeAll } from 'vitest';
import { hojeNaClinica, somarDias } from '@clinica/shared/clinic-day';
import { MSG } from '@clinica/shared/messages';
import { MSG_CUPOM } from '@clinica/shared/messages-cupom';
import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { formatBRL, toCents } from '@clinica/shared/money';
import { auditoriaApi } from '@clinica/shared/schemas/auditoria';
import { cupomApi } from '@clinica/shared/schemas/cupom';
import { cupomAdminApi, type CupomInput } from '@clinica/shared/schemas/cupom-admin';
import { DEMO_CUPONS } from '../../db/seed/demo-data.js';
import { isAppError } from '../../lib/errors.js';
import { contar } from '../../test/db-queries.js';
import { body, contentOf, testDatabaseTargets } from '../../test/harness.js';
import { staffTestApp, type Rota } from '../../test/staff-app.js';
import { avaliarCupom, registrarUso, type LinhaDoPedido } from './cupom-uso.js';

/** A whole coupon body (reais and percentages on the wire), with `over` on top. */
const corpo = (over: Partial<CupomInput> & { id?: number } = {}): CupomInput & { id?: number } => ({
  codigo: 'TESTE10',
  descricao: 'Cupom de teste',
  tipo: 'PERCENTUAL',
  valor: 10,
  valorMinimo: null,
  inicio: null,
  fim: null,
  limiteUsos: null,
  limitePorCliente: null,
  primeiraCompra: false,
  escopo: 'LOJA',
  categoriaIds: [],
  produtoIds: [],
  acumulaPix: true,
  acumulaBrinde: true,
  ativo: true,
  ...over,
});

describe.each(testDatabaseTargets())('cupons de desconto: /api/cupom/* (%s)', (kind) => {
  const staff = staffTestApp(kind);
  const { tk, call } = staff;

  /** Seeded products: two physical ones of different categories, a course, the gift. */
  const loja = {} as {
    fisico: { id: number; preco: number; categoriaId: number };
    outroFisico: { id: number; preco: number; categoriaId: number };
    curso: { id: number; preco: number; categoriaId: number };
    brinde: { id: number };
  };
  beforeAll(async () => {
    const produto = async (where: string) => {
      const [p] = await staff.t.database.raw<{ id: number; preco: string; categoria_id: number }>(
        `SELECT id, preco::text AS preco, categoria_id FROM produtos WHERE ${where} ORDER BY id LIMIT 1`,
      );
      return { id: Number(p!.id), preco: toCents(p!.preco), categoriaId: Number(p!.categoria_id) };
    };
    loja.fisico = await produto('NOT digital AND NOT brinde AND ativo AND disponivel');
    loja.outroFisico = await produto(
      `NOT digital AND NOT brinde AND ativo AND disponivel AND categoria_id <> ${loja.fisico.categoriaId}`,
    );
    loja.curso = await produto('digital AND ativo AND disponivel');
    loja.brinde = await produto('brinde');
  });

  const idDe = async (codigo: string) =>
    Number((await staff.t.database.raw<{ id: number }>('SELECT id FROM cupons WHERE codigo = $1', [codigo]))[0]!.id);

  const criar = async (over: Partial<CupomInput>) =>
    contentOf(cupomAdminApi.criar, await call('POST', '/api/cupom/', tk.admin, corpo(over)));

  let seq = 0;
  /** `n` new customers (users and client rows), with a token each. */
  async function novosClientes(n: number) {
    const lote = `${kind}-${++seq}`;
    const usuarios = await staff.t.database.raw<{ id: number }>(
      `INSERT INTO usuarios (nome, email, senha_hash, permissao_id, ativo, confirmado)
       SELECT 'Cliente de teste ' || g, 'cupom-' || $1 || '-' || g || '@example.com', 'x', 2, true, true
       FROM generate_series(1, $2::int) AS g ORDER BY g RETURNING id`,
      [lote, n],
    );
    const ids = usuarios.map((u) => Number(u.id));
    const clientes = await staff.t.database.raw<{ id: number; usuario_id: number }>(
      `INSERT INTO clientes (usuario_id, juridica, nome, cpf, telefone)
       SELECT u, false, 'Cliente ' || u, lpad(u::text, 11, '0'), '11900000000'
       FROM unnest($1::int[]) AS u ORDER BY u RETURNING id, usuario_id`,
      [`{${ids.join(',')}}`],
    );
    const porUsuario = new Map(clientes.map((c) => [Number(c.usuario_id), Number(c.id)]));
    return Promise.all(
      ids.map(async (usuarioId) => {
        const clienteId = porUsuario.get(usuarioId)!;
        const token = await staff.t.issueToken({ id: usuarioId, permissao: 'CLIENTE', idCliente: clienteId });
        return { usuarioId, clienteId, token };
      }),
    );
  }

  /** A new order of each customer, in `situacao`; returns the ids in the same order. */
  async function pedidosDe(clienteIds: number[], situacao = 'PENDENTE') {
    const ids: number[] = [];
    for (const clienteId of clienteIds) {
      const [p] = await staff.t.database.raw<{ id: number }>(
        `INSERT INTO pedidos (cliente_id, situacao, valor_produtos, valor_total) VALUES ($1, $2, 100, 100) RETURNING id`,
        [clienteId, situacao],
      );
      ids.push(Number(p!.id));
    }
    return ids;
  }

  const validar = (token: string | undefined, codigo: string, itens: Array<[number, number]>) =>
    call('POST', '/api/cupom/validar', token, {
      codigo,
      itens: itens.map(([id, quantidade]) => ({ produto: { id }, quantidade })),
    });

  const usar = (codigo: string, clienteId: number, pedidoId: number, linhas: LinhaDoPedido[]) =>
    staff.t.database.db.transaction((tx) => registrarUso(tx, { codigo, clienteId, pedidoId, linhas }));

  describe('quem pode', () => {
    it('anônimo 401 e CLIENTE 403 no back-office; a equipe lê, só o Gerente escreve', async () => {
      const id = await idDe('BEMVINDO10');
      const rotas: Rota[] = [
        ['GET', '/api/cupom/listagem'],
        ['GET', `/api/cupom/${id}`],
        ['GET', `/api/cupom/${id}/usos`],
        ['POST', '/api/cupom/', corpo({ codigo: 'INTRUSO' })],
        ['PUT', `/api/cupom/${id}`, corpo({ codigo: 'INTRUSO' })],
        ['PUT', `/api/cupom/desativar/${id}`],
      ];
      await staff.expectStaffOnly(rotas);
      for (const [method, url] of rotas.slice(0, 3)) expect((await call(method, url, tk.equipe)).statusCode).toBe(200);
      for (const [method, url, payload] of rotas.slice(3)) {
        const res = await call(method, url, tk.equipe, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(body(res).message).toBe(MSG.semPermissao);
      }
      expect(await contar(staff.t.database, "SELECT count(*) AS n FROM cupons WHERE codigo = 'INTRUSO'")).toBe(0);
      expect(contentOf(cupomAdminApi.buscar, await call('GET', `/api/cupom/${id}`, tk.admin)).ativo).toBe(true);
    });

    it('validar é do cliente: visitante 401, equipe e Gerente 403', async () => {
      const itens: Array<[number, number]> = [[loja.fisico.id, 1]];
      expect((await validar(undefined, 'BEMVINDO10', itens)).statusCode).toBe(401);
      expect((await validar(tk.equipe, 'BEMVINDO10', itens)).statusCode).toBe(403);
      expect((await validar(tk.admin, 'BEMVINDO10', itens)).statusCode).toBe(403);
    });
  });

  describe('back-office', () => {
    it('os cupons da demonstração: BEMVINDO10 vigente e NATAL2025 expirado, valores em centésimos no contrato', async () => {
      const lista = contentOf(cupomAdminApi.listagem, await call('GET', '/api/cupom/listagem', tk.equipe));
      const bemvindo = lista.listaCupom.find((c) => c.codigo === 'BEMVINDO10')!;
      const natal = lista.listaCupom.find((c) => c.codigo === 'NATAL2025')!;
      expect(bemvindo).toMatchObject({ tipo: 'PERCENTUAL', valor: 1000, escopo: 'LOJA', situacao: 'VIGENTE', usos: 0 });
      expect(natal).toMatchObject({ valor: 1500, inicio: '2025-12-01', fim: '2025-12-26', situacao: 'EXPIRADO' });
      const cheio = contentOf(cupomAdminApi.buscar, await call('GET', `/api/cupom/${bemvindo.id}`, tk.equipe));
      expect(cheio).toMatchObject({
        codigo: DEMO_CUPONS[0].codigo,
        primeiraCompra: true,
        limitePorCliente: 1,
        valorMinimo: null,
        acumulaPix: false,
        acumulaBrinde: true,
        totalDescontado: 0,
      });
      // On the wire: the percentage as written.
      const raw = await call('GET', `/api/cupom/${bemvindo.id}`, tk.equipe);
      expect(raw.json().content.valor).toBe(10);
    });

    it('cadastra (201, código em maiúsculas, categorias por nome) e registra na auditoria', async () => {
      const res = await call(
        'POST',
        '/api/cupom/',
        tk.admin,
        corpo({
          codigo: ' outono15 ',
          descricao: 'Outono: 15,5% em duas categorias',
          valor: 15.5,
          valorMinimo: 120.5,
          inicio: hojeNaClinica(),
          fim: somarDias(hojeNaClinica(), 30),
          limiteUsos: 50,
          limitePorCliente: 2,
          escopo: 'CATEGORIAS',
          categoriaIds: [loja.fisico.categoriaId, loja.curso.categoriaId, loja.fisico.categoriaId],
          produtoIds: [loja.fisico.id],
          acumulaPix: false,
        }),
      );
      expect(res.statusCode).toBe(201);
      expect(body(res).message).toBe(MSG_BO.cupomCadastrado);
      expect(res.json().content).toMatchObject({ codigo: 'OUTONO15', valor: 15.5, valorMinimo: 120.5 });
      const c = contentOf(cupomAdminApi.criar, res);
      expect(c).toMatchObject({ valor: 1550, valorMinimo: 12050, limiteUsos: 50, situacao: 'VIGENTE', usos: 0 });
      expect(c.categorias.map((x) => x.id).sort()).toEqual([loja.fisico.categoriaId, loja.curso.categoriaId].sort());
      expect(c.categorias.every((x) => x.nome.length > 0)).toBe(true);
      // The ids of another scope are not kept.
      expect(c.produtos).toEqual([]);

      const log = contentOf(auditoriaApi.listar, await call('GET', `/api/auditoria/cupom/${c.id}`, tk.equipe));
      expect(log.registros).toHaveLength(1);
      expect(log.registros[0]).toMatchObject({
        acao: 'CRIAR',
        antes: null,
        depois: { cupom: 'OUTONO15', percentual: 15.5, valorFixo: null, valorMinimo: 12050, escopo: 'CATEGORIAS' },
      });
    });

    it('recusa o que não cabe no contrato com as mensagens de cada campo, e nada é gravado', async () => {
      const erros = async (over: Partial<CupomInput>) => {
        const res = await call('POST', '/api/cupom/', tk.admin, corpo({ codigo: 'RECUSADO', ...over }));
        expect(res.statusCode).toBe(400);
        return (body(res).content as { errors: Array<{ campo: string; mensagem: string }> }).errors;
      };
      expect(await erros({ codigo: 'com espaço' })).toEqual([{ campo: 'codigo', mensagem: MSG_BO.cupomCodigoFormato }]);
      expect(await erros({ codigo: 'AB' })).toEqual([{ campo: 'codigo', mensagem: MSG_BO.cupomCodigoFormato }]);
      expect(await erros({ codigo: 'AÇÃO10' })).toEqual([{ campo: 'codigo', mensagem: MSG_BO.cupomCodigoFormato }]);
      expect(await erros({ valor: 100.01 })).toEqual([{ campo: 'valor', mensagem: MSG_BO.cupomPercentualInvalido }]);
      expect(await erros({ valor: 0 })).toEqual([{ campo: 'valor', mensagem: MSG_BO.cupomPercentualInvalido }]);
      expect(await erros({ tipo: 'FIXO', valor: 0 })).toEqual([{ campo: 'valor', mensagem: MSG_BO.cupomValorZero }]);
      expect(await erros({ valor: 10.555 })).toEqual([
        { campo: 'valor', mensagem: 'O valor deve ter no máximo duas casas decimais.' },
      ]);
      expect(await erros({ inicio: '2026-05-10', fim: '2026-05-09' })).toEqual([
        { campo: 'fim', mensagem: MSG.periodoInvalido },
      ]);
      expect(await erros({ inicio: '2026-02-30' })).toEqual([{ campo: 'inicio', mensagem: MSG.dataInvalida }]);
      expect(await erros({ escopo: 'CATEGORIAS' })).toEqual([
        { campo: 'categoriaIds', mensagem: MSG_BO.cupomSemCategorias },
      ]);
      expect(await erros({ escopo: 'PRODUTOS' })).toEqual([{ campo: 'produtoIds', mensagem: MSG_BO.cupomSemProdutos }]);
      expect(await erros({ limiteUsos: 0, limitePorCliente: 1.5 })).toEqual([
        { campo: 'limiteUsos', mensagem: MSG_BO.cupomLimiteInvalido },
        { campo: 'limitePorCliente', mensagem: MSG_BO.cupomLimiteInvalido },
      ]);
      expect(await erros({ valorMinimo: 0 })).toEqual([
        { campo: 'valorMinimo', mensagem: MSG_BO.cupomValorMinimoZero },
      ]);
      const vazio = await call('POST', '/api/cupom/', tk.admin, {});
      expect(body(vazio).content).toEqual({
        errors: expect.arrayContaining([
          { campo: 'codigo', mensagem: MSG.naoVazio },
          { campo: 'descricao', mensagem: MSG.naoVazio },
          { campo: 'tipo', mensagem: MSG.naoVazio },
          { campo: 'valor', mensagem: MSG.naoVazio },
          { campo: 'escopo', mensagem: MSG.naoVazio },
          { campo: 'ativo', mensagem: MSG.naoVazio },
        ]),
      });
      expect(await contar(staff.t.database, "SELECT count(*) AS n FROM cupons WHERE codigo = 'RECUSADO'")).toBe(0);
    });

    it('código repetido (sem diferença de maiúsculas) é 409; categoria ou produto que não existe é 422; nada é gravado', async () => {
      const repetido = await call('POST', '/api/cupom/', tk.admin, corpo({ codigo: 'bemvindo10' }));
      expect(repetido.statusCode).toBe(409);
      expect(body(repetido)).toEqual({
        statusCode: 409,
        message: MSG_BO.cupomCodigoEmUso,
        content: { errors: [{ campo: 'codigo', mensagem: MSG_BO.cupomCodigoEmUso }] },
      });
      const semCategoria = await call(
        'POST',
        '/api/cupom/',
        tk.admin,
        corpo({ codigo: 'FANTASMA1', escopo: 'CATEGORIAS', categoriaIds: [2_147_483_000] }),
      );
      expect(semCategoria.statusCode).toBe(422);
      expect(body(semCategoria).message).toBe(MSG_BO.cupomCategoriasInexistentes);
      const semProduto = await call(
        'POST',
        '/api/cupom/',
        tk.admin,
        corpo({ codigo: 'FANTASMA2', escopo: 'PRODUTOS', produtoIds: [loja.fisico.id, 2_147_483_000] }),
      );
      expect(semProduto.statusCode).toBe(422);
      expect(body(semProduto).message).toBe(MSG_BO.cupomProdutosInexistentes);
      expect(await contar(staff.t.database, "SELECT count(*) AS n FROM cupons WHERE codigo LIKE 'FANTASMA%'")).toBe(0);
      expect(
        await contar(
          staff.t.database,
          "SELECT count(*) AS n FROM auditoria WHERE entidade = 'cupom' AND depois->>'cupom' LIKE 'FANTASMA%'",
        ),
      ).toBe(0);
    });

    it('de vários cadastros simultâneos do mesmo código, exatamente um vence', async () => {
      const respostas = await Promise.all(
        [1, 2, 3, 4].map((i) =>
          call('POST', '/api/cupom/', tk.admin, corpo({ codigo: 'corrida', descricao: `Corrida ${i}` })),
        ),
      );
      expect(respostas.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
      expect(await contar(staff.t.database, "SELECT count(*) AS n FROM cupons WHERE codigo = 'CORRIDA'")).toBe(1);
    });

    it('edita o cupom inteiro (com auditoria do antes e depois); sem mudança não registra; id divergente 400, inexistente 404', async () => {
      const c = await criar({ codigo: 'EDITAVEL', tipo: 'FIXO', valor: 20 });
      const res = await call(
        'PUT',
        `/api/cupom/${c.id}`,
        tk.admin,
        corpo({
          id: c.id,
          codigo: 'EDITADO',
          tipo: 'FIXO',
          valor: 25.9,
          escopo: 'PRODUTOS',
          produtoIds: [loja.curso.id],
        }),
      );
      expect(body(res).message).toBe(MSG_BO.cupomAtualizado);
      const editado = contentOf(cupomAdminApi.editar, res);
      expect(editado).toMatchObject({ codigo: 'EDITADO', valor: 2590, escopo: 'PRODUTOS' });
      expect(editado.produtos).toEqual([{ id: loja.curso.id, nome: expect.any(String) }]);
      const mesmo = await call(
        'PUT',
        `/api/cupom/${c.id}`,
        tk.admin,
        corpo({ codigo: 'editado', tipo: 'FIXO', valor: 25.9, escopo: 'PRODUTOS', produtoIds: [loja.curso.id] }),
      );
      expect(mesmo.statusCode).toBe(200);
      const log = contentOf(auditoriaApi.listar, await call('GET', `/api/auditoria/cupom/${c.id}`, tk.admin));
      expect(log.registros.map((r) => r.acao)).toEqual(['EDITAR', 'CRIAR']);
      expect(log.registros[0]).toMatchObject({
        antes: { cupom: 'EDITAVEL', valorFixo: 2000, escopo: 'LOJA', produtos: [] },
        depois: { cupom: 'EDITADO', valorFixo: 2590, escopo: 'PRODUTOS', produtos: [loja.curso.id] },
      });

      const diverge = await call('PUT', `/api/cupom/${c.id}`, tk.admin, corpo({ id: c.id + 1, codigo: 'OUTRO' }));
      expect(diverge.statusCode).toBe(400);
      expect(body(diverge).message).toBe(MSG_BO.idCorpoDivergente);
      const nada = await call('PUT', '/api/cupom/2147483000', tk.admin, corpo({ codigo: 'OUTRO' }));
      expect(nada.statusCode).toBe(404);
      expect(body(nada).message).toBe(MSG_BO.cupomNaoEncontrado);
      const tomado = await call('PUT', `/api/cupom/${c.id}`, tk.admin, corpo({ codigo: 'NATAL2025' }));
      expect(tomado.statusCode).toBe(409);
      expect(contentOf(cupomAdminApi.buscar, await call('GET', `/api/cupom/${c.id}`, tk.admin)).codigo).toBe('EDITADO');
    });

    it('desativa (auditado), desativar de novo não muda nada, e o cupom desativado não vale mais', async () => {
      const c = await criar({ codigo: 'DESATIVAR' });
      const [cliente] = await novosClientes(1);
      expect((await validar(cliente!.token, 'desativar', [[loja.fisico.id, 1]])).statusCode).toBe(200);
      const res = await call('PUT', `/api/cupom/desativar/${c.id}`, tk.admin);
      expect(body(res).message).toBe(MSG_BO.cupomDesativadoComSucesso);
      expect(contentOf(cupomAdminApi.desativar, res)).toMatchObject({ ativo: false, situacao: 'INATIVO' });
      expect((await call('PUT', `/api/cupom/desativar/${c.id}`, tk.admin)).statusCode).toBe(200);
      const log = contentOf(auditoriaApi.listar, await call('GET', `/api/auditoria/cupom/${c.id}`, tk.admin));
      expect(log.registros.map((r) => r.acao)).toEqual(['ALTERAR_ATIVO', 'CRIAR']);
      expect(log.registros[0]).toMatchObject({ antes: { ativo: true }, depois: { ativo: false } });
      const recusa = await validar(cliente!.token, 'DESATIVAR', [[loja.fisico.id, 1]]);
      expect(recusa.statusCode).toBe(422);
      expect(body(recusa).message).toBe(MSG_CUPOM.desativado);
      expect((await call('PUT', '/api/cupom/desativar/2147483000', tk.admin)).statusCode).toBe(404);
    });

    it('a listagem filtra por código (contém, qualquer caixa), ativo e vigente, pagina e ordena', async () => {
      const hoje = hojeNaClinica();
      await criar({ codigo: 'LISTAA1' });
      await criar({ codigo: 'LISTAA2', ativo: false });
      await criar({ codigo: 'LISTAA3', inicio: somarDias(hoje, 1) });
      await criar({ codigo: 'LISTAA4', fim: somarDias(hoje, -1) });
      await criar({ codigo: 'LISTAA5', inicio: hoje, fim: hoje });
      const esgotado = await criar({ codigo: 'LISTAA6', limiteUsos: 1 });
      const [c] = await novosClientes(1);
      const [pedido] = await pedidosDe([c!.clienteId]);
      await usar('LISTAA6', c!.clienteId, pedido!, [{ produtoId: loja.fisico.id, valor: 1000, brinde: false }]);
      const listar = async (q: string) =>
        contentOf(cupomAdminApi.listagem, await call('GET', `/api/cupom/listagem?${q}`, tk.equipe));

      const todos = await listar('codigo=listaa&size=20');
      expect(todos.listaCupom.map((x) => [x.codigo, x.situacao])).toEqual([
        ['LISTAA1', 'VIGENTE'],
        ['LISTAA2', 'INATIVO'],
        ['LISTAA3', 'AGENDADO'],
        ['LISTAA4', 'EXPIRADO'],
        ['LISTAA5', 'VIGENTE'],
        ['LISTAA6', 'ESGOTADO'],
      ]);
      expect(todos.listaCupom.find((x) => x.id === esgotado.id)!.usos).toBe(1);
      expect((await listar('codigo=listaa&vigente=true')).listaCupom.map((x) => x.codigo)).toEqual([
        'LISTAA1',
        'LISTAA5',
      ]);
      expect((await listar('codigo=listaa&vigente=false')).listaCupom.map((x) => x.codigo)).toEqual([
        'LISTAA2',
        'LISTAA3',
        'LISTAA4',
        'LISTAA6',
      ]);
      expect((await listar('codigo=listaa&ativo=false')).listaCupom.map((x) => x.codigo)).toEqual(['LISTAA2']);
      const p1 = await listar('codigo=LISTAA&size=4&page=1&sort=desc');
      expect(p1).toMatchObject({ totalRegistros: 6, totalPaginas: 2, page: 1 });
      expect(p1.listaCupom.map((x) => x.codigo)).toEqual(['LISTAA2', 'LISTAA1']);
      expect((await call('GET', '/api/cupom/listagem?vigente=sim', tk.equipe)).statusCode).toBe(400);
      // '%' and '_' are letters of the filter, not wildcards.
      expect((await listar('codigo=%25')).totalRegistros).toBe(0);
    });
  });

  describe('POST /api/cupom/validar', () => {
    it('BEMVINDO10 na primeira compra: 10% dos produtos (o brinde nunca), curso uma vez só, e o aviso do PIX', async () => {
      const [c] = await novosClientes(1);
      const res = await validar(c!.token, ' bem vindo10 ', [
        [loja.fisico.id, 2],
        [loja.curso.id, 3],
        [loja.brinde.id, 1],
      ]);
      const esperado = Math.floor(((2 * loja.fisico.preco + loja.curso.preco) * 1000 + 5000) / 10_000);
      const v = contentOf(cupomApi.validar, res);
      expect(v).toEqual({
        codigo: 'BEMVINDO10',
        descricao: DEMO_CUPONS[0].descricao,
        resumo: '10% de desconto nos produtos',
        desconto: esperado,
        acumulaPix: false,
        acumulaBrinde: true,
        avisos: [MSG_CUPOM.naoAcumulaPix],
      });
      expect(body(res).message).toBe('10% de desconto nos produtos');
      expect(res.json().content.desconto).toBe(esperado / 100);
    });

    it('recusa com o motivo exato: inválido, expirado, ainda não vale, sem itens, abaixo do mínimo', async () => {
      const [c] = await novosClientes(1);
      const hoje = hojeNaClinica();
      await criar({ codigo: 'FUTURO', inicio: somarDias(hoje, 2) });
      await criar({ codigo: 'SOCURSOS', escopo: 'DIGITAIS' });
      await criar({ codigo: 'MINIMO', tipo: 'FIXO', valor: 30, valorMinimo: (loja.fisico.preco + 2000) / 100 });
      const motivo = async (codigo: string, itens: Array<[number, number]> = [[loja.fisico.id, 1]]) => {
        const res = await validar(c!.token, codigo, itens);
        expect(res.statusCode, codigo).toBe(422);
        expect(body(res).content).toEqual({ errors: [{ campo: 'codigo', mensagem: body(res).message }] });
        return body(res).message;
      };
      expect(await motivo('NAOEXISTE')).toBe(MSG_CUPOM.invalido);
      expect(await motivo('A')).toBe(MSG_CUPOM.invalido);
      expect(await motivo('NATAL2025')).toBe('Este cupom expirou em 26/12/2025.');
      expect(await motivo('futuro')).toBe(
        `Este cupom ainda não está valendo: ele vale a partir de ${somarDias(hoje, 2).split('-').reverse().join('/')}.`,
      );
      expect(await motivo('SOCURSOS')).toBe('Nenhum item da sacola está incluído neste cupom.');
      expect(await motivo('MINIMO')).toBe(
        `Este cupom vale a partir de ${formatBRL(loja.fisico.preco + 2000)} em produtos. Faltam R$ 20,00.`,
      );
      // The same bag with the course: the minimum counts every product.
      expect(
        contentOf(
          cupomApi.validar,
          await validar(c!.token, 'MINIMO', [
            [loja.fisico.id, 1],
            [loja.curso.id, 1],
          ]),
        ).desconto,
      ).toBe(3000);
      const vazio = await validar(c!.token, '   ', [[loja.fisico.id, 1]]);
      expect(vazio.statusCode).toBe(400);
      expect(body(vazio).content).toEqual({ errors: [{ campo: 'codigo', mensagem: MSG_CUPOM.codigoVazio }] });
    });

    it('produto desconhecido ou indisponível é 422, como no pedido', async () => {
      const [c] = await novosClientes(1);
      const nada = await validar(c!.token, 'BEMVINDO10', [[2_147_483_000, 1]]);
      expect(nada.statusCode).toBe(422);
      expect(body(nada).content).toEqual({
        errors: [{ campo: 'itens.0.produto.id', mensagem: MSG.produtoNaoEncontrado }],
      });
      await staff.t.database.raw('UPDATE produtos SET disponivel = false WHERE id = $1', [loja.outroFisico.id]);
      try {
        const indisponivel = await validar(c!.token, 'BEMVINDO10', [
          [loja.fisico.id, 1],
          [loja.outroFisico.id, 1],
        ]);
        expect(indisponivel.statusCode).toBe(422);
        expect(body(indisponivel).message).toMatch(new RegExp(`^${MSG.produtoIndisponivel}: `));
      } finally {
        await staff.t.database.raw('UPDATE produtos SET disponivel = true WHERE id = $1', [loja.outroFisico.id]);
      }
    });

    it('primeira compra: quem já teve um pedido pago, enviado ou entregue não usa; pendente ou cancelado não conta', async () => {
      const clientes = await novosClientes(5);
      const situacoes = ['PAGO', 'ENVIADO', 'ENTREGUE', 'PENDENTE', 'CANCELADO'];
      for (const [i, c] of clientes.entries()) await pedidosDe([c.clienteId], situacoes[i]);
      const status = [];
      for (const c of clientes) status.push((await validar(c.token, 'BEMVINDO10', [[loja.fisico.id, 1]])).statusCode);
      expect(status).toEqual([422, 422, 422, 200, 200]);
      expect(body(await validar(clientes[0]!.token, 'BEMVINDO10', [[loja.fisico.id, 1]])).message).toBe(
        MSG_CUPOM.primeiraCompra,
      );
    });

    it('os usos e as compras de outro cliente não contam; o uso do cliente conta até o pedido ser cancelado', async () => {
      const [a, b] = await novosClientes(2);
      const [pedidoA] = await pedidosDe([a!.clienteId]);
      const linhas = [{ produtoId: loja.fisico.id, valor: loja.fisico.preco, brinde: false }];
      await usar('BEMVINDO10', a!.clienteId, pedidoA!, linhas);
      // A's use and A's order do not touch B.
      expect((await validar(b!.token, 'BEMVINDO10', [[loja.fisico.id, 1]])).statusCode).toBe(200);
      const jaUsou = await validar(a!.token, 'BEMVINDO10', [[loja.fisico.id, 1]]);
      expect(jaUsou.statusCode).toBe(422);
      expect(body(jaUsou).message).toBe(MSG_CUPOM.jaUsado);
      await staff.t.database.raw("UPDATE pedidos SET situacao = 'CANCELADO' WHERE id = $1", [pedidoA]);
      expect((await validar(a!.token, 'BEMVINDO10', [[loja.fisico.id, 1]])).statusCode).toBe(200);
    });

    it('tentativas recusadas demais da mesma conta: 429; um cupom que vale devolve a tentativa', async () => {
      const [c] = await novosClientes(1);
      expect((await validar(c!.token, 'BEMVINDO10', [[loja.fisico.id, 1]])).statusCode).toBe(200);
      for (let i = 0; i < 20; i++)
        expect((await validar(c!.token, `CHUTE${i}`, [[loja.fisico.id, 1]])).statusCode).toBe(422);
      const bloqueado = await validar(c!.token, 'BEMVINDO10', [[loja.fisico.id, 1]]);
      expect(bloqueado.statusCode).toBe(429);
      expect(bloqueado.headers['retry-after']).toBeDefined();
      // Another account is not held up.
      const [d] = await novosClientes(1);
      expect((await validar(d!.token, 'BEMVINDO10', [[loja.fisico.id, 1]])).statusCode).toBe(200);
    });
  });

  describe('uso no pedido (registrarUso) e relatório de usos', () => {
    it('registra o uso com o desconto; o relatório lista os pedidos e soma só os que contam', async () => {
      const cupom = await criar({ codigo: 'RELATORIO', tipo: 'FIXO', valor: 15 });
      const [a, b] = await novosClientes(2);
      const [pa, pb] = await pedidosDe([a!.clienteId, b!.clienteId]);
      const linhas = [
        { produtoId: loja.fisico.id, valor: 5000, brinde: false },
        { produtoId: loja.brinde.id, valor: 0, brinde: true },
      ];
      const usoA = await usar('relatorio', a!.clienteId, pa!, linhas);
      expect(usoA).toMatchObject({ desconto: 1500, elegivel: 5000, cupom: { codigo: 'RELATORIO' } });
      await usar('RELATORIO', b!.clienteId, pb!, [{ produtoId: loja.curso.id, valor: 1000, brinde: false }]);
      await staff.t.database.raw("UPDATE pedidos SET situacao = 'CANCELADO' WHERE id = $1", [pb]);

      const rel = contentOf(cupomAdminApi.usos, await call('GET', `/api/cupom/${cupom.id}/usos`, tk.equipe));
      expect(rel).toMatchObject({
        cupom: { id: cupom.id, codigo: 'RELATORIO' },
        totalUsos: 1,
        totalDescontado: 1500,
        totalRegistros: 2,
        page: 0,
      });
      expect(rel.listaUsos.map((u) => [u.pedidoId, u.desconto, u.situacao, u.conta])).toEqual([
        [pb, 1000, 'CANCELADO', false],
        [pa, 1500, 'PENDENTE', true],
      ]);
      expect(rel.listaUsos[1]).toMatchObject({
        cliente: { id: a!.clienteId, nome: `Cliente ${a!.usuarioId}` },
        valorPedido: 10000,
      });
      expect(contentOf(cupomAdminApi.buscar, await call('GET', `/api/cupom/${cupom.id}`, tk.equipe))).toMatchObject({
        usos: 1,
        totalDescontado: 1500,
      });
      const nada = await call('GET', '/api/cupom/2147483000/usos', tk.equipe);
      expect(nada.statusCode).toBe(404);
    });

    it('um cupom que não vale mais é 409 com o motivo e nada é gravado; o mesmo pedido não usa dois cupons', async () => {
      await criar({ codigo: 'UMSO', limiteUsos: 1 });
      const [a, b] = await novosClientes(2);
      const [pa, pb] = await pedidosDe([a!.clienteId, b!.clienteId]);
      const linhas = [{ produtoId: loja.fisico.id, valor: 5000, brinde: false }];
      await usar('UMSO', a!.clienteId, pa!, linhas);
      const erro = await usar('UMSO', b!.clienteId, pb!, linhas).catch((e: unknown) => e);
      expect(isAppError(erro) && erro.statusCode).toBe(409);
      expect(isAppError(erro) && erro.message).toBe(MSG_CUPOM.esgotado);
      expect(isAppError(erro) && erro.content).toEqual({ errors: [{ campo: 'cupom', mensagem: MSG_CUPOM.esgotado }] });
      const duplo = await usar('BEMVINDO10', a!.clienteId, pa!, linhas).catch((e: unknown) => e);
      expect(isAppError(duplo) && [duplo.statusCode, duplo.message]).toEqual([409, MSG_API.pedidoJaTemCupom]);
      const invalido = await usar('NAOEXISTE', b!.clienteId, pb!, linhas).catch((e: unknown) => e);
      expect(isAppError(invalido) && [invalido.statusCode, invalido.message]).toEqual([409, MSG_CUPOM.invalido]);
      expect(await contar(staff.t.database, 'SELECT count(*) AS n FROM cupom_usos WHERE pedido_id = $1', [pb])).toBe(0);
      // avaliarCupom reads the same answer without writing.
      expect(
        await avaliarCupom(staff.t.database.db, { codigo: 'UMSO', clienteId: b!.clienteId, linhas }),
      ).toMatchObject({
        ok: false,
        motivo: 'ESGOTADO',
      });
      expect(
        await avaliarCupom(staff.t.database.db, { codigo: 'bemvindo10', clienteId: b!.clienteId, linhas }),
      ).toMatchObject({ ok: true, desconto: 500, elegivel: 5000 });
    });

    it('100 pedidos simultâneos disputando um cupom de 10 usos: exatamente 10 levam', async () => {
      await criar({ codigo: 'DEZUSOS', limiteUsos: 10 });
      const clientes = await novosClientes(100);
      const pedidos = await pedidosDe(clientes.map((c) => c.clienteId));
      const linhas = [{ produtoId: loja.fisico.id, valor: loja.fisico.preco, brinde: false }];
      const resultados = await Promise.allSettled(
        clientes.map((c, i) => usar('DEZUSOS', c.clienteId, pedidos[i]!, linhas)),
      );
      const ok = resultados.filter((r) => r.status === 'fulfilled');
      const recusas = resultados.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
      expect(ok).toHaveLength(10);
      expect(recusas).toHaveLength(90);
      expect(recusas.every((e) => isAppError(e) && e.statusCode === 409 && e.message === MSG_CUPOM.esgotado)).toBe(
        true,
      );
      const id = await idDe('DEZUSOS');
      expect(await contar(staff.t.database, 'SELECT count(*) AS n FROM cupom_usos WHERE cupom_id = $1', [id])).toBe(10);
    });

    it('10 pedidos simultâneos do mesmo cliente com um cupom de um uso por cliente: só um leva', async () => {
      await criar({ codigo: 'UMPORCLIENTE', limitePorCliente: 1 });
      const [c] = await novosClientes(1);
      const pedidos = await pedidosDe(Array.from({ length: 10 }, () => c!.clienteId));
      const linhas = [{ produtoId: loja.fisico.id, valor: loja.fisico.preco, brinde: false }];
      const resultados = await Promise.allSettled(pedidos.map((p) => usar('UMPORCLIENTE', c!.clienteId, p, linhas)));
      expect(resultados.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const recusas = resultados.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
      expect(recusas.every((e) => isAppError(e) && e.message === MSG_CUPOM.jaUsado)).toBe(true);
    });
  });
});
