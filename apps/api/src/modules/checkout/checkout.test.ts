/**
 * One checkout, one order, one charge (ADR 010, ADR 012): retries of a checkout attempt after a lost answer,
 * approvals on orders that can no longer take them, courses never sold twice, and the reconciler.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { fromCents, type Cents } from '@clinica/shared/money';
import type { NotificacaoPagamento } from '@clinica/shared/schemas/pagamento';
import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { DEMO_ACCOUNTS, DEMO_CURSOS, DEMO_PRODUTOS_FISICOS } from '../../db/seed/demo-data.js';
import type { PaymentProvider } from '../../integrations/payments/payment-provider.js';
import { ProvedorIndisponivelError } from '../../integrations/payments/payment-provider.js';
import { createSandboxPaymentProvider } from '../../integrations/payments/sandbox.js';
import type { TokenSubject } from '../../lib/jwt.js';
import {
  corpoDoPedido,
  cotarFrete,
  semDescontoPixNemFreteGratis,
  tokenDeCartao,
} from '../../test/checkout-fixtures.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { shiftedClock } from '../../lib/jobs/index.js';
import { JOB_RECONCILIAR } from './reconciliador.js';

const ESPELHO = DEMO_PRODUTOS_FISICOS.find((p) => p.slug === 'espelho-bucal')!;
const CURSO = DEMO_CURSOS.find((c) => c.slug === 'biosseguranca-consultorio')!;
const CURSO_2 = DEMO_CURSOS.find((c) => c.slug === 'endodontia-rotatoria')!;

let seq = 0;
const novaChave = () => `tentativa-${process.pid}-${Date.now()}-${++seq}`;

/** What the tests make the provider do: fail, or let something happen while a charge is on its way. */
interface Roteiro {
  fora: boolean;
  /** Runs before the provider charges a card (the charge then goes on). */
  antesDeCobrar: (() => Promise<void>) | null;
  /** The provider ignores cancellations (a PIX it could not cancel in time). */
  ignoraCancelamento: boolean;
  cobrancas: number;
}

describe.each(testDatabaseTargets())('checkout: uma tentativa, um pedido, uma cobrança (%s)', (kind) => {
  let t: TestApp;
  const who = {} as Record<'maria' | 'empresa' | 'equipe', TokenSubject>;
  const tokens = {} as Record<keyof typeof who, string>;
  const produto = {} as Record<string, { id: number; preco: Cents }>;
  const avisos: NotificacaoPagamento[] = [];
  let relogio = new Date();
  const roteiro: Roteiro = { fora: false, antesDeCobrar: null, ignoraCancelamento: false, cobrancas: 0 };

  const fora = () => {
    if (roteiro.fora) throw new ProvedorIndisponivelError('provedor fora do ar (teste)');
  };
  const provedor = (real: PaymentProvider): PaymentProvider => ({
    kind: real.kind,
    async parcelas(c) {
      fora();
      return real.parcelas(c);
    },
    async cobrarCartao(c) {
      fora();
      const antes = roteiro.antesDeCobrar;
      roteiro.antesDeCobrar = null;
      if (antes) await antes();
      roteiro.cobrancas += 1;
      return real.cobrarCartao(c);
    },
    async criarPix(c) {
      fora();
      roteiro.cobrancas += 1;
      return real.criarPix(c);
    },
    async criarBoleto(c) {
      fora();
      roteiro.cobrancas += 1;
      return real.criarBoleto(c);
    },
    async consultar(id) {
      fora();
      return real.consultar(id);
    },
    async cancelar(id) {
      fora();
      return roteiro.ignoraCancelamento ? real.consultar(id) : real.cancelar(id);
    },
    async estornar(id) {
      fora();
      return real.estornar(id);
    },
  });

  const raw = <T>(sql: string, params: unknown[] = []) => t.database.raw<T>(sql, params);
  const one = async <T>(sql: string, params: unknown[] = []) => (await raw<T>(sql, params))[0]!;
  const n = async (sql: string, params: unknown[] = []) => Number((await one<{ n: string }>(sql, params)).n);
  const rodarTarefas = async () => {
    for (let i = 0; i < 6; i++) await t.app.jobWorker.runOnce();
  };
  /** Jobs scheduled for later (a retry's backoff, a PIX expiry) become due now. */
  const adiantarTarefas = () => raw("UPDATE tarefas SET executar_em = now() WHERE status = 'PENDENTE'");

  const tokenizar = async (titular: string) => (await tokenDeCartao(t.app, titular)).id;

  type Pagamento = { tipo: 'pix' } | { tipo: 'credit'; token: string };

  /** A creation payload for Maria: catalogue prices, a real freight quote when something ships. */
  async function corpo(slugs: string[], pagamento: Pagamento) {
    const itens = slugs.map((s) => produto[s]!);
    const fisicos = slugs.filter((s) => !s.startsWith('curso')).map((s) => ({ id: produto[s]!.id, quantidade: 1 }));
    return corpoDoPedido({
      clienteId: who.maria.idCliente!,
      itens,
      opcao: fisicos.length ? await cotarFrete(t.app, fisicos) : null,
      pagamento:
        pagamento.tipo === 'pix' ? { tipoPagamento: 'pix' } : { tipoPagamento: 'credit', token: pagamento.token },
    });
  }

  const criar = (payload: object, chave: string, token = tokens.maria) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pedido/create',
      headers: { ...bearer(token), 'idempotency-key': chave },
      payload: payload as Record<string, unknown>,
    });
  const processar = (payload: Record<string, unknown>, token = tokens.maria) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pagamento/processar',
      headers: { ...bearer(token), 'idempotency-key': novaChave() },
      payload,
    });
  const pagarPix = (codigo: string) =>
    t.app.inject({ method: 'POST', url: '/api/sandbox/pix/pagar', payload: { codigo } });
  const situacao = async (id: number) =>
    (await one<{ situacao: string }>('SELECT situacao FROM pedidos WHERE id = $1', [id])).situacao;
  const pagamentosDe = (id: number) =>
    raw<{ status: string; tipo: string; estorno_devido: boolean }>(
      'SELECT status, tipo, estorno_devido FROM pagamentos WHERE pedido_id = $1 ORDER BY id',
      [id],
    );

  beforeAll(async () => {
    t = await createTestApp({
      kind,
      seed: true,
      paymentProvider: provedor,
      clock: () => relogio,
    });
    await semDescontoPixNemFreteGratis(t.database);
    const ids = async (email: string) => {
      const [row] = await raw<{ id: number; cliente: number | null }>(
        'SELECT u.id, c.id AS cliente FROM usuarios u LEFT JOIN clientes c ON c.usuario_id = u.id WHERE u.email = $1',
        [email],
      );
      return { id: Number(row!.id), idCliente: row!.cliente === null ? null : Number(row!.cliente) };
    };
    who.maria = { ...(await ids(DEMO_ACCOUNTS.cliente.email)), permissao: 'CLIENTE' };
    who.empresa = { ...(await ids(DEMO_ACCOUNTS.empresa.email)), permissao: 'CLIENTE' };
    who.equipe = { ...(await ids(DEMO_ACCOUNTS.equipe.email)), permissao: 'USUARIO' };
    for (const k of Object.keys(who) as Array<keyof typeof who>) tokens[k] = await t.issueToken(who[k]);
    for (const [slug, nome] of [
      ['espelho', ESPELHO.nome],
      ['curso', CURSO.nome],
      ['curso2', CURSO_2.nome],
    ] as const) {
      const row = await one<{ id: number; preco: string }>(
        'SELECT id, preco::text AS preco FROM produtos WHERE nome = $1',
        [nome],
      );
      produto[slug] = { id: Number(row.id), preco: Math.round(Number(row.preco) * 100) };
    }
    t.app.notificacoes.assinar(who.maria.id, (aviso) => avisos.push(aviso));
  });
  afterAll(() => t?.dispose());

  beforeEach(async () => {
    Object.assign(roteiro, { fora: false, antesDeCobrar: null, ignoraCancelamento: false, cobrancas: 0 });
    relogio = new Date();
    avisos.length = 0;
    await raw('DELETE FROM pedidos');
    await raw('DELETE FROM chaves_idempotencia');
    await raw('DELETE FROM tarefas');
    await raw('DELETE FROM pagamento_eventos');
  });

  describe('a resposta perdida e o clique de novo', () => {
    it('cartão aprovado: outro token com a mesma tentativa devolve o mesmo pedido, pago, sem outra cobrança', async () => {
      const chave = novaChave();
      const primeiro = contentOf(
        pedidoApi.create,
        await criar(await corpo(['espelho'], { tipo: 'credit', token: await tokenizar('APRO') }), chave),
      );
      expect(primeiro.situacaoPedido).toBe('PAGO');
      // The answer was lost: the page tokenizes the card again and sends the attempt again.
      const res = await criar(await corpo(['espelho'], { tipo: 'credit', token: await tokenizar('APRO') }), chave);
      expect(res.statusCode).toBe(201);
      expect(res.headers['idempotent-replayed']).toBe('true');
      const segundo = contentOf(pedidoApi.create, res);
      expect(segundo.id).toBe(primeiro.id);
      expect(segundo.situacaoPedido).toBe('PAGO');
      expect(await n('SELECT count(*) AS n FROM pedidos')).toBe(1);
      expect(await pagamentosDe(primeiro.id)).toEqual([{ status: 'approved', tipo: 'credit', estorno_devido: false }]);
      expect(roteiro.cobrancas).toBe(1);
    });

    it('cartão recusado: a mesma tentativa com outro cartão paga o mesmo pedido, nunca um novo', async () => {
      const chave = novaChave();
      const recusado = contentOf(
        pedidoApi.create,
        await criar(await corpo(['curso'], { tipo: 'credit', token: await tokenizar('OTHE') }), chave),
      );
      expect(recusado.situacaoPedido).toBe('RECUSADO');
      const pago = contentOf(
        pedidoApi.create,
        await criar(await corpo(['curso'], { tipo: 'credit', token: await tokenizar('APRO') }), chave),
      );
      expect(pago.id).toBe(recusado.id);
      expect(pago.situacaoPedido).toBe('PAGO');
      // The same token again (a double click of the same submission) charges nothing more.
      expect((await pagamentosDe(pago.id)).map((p) => p.status)).toEqual(['rejected', 'approved']);
      expect(await n('SELECT count(*) AS n FROM pedidos')).toBe(1);
    });

    it('PIX: a repetição devolve o mesmo QR code; expirado, a repetição gera outro no mesmo pedido', async () => {
      const chave = novaChave();
      const primeiro = contentOf(pedidoApi.create, await criar(await corpo(['curso'], { tipo: 'pix' }), chave));
      expect(primeiro.pix?.qrCode).toBeTruthy();
      const repetido = contentOf(pedidoApi.create, await criar(await corpo(['curso'], { tipo: 'pix' }), chave));
      expect(repetido.id).toBe(primeiro.id);
      expect(repetido.pix?.qrCode).toBe(primeiro.pix!.qrCode);
      expect(roteiro.cobrancas).toBe(1);

      // Ten minutes later the PIX expired (its job cancelled it); the same attempt makes a new one on the order.
      relogio = new Date(Date.now() + 11 * 60 * 1000);
      await raw("UPDATE pagamentos SET expira_em = now() - interval '1 second' WHERE tipo = 'pix'");
      await adiantarTarefas();
      await rodarTarefas();
      expect((await pagamentosDe(primeiro.id)).map((p) => p.status)).toEqual(['cancelled']);
      const novo = contentOf(pedidoApi.create, await criar(await corpo(['curso'], { tipo: 'pix' }), chave));
      expect(novo.id).toBe(primeiro.id);
      expect(novo.pix?.qrCode).toBeTruthy();
      expect(novo.pix!.qrCode).not.toBe(primeiro.pix!.qrCode);
      expect(await n('SELECT count(*) AS n FROM pedidos')).toBe(1);
      expect((await pagamentosDe(primeiro.id)).map((p) => p.status)).toEqual(['cancelled', 'pending']);
    });

    it('a tentativa com outra sacola é 422, e GET /pedido/tentativa/{chave} acha o pedido que ela criou', async () => {
      const chave = novaChave();
      const criado = contentOf(pedidoApi.create, await criar(await corpo(['curso'], { tipo: 'pix' }), chave));
      const outra = await criar(await corpo(['curso', 'curso2'], { tipo: 'pix' }), chave);
      expect(outra.statusCode).toBe(422);
      expect(body(outra).message).toBe(MSG.idempotenciaOutroCorpo);
      const achado = await t.app.inject({
        url: `/api/pedido/tentativa/${encodeURIComponent(chave)}`,
        headers: bearer(tokens.maria),
      });
      expect(contentOf(pedidoApi.tentativa, achado).id).toBe(criado.id);
      expect(await n('SELECT count(*) AS n FROM pedidos')).toBe(1);
    });

    it('a tentativa de outro cliente não é achada (404), nem uma que não criou pedido', async () => {
      const chave = novaChave();
      contentOf(pedidoApi.create, await criar(await corpo(['curso'], { tipo: 'pix' }), chave));
      const deOutro = await t.app.inject({ url: `/api/pedido/tentativa/${chave}`, headers: bearer(tokens.empresa) });
      expect(deOutro.statusCode).toBe(404);
      expect(body(deOutro).message).toBe(MSG_API.pedidoNaoEncontrado);
      const nenhuma = await t.app.inject({
        url: `/api/pedido/tentativa/${novaChave()}`,
        headers: bearer(tokens.maria),
      });
      expect(nenhuma.statusCode).toBe(404);
      const daEquipe = await t.app.inject({ url: `/api/pedido/tentativa/${chave}`, headers: bearer(tokens.equipe) });
      expect(daEquipe.statusCode).toBe(403);
    });

    it('uma chave de 255 caracteres: o pedido e a cobrança gravados, a repetição acha o mesmo pedido', async () => {
      for (const tamanho of [112, 200, 255]) {
        await raw('DELETE FROM pedidos');
        const chave = `${'k'.repeat(tamanho - 4)}${String(++seq).padStart(4, '0')}`;
        const res = await criar(await corpo(['curso'], { tipo: 'credit', token: await tokenizar('APRO') }), chave);
        expect(res.statusCode, res.body).toBe(201);
        const pedido = contentOf(pedidoApi.create, res);
        expect(pedido.situacaoPedido).toBe('PAGO');
        const de_novo = contentOf(
          pedidoApi.create,
          await criar(await corpo(['curso'], { tipo: 'credit', token: await tokenizar('APRO') }), chave),
        );
        expect(de_novo.id).toBe(pedido.id);
        expect(await n('SELECT count(*) AS n FROM pedidos')).toBe(1);
        expect(await n("SELECT count(*) AS n FROM pagamentos WHERE status = 'approved'")).toBe(1);
      }
    });

    it('dias depois (a chave já esquecida), a mesma tentativa ainda acha o seu pedido', async () => {
      const chave = novaChave();
      const criado = contentOf(
        pedidoApi.create,
        await criar(await corpo(['curso'], { tipo: 'credit', token: await tokenizar('APRO') }), chave),
      );
      await raw('DELETE FROM chaves_idempotencia');
      const depois = contentOf(
        pedidoApi.create,
        await criar(await corpo(['curso'], { tipo: 'credit', token: await tokenizar('APRO') }), chave),
      );
      expect(depois.id).toBe(criado.id);
      expect(await n('SELECT count(*) AS n FROM pedidos')).toBe(1);
      expect(await n("SELECT count(*) AS n FROM pagamentos WHERE status = 'approved'")).toBe(1);
    });

    it('o pedido criado avisa em tempo real (a sacola de cada aparelho sai com ele), uma vez só', async () => {
      const chave = novaChave();
      const criado = contentOf(pedidoApi.create, await criar(await corpo(['curso'], { tipo: 'pix' }), chave));
      contentOf(pedidoApi.create, await criar(await corpo(['curso'], { tipo: 'pix' }), chave));
      const recebido = {
        id: expect.any(Number),
        message: MSG_API.pedidoRecebido.replace('{id}', String(criado.id)),
        statusPayment: 'pending',
        idPedido: criado.id,
      };
      await vi.waitFor(() => expect(avisos).toContainEqual(recebido));
      const publicados = avisos.filter((a) => a.message === recebido.message);
      expect(publicados).toHaveLength(1);
      // Kept by the order's own statement (ADR 046), once, under the id the channel carried.
      const kept = await raw<{ id: number; tipo: string; texto: string; pedido_id: number }>(
        'SELECT id, tipo, texto, pedido_id FROM notificacoes WHERE pedido_id = $1',
        [criado.id],
      );
      expect(kept).toEqual([{ id: publicados[0]!.id, tipo: 'pedido', texto: recebido.message, pedido_id: criado.id }]);
    });
  });

  describe('aprovações que o pedido não pode receber são estornadas', () => {
    it('um pedido cancelado enquanto o provedor cobrava: o pagamento aprovado é estornado, o pedido fica cancelado', async () => {
      const id = contentOf(pedidoApi.create, await criar(await corpo(['curso'], { tipo: 'pix' }), novaChave())).id;
      // The customer pays by card from the order list; while the provider charges, the order is cancelled.
      roteiro.antesDeCobrar = async () => {
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/pedido/cancelar/${id}`,
          headers: bearer(tokens.maria),
        });
        expect(res.statusCode).toBe(200);
      };
      const res = await processar({
        idPedido: id,
        tipoPagamento: 'credit',
        token: await tokenizar('APRO'),
        paymentMethodId: 'master',
        valor: fromCents(produto.curso!.preco),
      });
      expect(res.statusCode).toBe(409);
      expect(body(res).message).toBe(MSG_API.pagamentoDevolvido);
      expect(await situacao(id)).toBe('CANCELADO');
      await rodarTarefas();
      expect((await pagamentosDe(id)).filter((p) => p.tipo === 'credit')).toEqual([
        { status: 'refunded', tipo: 'credit', estorno_devido: true },
      ]);
      expect(await situacao(id)).toBe('CANCELADO');
      await vi.waitFor(() =>
        expect(avisos).toContainEqual({
          id: expect.any(Number),
          message: MSG_API.pagamentoEstornado,
          statusPayment: 'refunded',
          idPedido: id,
        }),
      );
    });

    it('um PIX pago depois que o cartão já pagou o pedido: o segundo pagamento é estornado, o pedido segue pago', async () => {
      const id = contentOf(pedidoApi.create, await criar(await corpo(['espelho'], { tipo: 'pix' }), novaChave())).id;
      const codigo = (
        await one<{ pix_qr_code: string }>('SELECT pix_qr_code FROM pagamentos WHERE pedido_id = $1', [id])
      ).pix_qr_code;
      // The provider cannot call off the PIX in time; the card pays the order.
      roteiro.ignoraCancelamento = true;
      const total = (await one<{ valor: string }>('SELECT valor_total::text AS valor FROM pedidos WHERE id = $1', [id]))
        .valor;
      const cartao = await processar({
        idPedido: id,
        tipoPagamento: 'credit',
        token: await tokenizar('APRO'),
        paymentMethodId: 'master',
        valor: Number(total),
      });
      expect(cartao.statusCode).toBe(201);
      expect(await situacao(id)).toBe('PAGO');
      // Then the bank pays the PIX as well.
      expect((await pagarPix(codigo)).statusCode).toBe(200);
      await rodarTarefas();
      expect(await situacao(id)).toBe('PAGO');
      const pagamentos = await pagamentosDe(id);
      expect(pagamentos).toContainEqual({ status: 'approved', tipo: 'credit', estorno_devido: false });
      expect(pagamentos).toContainEqual({ status: 'refunded', tipo: 'pix', estorno_devido: true });
    });
  });

  describe('um curso nunca é vendido duas vezes', () => {
    it('com o PIX de um pedido ainda valendo, outro pedido do mesmo curso é recusado (409)', async () => {
      const primeiro = contentOf(pedidoApi.create, await criar(await corpo(['curso'], { tipo: 'pix' }), novaChave()));
      const outro = await criar(
        await corpo(['curso'], { tipo: 'credit', token: await tokenizar('APRO') }),
        novaChave(),
      );
      expect(outro.statusCode).toBe(409);
      expect(body(outro).message).toBe(
        MSG_API.cursoEmPedidoAberto.replace('{nome}', CURSO.nome).replace('{id}', String(primeiro.id)),
      );
      expect(await n('SELECT count(*) AS n FROM pedidos')).toBe(1);
    });

    it('um pedido aberto sem cobrança em curso não impede; pago o outro, pagar o primeiro é recusado (409)', async () => {
      const recusado = contentOf(
        pedidoApi.create,
        await criar(await corpo(['curso'], { tipo: 'credit', token: await tokenizar('OTHE') }), novaChave()),
      );
      expect(recusado.situacaoPedido).toBe('RECUSADO');
      const pago = contentOf(
        pedidoApi.create,
        await criar(await corpo(['curso'], { tipo: 'credit', token: await tokenizar('APRO') }), novaChave()),
      );
      expect(pago.situacaoPedido).toBe('PAGO');
      const res = await processar({
        idPedido: recusado.id,
        tipoPagamento: 'pix',
        valor: fromCents(produto.curso!.preco),
      });
      expect(res.statusCode).toBe(409);
      expect(body(res).message).toBe(MSG_API.produtoDigitalJaAdquirido.replace('{nome}', CURSO.nome));
      expect(await pagamentosDe(recusado.id)).toEqual([{ status: 'rejected', tipo: 'credit', estorno_devido: false }]);
    });

    it('dois pedidos do mesmo curso pagos ao mesmo tempo: o segundo pagamento é estornado e o seu pedido cancelado', async () => {
      const comPix = contentOf(pedidoApi.create, await criar(await corpo(['curso'], { tipo: 'pix' }), novaChave()));
      // A second order of the course made while the first one's PIX is on its way (only a race gets here).
      await raw("UPDATE pagamentos SET expira_em = now() - interval '1 second' WHERE pedido_id = $1", [comPix.id]);
      const comCartao = contentOf(
        pedidoApi.create,
        await criar(await corpo(['curso'], { tipo: 'credit', token: await tokenizar('APRO') }), novaChave()),
      );
      expect(comCartao.situacaoPedido).toBe('PAGO');
      await raw("UPDATE pagamentos SET expira_em = now() + interval '5 minutes' WHERE pedido_id = $1", [comPix.id]);
      await raw("UPDATE sandbox_pagamentos SET expira_em = now() + interval '5 minutes' WHERE tipo = 'pix'");
      expect((await pagarPix(comPix.pix!.qrCode)).statusCode).toBe(200);
      await rodarTarefas();
      expect(await situacao(comPix.id)).toBe('CANCELADO');
      expect(await situacao(comCartao.id)).toBe('PAGO');
      expect(await pagamentosDe(comPix.id)).toEqual([{ status: 'refunded', tipo: 'pix', estorno_devido: true }]);
      const historico = await raw<{ para: string; quem: string }>(
        'SELECT para, quem FROM pedido_historico WHERE pedido_id = $1 ORDER BY id',
        [comPix.id],
      );
      expect(historico).toEqual([
        { para: 'PENDENTE', quem: 'CLIENTE' },
        { para: 'CANCELADO', quem: 'SISTEMA' },
      ]);
    });
  });

  describe('o reconciliador', () => {
    const reconciliar = async () => {
      await t.app.jobs.enqueue(JOB_RECONCILIAR, {});
      await rodarTarefas();
    };

    it('aplica um aviso gravado e nunca aplicado', async () => {
      const pedido = contentOf(pedidoApi.create, await criar(await corpo(['curso'], { tipo: 'pix' }), novaChave()));
      expect((await pagarPix(pedido.pix!.qrCode)).statusCode).toBe(200);
      // The event is recorded, but its job was lost (and the bank's re-read too).
      await raw("DELETE FROM tarefas WHERE tipo = 'pagamento.sincronizar'");
      await reconciliar();
      expect(await situacao(pedido.id)).toBe('PENDENTE'); // minutes have not passed yet
      relogio = new Date(Date.now() + 5 * 60 * 1000);
      await raw("UPDATE pagamento_eventos SET recebido_em = now() - interval '5 minutes'");
      await reconciliar();
      expect(await situacao(pedido.id)).toBe('PAGO');
      expect(await n('SELECT count(*) AS n FROM pagamento_eventos WHERE processado_em IS NULL')).toBe(0);
    });

    it('relê um pagamento em aberto cujo aviso nunca chegou', async () => {
      const pedido = contentOf(pedidoApi.create, await criar(await corpo(['curso'], { tipo: 'pix' }), novaChave()));
      // The bank pays, but no notification is ever sent (as if the webhook never came).
      const sandbox = createSandboxPaymentProvider(t.database.db, {
        recebedorNome: 'Sorriso Pleno',
        recebedorCidade: 'Sao Paulo',
        chavePix: '34567890000130',
      });
      await sandbox.pagarPix(pedido.pix!.qrCode);
      relogio = new Date(Date.now() + 5 * 60 * 1000);
      await raw("UPDATE pagamentos SET created_at = now() - interval '5 minutes'");
      await reconciliar();
      expect(await situacao(pedido.id)).toBe('PAGO');
    });

    it('adota um pagamento que o provedor tem e nós nunca gravamos', async () => {
      const pedido = contentOf(pedidoApi.create, await criar(await corpo(['curso'], { tipo: 'pix' }), novaChave()));
      const pix = await one<{ provider_id: string }>('SELECT provider_id FROM pagamentos WHERE pedido_id = $1', [
        pedido.id,
      ]);
      // As if the process stopped after the provider answered and before our row was written.
      await raw('DELETE FROM pagamentos WHERE pedido_id = $1', [pedido.id]);
      expect((await pagarPix(pedido.pix!.qrCode)).statusCode).toBe(200);
      await rodarTarefas(); // the notification's job waits for a row that never comes
      expect(await situacao(pedido.id)).toBe('PENDENTE');
      relogio = new Date(Date.now() + 5 * 60 * 1000);
      await raw("UPDATE pagamento_eventos SET recebido_em = now() - interval '5 minutes'");
      await reconciliar();
      expect(await situacao(pedido.id)).toBe('PAGO');
      expect(await one('SELECT provider_id, status FROM pagamentos WHERE pedido_id = $1', [pedido.id])).toEqual({
        provider_id: pix.provider_id,
        status: 'approved',
      });
    });
  });

  describe('estorno pedido pela equipe', () => {
    it('com o provedor fora do ar por duas horas: a tarefa nunca desiste, e o estorno sai minutos depois da volta', async () => {
      const pedido = contentOf(
        pedidoApi.create,
        await criar(await corpo(['curso'], { tipo: 'credit', token: await tokenizar('APRO') }), novaChave()),
      );
      // An instance whose job queue's clock the test moves: hours of retries pass in a moment.
      const relogioDasTarefas = shiftedClock();
      const outra = await createTestApp({
        kind,
        database: t.database,
        paymentProvider: provedor,
        jobClock: relogioDasTarefas,
      });
      roteiro.fora = true;
      const res = await outra.app.inject({
        method: 'PUT',
        url: `/api/pedido/cancelar/${pedido.id}`,
        headers: bearer(tokens.equipe),
      });
      expect(res.statusCode).toBe(200);
      const estorno = () =>
        one<{ status: string; tentativas: number; max_tentativas: number | null; espera: number }>(
          `SELECT status, tentativas, max_tentativas,
             extract(epoch FROM executar_em - (now() + make_interval(secs => $1)))::float AS espera
           FROM tarefas WHERE tipo = 'pagamento.estornar'`,
          [relogioDasTarefas.offsetSeconds],
        );
      // Two hours of outage, looked at every five minutes: the job keeps failing and waiting, never dead.
      for (let minuto = 0; minuto < 120; minuto += 5) {
        relogioDasTarefas.advance(5 * 60);
        await outra.app.jobWorker.runOnce();
        const e = await estorno();
        expect(e.status).toBe('PENDENTE');
        expect(e.max_tentativas).toBeNull();
        expect(e.espera).toBeLessThanOrEqual(outra.config.JOBS_RETRY_MAX_SECONDS);
      }
      expect((await estorno()).tentativas).toBeGreaterThan(20);
      expect(await situacao(pedido.id)).toBe('PAGO');

      // The provider is back: within the longest wait, the refund goes through and cancels the order.
      roteiro.fora = false;
      relogioDasTarefas.advance(outra.config.JOBS_RETRY_MAX_SECONDS);
      await outra.app.jobWorker.runOnce();
      await outra.dispose();
      expect((await estorno()).status).toBe('CONCLUIDA');
      expect(await situacao(pedido.id)).toBe('CANCELADO');
      expect(await pagamentosDe(pedido.id)).toEqual([{ status: 'refunded', tipo: 'credit', estorno_devido: true }]);
    });

    it('com o provedor fora do ar: o pedido segue pago, a tarefa tenta de novo e estorna quando ele volta', async () => {
      const pedido = contentOf(
        pedidoApi.create,
        await criar(await corpo(['curso'], { tipo: 'credit', token: await tokenizar('APRO') }), novaChave()),
      );
      roteiro.fora = true;
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/pedido/cancelar/${pedido.id}`,
        headers: bearer(tokens.equipe),
      });
      expect(res.statusCode).toBe(200);
      expect(contentOf(pedidoApi.cancelar, res).situacaoPedido).toBe('PAGO');
      await rodarTarefas();
      expect(await situacao(pedido.id)).toBe('PAGO');
      expect(
        await n(
          "SELECT count(*) AS n FROM tarefas WHERE tipo = 'pagamento.estornar' AND status = 'PENDENTE' AND ultimo_erro IS NOT NULL",
        ),
      ).toBe(1);
      roteiro.fora = false;
      await adiantarTarefas();
      await rodarTarefas();
      expect(await situacao(pedido.id)).toBe('CANCELADO');
      expect(await pagamentosDe(pedido.id)).toEqual([{ status: 'refunded', tipo: 'credit', estorno_devido: true }]);
    });
  });
});
