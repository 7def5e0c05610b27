/**
 * The right of withdrawal (docs/behaviour/orders.md#right-of-withdrawal, ADR 036): a course withdrawn within 7 days
 * of its payment (access and certificate revoked at once, the whole amount refunded through the sandbox provider
 * once), goods withdrawn within 7 days of their delivery and refunded (products and freight) when the staff record
 * their arrival (units back on hand), the refusals (outside the window, not paid, on its way, already withdrawn,
 * another customer's order), retries that never refund twice, and a staff refund of a course revoking its
 * certificate too.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_DESISTENCIA } from '@clinica/shared/messages-desistencia';
import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { pedidoDesistenciaApi } from '@clinica/shared/schemas/pedido-desistencia';
import { DEMO_CURSOS, DEMO_PRODUTOS_FISICOS } from '../../db/seed/demo-data.js';
import type { TokenSubject } from '../../lib/jwt.js';
import {
  corpoDoPedido,
  cotarFrete,
  semDescontoPixNemFreteGratis,
  tokenDeCartao,
} from '../../test/checkout-fixtures.js';
import { contasDeDemonstracao } from '../../test/contas-demo.js';
import { contar } from '../../test/db-queries.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { gerarCodigoCertificado } from '../conteudo/codigo-certificado.js';

const ESPELHO = DEMO_PRODUTOS_FISICOS.find((p) => p.slug === 'espelho-bucal')!;
const CURSO = DEMO_CURSOS.find((c) => c.slug === 'biosseguranca-consultorio')!;
const CORREIOS = 'AA473124829BR';

let keySeq = 0;
const novaChave = () => `desist-${process.pid}-${Date.now()}-${++keySeq}`;

describe.each(testDatabaseTargets())('direito de arrependimento (%s)', (kind) => {
  let t: TestApp;
  const who = {} as Record<'maria' | 'empresa' | 'equipe' | 'admin', TokenSubject>;
  const tokens = {} as Record<keyof typeof who, string>;
  const produto = {} as Record<'espelho' | 'curso', number>;
  const count = (sql: string, params: unknown[] = []) => contar(t.database, sql, params);

  const put = (url: string, token: string | null, payload?: unknown) =>
    t.app.inject({
      method: 'PUT',
      url,
      headers: token ? bearer(token) : {},
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const desistir = (id: number, token: string | null = tokens.maria, payload: unknown = {}) =>
    put(`/api/pedido/desistir/${id}`, token, payload);
  const receber = (id: number, token: string | null = tokens.equipe) =>
    put(`/api/pedido/receber-devolucao/${id}`, token);
  const ler = async (id: number) =>
    contentOf(
      pedidoApi.detalhe,
      await t.app.inject({ method: 'GET', url: `/api/pedido/${id}`, headers: bearer(tokens.maria) }),
    );
  const situacao = async (id: number) =>
    (await t.database.raw<{ situacao: string }>('SELECT situacao FROM pedidos WHERE id = $1', [id]))[0]!.situacao;
  const assuntos = async () =>
    (await t.database.raw<{ assunto: string }>('SELECT assunto FROM emails_saida ORDER BY id')).map((r) => r.assunto);
  const estornos = (id: number) =>
    count("SELECT count(*) AS n FROM pagamentos WHERE pedido_id = $1 AND status = 'refunded'", [id]);
  const sandboxEstornos = (id: number) =>
    count(
      "SELECT count(*) AS n FROM sandbox_pagamentos s JOIN pagamentos p ON p.provider_id = s.id::text WHERE p.pedido_id = $1 AND s.status = 'refunded'",
      [id],
    );
  const estoque = async () =>
    Number(
      (await t.database.raw<{ estoque: number }>('SELECT estoque FROM produtos WHERE id = $1', [produto.espelho]))[0]!
        .estoque,
    );
  const auditoria = (id: number) =>
    t.database.raw<{ acao: string; permissao: string }>(
      "SELECT acao, permissao FROM auditoria WHERE entidade = 'pedido' AND entidade_id = $1 ORDER BY id",
      [id],
    );

  async function comprar(itens: Array<{ id: number; preco: number }>, fisico: boolean) {
    const opcao = fisico ? await cotarFrete(t.app, [{ id: produto.espelho, quantidade: 1 }]) : null;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pedido/create',
      headers: { ...bearer(tokens.maria), 'idempotency-key': novaChave() },
      payload: corpoDoPedido({
        clienteId: who.maria.idCliente!,
        itens,
        opcao,
        pagamento: { tipoPagamento: 'credit', token: (await tokenDeCartao(t.app, 'APRO')).id },
      }),
    });
    const pedido = contentOf(pedidoApi.create, res);
    expect(pedido.situacaoPedido).toBe('PAGO');
    return pedido;
  }
  const comprarCurso = () => comprar([{ id: produto.curso, preco: CURSO.preco }], false);
  async function comprarEntregue() {
    const pedido = await comprar([{ id: produto.espelho, preco: ESPELHO.preco }], true);
    expect(
      (await put(`/api/pedido/enviar/${pedido.id}`, tokens.equipe, { codigoRastreio: CORREIOS, semNotaFiscal: true }))
        .statusCode,
    ).toBe(200);
    expect((await put(`/api/pedido/entregar/${pedido.id}`, tokens.equipe)).statusCode).toBe(200);
    return pedido;
  }
  async function certificado() {
    const codigo = gerarCodigoCertificado();
    await t.database.raw(
      `INSERT INTO certificados (codigo, cliente_id, produto_id, nome_cliente, curso, concluido_em)
       VALUES ($1, $2, $3, 'Maria Cliente Silva', $4, now())`,
      [codigo, who.maria.idCliente, produto.curso, CURSO.nome],
    );
    return codigo;
  }
  const verificar = async (codigo: string) =>
    body(await t.app.inject({ method: 'GET', url: `/api/certificado/${codigo}` })).content as {
      valido: boolean;
      revogadoEm: string | null;
    };
  const biblioteca = async () =>
    (
      body(
        await t.app.inject({
          method: 'GET',
          url: `/api/cliente/produtosacesso/${who.maria.id}`,
          headers: bearer(tokens.maria),
        }),
      ).content as Array<{ id: number }>
    ).map((p) => p.id);
  const salaDeAula = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/conteudoproduto/produto/${produto.curso}/conteudo/${who.maria.id}`,
        headers: bearer(tokens.maria),
      })
    ).statusCode;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    await semDescontoPixNemFreteGratis(t.database);
    const contas = await contasDeDemonstracao(t);
    Object.assign(who, contas.who);
    Object.assign(tokens, contas.tokens);
    const idDe = async (nome: string) =>
      Number((await t.database.raw<{ id: number }>('SELECT id FROM produtos WHERE nome = $1', [nome]))[0]!.id);
    produto.espelho = await idDe(ESPELHO.nome);
    produto.curso = await idDe(CURSO.nome);
  });
  afterAll(() => t?.dispose());

  beforeEach(async () => {
    await t.database.raw('DELETE FROM certificados');
    await t.database.raw('DELETE FROM pedidos');
    await t.database.raw("DELETE FROM auditoria WHERE entidade = 'pedido'");
    await t.database.raw('DELETE FROM emails_saida');
  });

  describe('curso', () => {
    it('dentro de 7 dias do pagamento: o curso sai da biblioteca, o certificado é revogado e o valor total é estornado uma vez', async () => {
      const pedido = await comprarCurso();
      const codigo = await certificado();
      expect(await biblioteca()).toContain(produto.curso);
      expect((await ler(pedido.id)).desistencia).toMatchObject({ tipo: 'curso', podeDesistir: true });
      await t.database.raw('DELETE FROM emails_saida');

      const res = await desistir(pedido.id, tokens.maria, { motivo: '  Comprei o curso errado.  ' });
      expect(res.statusCode).toBe(200);
      expect(body(res).message).toBe(MSG_DESISTENCIA.sucessoCurso);
      const depois = contentOf(pedidoDesistenciaApi.desistir, res);
      // The sandbox confirms the refund at once: the order is cancelled.
      expect(depois.situacaoPedido).toBe('CANCELADO');
      expect(depois.desistencia).toMatchObject({ podeDesistir: false, motivo: 'Comprei o curso errado.' });
      expect(depois.desistencia?.solicitadaEm).toBeTruthy();
      expect(depois.historico.map((h) => h.para)).toEqual(['PENDENTE', 'PAGO', 'DEVOLUCAO_SOLICITADA', 'CANCELADO']);

      expect(await biblioteca()).not.toContain(produto.curso);
      expect(await salaDeAula()).toBe(403);
      const cert = await verificar(codigo);
      expect(cert.valido).toBe(false);
      expect(cert.revogadoEm).toBeTruthy();
      expect(await estornos(pedido.id)).toBe(1);
      expect(await sandboxEstornos(pedido.id)).toBe(1);
      expect(await assuntos()).toEqual([
        `Recebemos sua desistência – pedido #${pedido.id}`,
        'Acesso ao curso encerrado',
        `Estorno do pedido #${pedido.id}`,
      ]);
      expect(await auditoria(pedido.id)).toEqual([{ acao: 'DESISTIR', permissao: 'CLIENTE' }]);

      // Again (a double click, a retry): 409, nothing refunded twice.
      const outra = await desistir(pedido.id);
      expect(outra.statusCode).toBe(409);
      expect(body(outra).message).toBe(MSG_DESISTENCIA.cancelado);
      expect(await estornos(pedido.id)).toBe(1);
    });

    it('o provedor fora do ar: o acesso termina na hora e o estorno fica pedido; repetir dá 409 e não pede outro', async () => {
      const pedido = await comprarCurso();
      // The refund job's attempt at once fails: the sandbox payment is made unknown to the provider for a moment.
      await t.database.raw(
        "UPDATE pagamentos SET provider_id = provider_id || '-x' WHERE pedido_id = $1 AND status = 'approved'",
        [pedido.id],
      );
      const res = await desistir(pedido.id);
      expect(res.statusCode).toBe(200);
      expect(await situacao(pedido.id)).toBe('DEVOLUCAO_SOLICITADA');
      expect(await biblioteca()).not.toContain(produto.curso);
      expect(
        await count('SELECT count(*) AS n FROM pagamentos WHERE pedido_id = $1 AND estorno_devido', [pedido.id]),
      ).toBe(1);
      const again = await Promise.all([desistir(pedido.id), desistir(pedido.id)]);
      expect(again.map((r) => r.statusCode)).toEqual([409, 409]);
      expect(body(again[0]!).message).toBe(MSG_DESISTENCIA.jaSolicitada);
      expect(
        await count(
          "SELECT count(*) AS n FROM tarefas WHERE tipo = 'pagamento.estornar' AND chave IN (SELECT 'pagamento-estorno:' || id FROM pagamentos WHERE pedido_id = $1)",
          [pedido.id],
        ),
      ).toBe(1);
      // The provider back: the job refunds and cancels the order.
      await t.database.raw("UPDATE pagamentos SET provider_id = replace(provider_id, '-x', '') WHERE pedido_id = $1", [
        pedido.id,
      ]);
      for (let i = 0; i < 5; i++) await t.app.jobWorker.runOnce();
      expect(await situacao(pedido.id)).toBe('CANCELADO');
      expect(await estornos(pedido.id)).toBe(1);
    });

    it('depois de 7 dias do pagamento: 409 com o prazo e o botão some; nada muda', async () => {
      const pedido = await comprarCurso();
      await t.database.raw("UPDATE pagamentos SET aprovado_em = now() - interval '8 days' WHERE pedido_id = $1", [
        pedido.id,
      ]);
      expect((await ler(pedido.id)).desistencia?.podeDesistir).toBe(false);
      const res = await desistir(pedido.id);
      expect(res.statusCode).toBe(409);
      expect(body(res).message).toMatch(
        /^O prazo de 7 dias para desistir desta compra terminou em \d{2}\/\d{2}\/\d{4}\./,
      );
      expect(await situacao(pedido.id)).toBe('PAGO');
      expect(await biblioteca()).toContain(produto.curso);
      expect(await estornos(pedido.id)).toBe(0);
      expect(await auditoria(pedido.id)).toEqual([]);
    });

    it('a equipe estorna um curso: o acesso termina e o certificado é revogado', async () => {
      const pedido = await comprarCurso();
      const codigo = await certificado();
      expect((await put(`/api/pedido/cancelar/${pedido.id}`, tokens.admin)).statusCode).toBe(200);
      expect(await situacao(pedido.id)).toBe('CANCELADO');
      expect(await biblioteca()).not.toContain(produto.curso);
      expect((await verificar(codigo)).valido).toBe(false);
    });
  });

  describe('produtos', () => {
    it('entregue há menos de 7 dias: devolução solicitada; a equipe registra a chegada, o estoque volta e o valor total (com frete) é estornado', async () => {
      const pedido = await comprarEntregue();
      const antes = await estoque();
      await t.database.raw('DELETE FROM emails_saida');

      const res = await desistir(pedido.id, tokens.maria, {});
      expect(res.statusCode).toBe(200);
      expect(body(res).message).toBe(MSG_DESISTENCIA.sucessoProdutos);
      const pedidoDepois = contentOf(pedidoDesistenciaApi.desistir, res);
      expect(pedidoDepois.situacaoPedido).toBe('DEVOLUCAO_SOLICITADA');
      expect(pedidoDepois.desistencia).toMatchObject({ tipo: 'produtos', motivo: null, devolucaoRecebidaEm: null });
      expect(await estornos(pedido.id)).toBe(0);
      expect(await estoque()).toBe(antes);

      // The staff list finds it by its status.
      const lista = await t.app.inject({
        method: 'GET',
        url: '/api/pedido/admin/listagem?situacao=DEVOLUCAO_SOLICITADA',
        headers: bearer(tokens.equipe),
      });
      expect(contentOf(pedidoApi.listagemAdmin, lista).pedidos.map((p) => p.id)).toEqual([pedido.id]);

      // The customer cannot record the arrival.
      expect((await receber(pedido.id, tokens.maria)).statusCode).toBe(403);

      const chegada = await receber(pedido.id);
      expect(chegada.statusCode).toBe(200);
      expect(body(chegada).message).toBe(MSG_DESISTENCIA.chegadaRegistrada);
      expect(contentOf(pedidoDesistenciaApi.receberDevolucao, chegada).situacaoPedido).toBe('CANCELADO');
      expect(await estoque()).toBe(antes + 1);
      expect(
        await count(
          "SELECT count(*) AS n FROM estoque_movimentos WHERE pedido_id = $1 AND tipo = 'devolucao' AND delta_estoque = 1",
          [pedido.id],
        ),
      ).toBe(1);
      // The refund released nothing more.
      expect(
        await count("SELECT count(*) AS n FROM estoque_movimentos WHERE pedido_id = $1 AND tipo = 'liberacao'", [
          pedido.id,
        ]),
      ).toBe(0);
      const [pago] = await t.database.raw<{ valor: string }>(
        "SELECT valor::text AS valor FROM pagamentos WHERE pedido_id = $1 AND status = 'refunded'",
        [pedido.id],
      );
      expect(Math.round(Number(pago!.valor) * 100)).toBe(pedido.valorTotal);
      expect(pedido.valorFrete).toBeGreaterThan(0);
      expect(await sandboxEstornos(pedido.id)).toBe(1);
      expect(await assuntos()).toEqual([
        `Recebemos sua desistência – pedido #${pedido.id}`,
        `Recebemos a devolução do pedido #${pedido.id}`,
        `Estorno do pedido #${pedido.id}`,
      ]);
      expect((await auditoria(pedido.id)).map((a) => a.acao)).toEqual([
        'ENVIAR',
        'ENTREGAR',
        'DESISTIR',
        'RECEBER_DEVOLUCAO',
      ]);

      // A second click: 409, no second refund nor units.
      const outra = await receber(pedido.id, tokens.admin);
      expect(outra.statusCode).toBe(409);
      expect(await estoque()).toBe(antes + 1);
      expect(await estornos(pedido.id)).toBe(1);
    });

    it('recusas: não entregue, a caminho, fora dos 7 dias da entrega, já desistido, de outro cliente, da equipe, não pago', async () => {
      const pago = await comprar([{ id: produto.espelho, preco: ESPELHO.preco }], true);
      const r1 = await desistir(pago.id);
      expect(r1.statusCode).toBe(409);
      expect(body(r1).message).toBe(MSG_DESISTENCIA.aguardandoEnvio);

      await put(`/api/pedido/enviar/${pago.id}`, tokens.equipe, { codigoRastreio: CORREIOS, semNotaFiscal: true });
      const r2 = await desistir(pago.id);
      expect(r2.statusCode).toBe(409);
      expect(body(r2).message).toBe(MSG_DESISTENCIA.emTransporte);

      await put(`/api/pedido/entregar/${pago.id}`, tokens.equipe);
      await t.database.raw("UPDATE pedidos SET entregue_em = now() - interval '8 days' WHERE id = $1", [pago.id]);
      const r3 = await desistir(pago.id);
      expect(r3.statusCode).toBe(409);
      expect(body(r3).message).toMatch(/^O prazo de 7 dias para desistir desta compra terminou em/);
      expect((await ler(pago.id)).desistencia?.podeDesistir).toBe(false);

      await t.database.raw('UPDATE pedidos SET entregue_em = now() WHERE id = $1', [pago.id]);
      const outro = await desistir(pago.id, tokens.empresa);
      expect(outro.statusCode).toBe(403);
      expect((await desistir(pago.id, tokens.equipe)).statusCode).toBe(403);
      expect((await desistir(pago.id, null)).statusCode).toBe(401);
      const longo = await desistir(pago.id, tokens.maria, { motivo: 'x'.repeat(501) });
      expect(longo.statusCode).toBe(400);
      expect(await situacao(pago.id)).toBe('ENTREGUE');

      // Not yet back: the staff cannot record an arrival.
      const cedo = await receber(pago.id);
      expect(cedo.statusCode).toBe(409);
      expect(body(cedo).message).toBe(MSG_DESISTENCIA.semDesistencia);

      const duas = await Promise.all([desistir(pago.id), desistir(pago.id)]);
      expect(duas.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(
        await count(
          "SELECT count(*) AS n FROM pedido_historico WHERE pedido_id = $1 AND para = 'DEVOLUCAO_SOLICITADA'",
          [pago.id],
        ),
      ).toBe(1);

      expect((await desistir(999_999)).statusCode).toBe(404);
      expect(body(await desistir(999_999)).message).not.toBe(MSG.semPermissao);
    });

    it('pedido não pago: 409', async () => {
      const opcao = await cotarFrete(t.app, [{ id: produto.espelho, quantidade: 1 }]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/pedido/create',
        headers: { ...bearer(tokens.maria), 'idempotency-key': novaChave() },
        payload: corpoDoPedido({
          clienteId: who.maria.idCliente!,
          itens: [{ id: produto.espelho, preco: ESPELHO.preco }],
          opcao,
          pagamento: { tipoPagamento: 'pix' },
        }),
      });
      const pedido = contentOf(pedidoApi.create, res);
      const r = await desistir(pedido.id);
      expect(r.statusCode).toBe(409);
      expect(body(r).message).toBe(MSG_DESISTENCIA.naoPago);
      expect((await ler(pedido.id)).desistencia).toBeNull();
    });
  });
});
