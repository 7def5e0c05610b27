import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import type { Envelope } from '@clinica/shared/schemas/common';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { DEMO_ACCOUNTS, DEMO_PRODUTOS_FISICOS } from '../../db/seed/demo-data.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import type { SituacaoPedido } from '../pedido/pedido.table.js';
import { pedidoItens, pedidos } from '../pedido/pedido.table.js';
import { diaDe, nomePublico } from './avaliacao.service.js';

const ESPELHO = DEMO_PRODUTOS_FISICOS.find((p) => p.slug === 'espelho-bucal')!;
const SONDA = DEMO_PRODUTOS_FISICOS.find((p) => p.slug === 'sonda-exploradora')!;

describe('nomePublico e diaDe', () => {
  it('mostra a pessoa pelo primeiro nome e a inicial do último; a empresa pela razão social', () => {
    expect(nomePublico({ juridica: false, nome: 'Maria Cliente Silva', razaoSocial: null })).toBe('Maria S.');
    expect(nomePublico({ juridica: false, nome: '  ana  ', razaoSocial: null })).toBe('ana');
    expect(nomePublico({ juridica: true, nome: null, razaoSocial: 'Boa Vista Ltda.' })).toBe('Boa Vista Ltda.');
    expect(nomePublico({ juridica: false, nome: null, razaoSocial: null })).toBe('Cliente');
  });

  it('data no fuso da clínica (America/Sao_Paulo; as propriedades estão em packages/shared clinic-day.test.ts)', () => {
    expect(diaDe(new Date('2026-03-01T02:30:00Z'))).toEqual([2026, 2, 28]);
    expect(diaDe(new Date('2026-03-01T03:30:00Z'))).toEqual([2026, 3, 1]);
  });
});

describe.each(testDatabaseTargets())('POST /api/produto/avaliacao (%s)', (kind) => {
  let t: TestApp;
  let clienteId: number;
  let outroClienteId: number;
  let token: string;
  let espelhoId: number;
  let sondaId: number;

  const ids = async (email: string) => {
    const [row] = await t.database.raw<{ id: number; cliente: number | null }>(
      'SELECT u.id, c.id AS cliente FROM usuarios u LEFT JOIN clientes c ON c.usuario_id = u.id WHERE u.email = $1',
      [email],
    );
    return { id: Number(row!.id), idCliente: row!.cliente === null ? null : Number(row!.cliente) };
  };
  const idOf = async (nome: string) =>
    Number((await t.database.raw<{ id: number }>('SELECT id FROM produtos WHERE nome = $1', [nome]))[0]!.id);

  /** An order of `cliente` with one unit of `produtoId`, in `situacao`, written directly to the tables. */
  async function pedido(cliente: number, produtoId: number, situacao: SituacaoPedido) {
    const [p] = await t.database.db
      .insert(pedidos)
      .values({ clienteId: cliente, situacao, valorProdutos: 2490, valorTotal: 2490 })
      .returning({ id: pedidos.id });
    await t.database.db.insert(pedidoItens).values({
      pedidoId: p!.id,
      produtoId,
      produtoNome: 'Produto',
      quantidade: 1,
      valorUnitario: 2490,
      valorTotal: 2490,
    });
    return p!.id;
  }

  const avaliar = (payload: unknown, authorization?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/produto/avaliacao',
      headers: authorization ? { authorization } : {},
      payload: payload as Record<string, unknown>,
    });
  const valida = (extra: Record<string, unknown> = {}) => ({
    nota: 4.5,
    comentario: 'Ótimo espelho, não embaça.',
    produtoId: espelhoId,
    clienteId,
    ...extra,
  });
  const reviewsOf = (produtoId: number) =>
    t.database.raw<{ nota: string; comentario: string | null }>(
      'SELECT nota::text AS nota, comentario FROM avaliacoes WHERE produto_id = $1 AND cliente_id = $2',
      [produtoId, clienteId],
    );

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    const maria = await ids(DEMO_ACCOUNTS.cliente.email);
    clienteId = maria.idCliente!;
    outroClienteId = (await ids(DEMO_ACCOUNTS.empresa.email)).idCliente!;
    token = `Bearer ${await t.issueToken({ id: maria.id, permissao: 'CLIENTE', idCliente: clienteId })}`;
    espelhoId = await idOf(ESPELHO.nome);
    sondaId = await idOf(SONDA.nome);
  });
  afterAll(() => t?.dispose());

  beforeEach(async () => {
    await t.database.raw('DELETE FROM pedidos WHERE cliente_id = ANY($1::int[])', [[clienteId, outroClienteId]]);
    await t.database.raw('DELETE FROM avaliacoes WHERE produto_id = ANY($1::int[])', [[espelhoId, sondaId]]);
  });

  it('sem token: 401', async () => {
    const res = await avaliar(valida());
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe(MSG.naoAutenticado);
  });

  it('USUARIO e ADMIN: 403 (só clientes avaliam)', async () => {
    for (const conta of [DEMO_ACCOUNTS.equipe, DEMO_ACCOUNTS.admin]) {
      const u = await ids(conta.email);
      const staff = await t.issueToken({ id: u.id, permissao: conta.permissao, idCliente: null });
      const res = await avaliar(valida(), bearer(staff).authorization);
      expect(res.statusCode, conta.email).toBe(403);
      expect(body(res).message).toBe(MSG.semPermissao);
    }
  });

  it('com o id de outro cliente no corpo: 403, mesmo que o outro tenha comprado', async () => {
    await pedido(outroClienteId, espelhoId, 'PAGO');
    const res = await avaliar(valida({ clienteId: outroClienteId }), token);
    expect(res.statusCode).toBe(403);
    expect(body(res).message).toBe(MSG.semPermissao);
    const [row] = await t.database.raw<{ n: number | string }>(
      'SELECT count(*) AS n FROM avaliacoes WHERE produto_id = $1',
      [espelhoId],
    );
    expect(Number(row?.n)).toBe(0);
  });

  it('quem não comprou, ou só tem pedido pendente, cancelado ou recusado: 422', async () => {
    const semPedido = await avaliar(valida(), token);
    expect(semPedido.statusCode).toBe(422);
    expect(body(semPedido)).toEqual({ statusCode: 422, message: MSG_API.avaliacaoSoComprador, content: null });
    for (const situacao of ['PENDENTE', 'CANCELADO', 'RECUSADO'] as const) await pedido(clienteId, espelhoId, situacao);
    await pedido(clienteId, sondaId, 'PAGO');
    const res = await avaliar(valida(), token);
    expect(res.statusCode).toBe(422);
    expect(await reviewsOf(espelhoId)).toEqual([]);
  });

  it('quem comprou (pedido pago): 201 com a avaliação e a mensagem; a página do produto a mostra', async () => {
    await pedido(clienteId, espelhoId, 'PAGO');
    const res = await avaliar(valida(), token);
    const avaliacao = contentOf(produtoApi.avaliar, res);
    expect(body(res).message).toBe(MSG.avaliacaoSucesso);
    expect(avaliacao).toEqual({
      nomeCliente: 'Maria S.',
      nota: 4.5,
      comentario: 'Ótimo espelho, não embaça.',
      createAt: diaDe(new Date()),
      clienteId,
      produtoId: espelhoId,
    });
    const pagina = contentOf(
      produtoApi.detalhe,
      await t.app.inject({ method: 'GET', url: `/api/produto/${espelhoId}` }),
    );
    expect(pagina).toMatchObject({ nota: 4.5, quantidadeAvaliacoes: 1 });
    expect(pagina.listaAvaliacao).toEqual([avaliacao]);
  });

  it('pedido enviado ou entregue também vale', async () => {
    await pedido(clienteId, espelhoId, 'ENVIADO');
    await pedido(clienteId, sondaId, 'ENTREGUE');
    expect((await avaliar(valida(), token)).statusCode).toBe(201);
    expect((await avaliar(valida({ produtoId: sondaId, nota: 3 }), token)).statusCode).toBe(201);
  });

  it('uma segunda avaliação substitui a primeira (continua uma só, com a nota nova)', async () => {
    await pedido(clienteId, espelhoId, 'PAGO');
    expect((await avaliar(valida(), token)).statusCode).toBe(201);
    const res = await avaliar(valida({ nota: 2, comentario: null }), token);
    expect(contentOf(produtoApi.avaliar, res)).toMatchObject({ nota: 2, comentario: null });
    expect(await reviewsOf(espelhoId)).toEqual([{ nota: '2.0', comentario: null }]);
    const pagina = contentOf(
      produtoApi.detalhe,
      await t.app.inject({ method: 'GET', url: `/api/produto/${espelhoId}` }),
    );
    expect(pagina).toMatchObject({ nota: 2, quantidadeAvaliacoes: 1 });
  });

  it('o comentário é guardado e devolvido como o texto que é (sem virar HTML); vazio vira null', async () => {
    await pedido(clienteId, espelhoId, 'PAGO');
    const texto = '<b>Bom</b> & barato <script>alert(1)</script>\nRecomendo "muito".';
    expect(contentOf(produtoApi.avaliar, await avaliar(valida({ comentario: `  ${texto}  ` }), token)).comentario).toBe(
      texto,
    );
    expect(await reviewsOf(espelhoId)).toEqual([{ nota: '4.5', comentario: texto }]);
    expect(contentOf(produtoApi.avaliar, await avaliar(valida({ comentario: '   ' }), token)).comentario).toBeNull();
    const semCampo = { nota: 5, produtoId: espelhoId, clienteId };
    expect(contentOf(produtoApi.avaliar, await avaliar(semCampo, token)).comentario).toBeNull();
  });

  it('nota fora de 1 a 5 ou fora das meias estrelas, comentário longo, corpo vazio: 400', async () => {
    await pedido(clienteId, espelhoId, 'PAGO');
    for (const nota of [0, 6, 4.3, 0.5, 5.5, -1, '4', null]) {
      const res = await avaliar(valida({ nota }), token);
      expect(res.statusCode, String(nota)).toBe(400);
      expect(JSON.stringify(body(res).content), String(nota)).toContain('nota');
    }
    for (const nota of [1, 1.5, 3, 5]) {
      expect((await avaliar(valida({ nota }), token)).statusCode, String(nota)).toBe(201);
    }
    const longo = await avaliar(valida({ comentario: 'a'.repeat(10_000) }), token);
    expect(longo.statusCode).toBe(400);
    expect(JSON.stringify(body(longo).content)).toContain(MSG.comentarioLongo);
    expect((await avaliar(valida({ comentario: 'a'.repeat(1000) }), token)).statusCode).toBe(201);
    expect((await avaliar(valida({ comentario: 'a'.repeat(1001) }), token)).statusCode).toBe(400);
    expect((await avaliar(valida({ comentario: 'com \u0000 nulo' }), token)).statusCode).toBe(400);
    expect((await avaliar({}, token)).statusCode).toBe(400);
    expect((await avaliar(valida({ produtoId: 'um' }), token)).statusCode).toBe(400);
    const ultima = await reviewsOf(espelhoId);
    expect(ultima).toHaveLength(1);
    expect(ultima[0]!.comentario).toHaveLength(1000);
  });

  it('produto inativo ou desconhecido: 404 "Produto não encontrado."', async () => {
    await pedido(clienteId, espelhoId, 'PAGO');
    await t.database.raw('UPDATE produtos SET ativo = false WHERE id = $1', [espelhoId]);
    try {
      const res = await avaliar(valida(), token);
      expect(res.statusCode).toBe(404);
      expect(body(res)).toEqual({ statusCode: 404, message: MSG.produtoNaoEncontrado, content: null });
    } finally {
      await t.database.raw('UPDATE produtos SET ativo = true WHERE id = $1', [espelhoId]);
    }
    const desconhecido = await avaliar(valida({ produtoId: 987654 }), token);
    expect(desconhecido.statusCode).toBe(404);
    expect((desconhecido.json() as Envelope<null>).message).toBe(MSG.produtoNaoEncontrado);
  });
});
