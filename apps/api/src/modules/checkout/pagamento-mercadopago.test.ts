import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG_API } from '@clinica/shared/messages-api';
import { pagamentoApi } from '@clinica/shared/schemas/pagamento';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.js';
import { assinarWebhookMercadoPago } from '../../integrations/payments/webhook-signature.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { pedidoHistorico, pedidos } from '../pedido/pedido.table.js';

const SECRET = 'segredo-do-webhook-de-teste';

/**
 * The fake's installments for `amount` reais (docs/integrations.md#installments): up to 12, 1x to 3x interest-free
 * (as the seller's account would set them up), then 1,99 % a month; the installment rounded to the cent and the
 * total its multiple, as Mercado Pago answers them.
 */
function payerCosts(amount: number) {
  return Array.from({ length: 12 }, (_, k) => {
    const n = k + 1;
    const i = n <= 3 ? 0 : 0.0199;
    const parcela = Math.round((i === 0 ? amount / n : (amount * i) / (1 - (1 + i) ** -n)) * 100) / 100;
    const total = Math.round(parcela * n * 100) / 100;
    return {
      installments: n,
      installment_rate: i === 0 ? 0 : Math.round((total / amount - 1) * 10_000) / 100,
      installment_amount: parcela,
      total_amount: total,
      recommended_message: `${n} parcela(s) de R$ ${parcela.toFixed(2)}`,
    };
  });
}

/** A small Mercado Pago on 127.0.0.1: payments by id, created idempotently by X-Idempotency-Key; installments. */
function fakeMercadoPago() {
  const pagamentos = new Map<string, Record<string, unknown>>();
  const porChave = new Map<string, string>();
  const chamadas: Array<{ metodo: string; url: string; chave: string | undefined; corpo: unknown }> = [];
  let seq = 9_000_000;
  const server = http.createServer((req, res) => {
    let bruto = '';
    req.on('data', (c: Buffer) => (bruto += c.toString()));
    req.on('end', () => {
      const corpo = bruto ? (JSON.parse(bruto) as Record<string, unknown>) : null;
      const chave = req.headers['x-idempotency-key'] as string | undefined;
      chamadas.push({ metodo: req.method!, url: req.url!, chave, corpo });
      const json = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const parcelas = /^\/v1\/payment_methods\/installments\?(.*)$/.exec(req.url ?? '');
      if (req.method === 'GET' && parcelas) {
        const q = new URLSearchParams(parcelas[1]);
        if (!/^\d{6,8}$/.test(q.get('bin') ?? '')) return json(400, { message: 'invalid bin', status: 400 });
        return json(200, [
          {
            payment_method_id: 'master',
            payment_type_id: 'credit_card',
            issuer: { id: '24', name: 'Mastercard' },
            payer_costs: payerCosts(Number(q.get('amount'))),
          },
        ]);
      }
      const m = /^\/v1\/payments(?:\/(\d+))?/.exec(req.url ?? '');
      if (!m) return json(404, { message: 'not found', status: 404 });
      if (req.method === 'POST' && !m[1] && corpo) {
        const ja = chave ? porChave.get(chave) : undefined;
        if (ja) return json(201, pagamentos.get(ja));
        const id = String(++seq);
        const pix = corpo.payment_method_id === 'pix';
        // A card pays its installments' total (the payer's interest on top of the purchase's amount).
        const custo = pix
          ? undefined
          : payerCosts(Number(corpo.transaction_amount)).find((c) => c.installments === corpo.installments);
        const p = {
          id: Number(id),
          status: pix ? 'pending' : 'approved',
          status_detail: pix ? 'pending_waiting_transfer' : 'accredited',
          transaction_amount: corpo.transaction_amount,
          external_reference: corpo.external_reference,
          payment_method_id: corpo.payment_method_id,
          date_approved: pix ? null : new Date().toISOString(),
          card: pix ? {} : { last_four_digits: '6351' },
          ...(custo
            ? {
                installments: custo.installments,
                transaction_details: {
                  total_paid_amount: custo.total_amount,
                  installment_amount: custo.installment_amount,
                },
              }
            : {}),
          point_of_interaction: pix
            ? { transaction_data: { qr_code: `000201-fake-${id}`, qr_code_base64: 'iVBORw0KGgo=' } }
            : {},
        };
        pagamentos.set(id, p);
        if (chave) porChave.set(chave, id);
        return json(201, p);
      }
      const p = m[1] ? pagamentos.get(m[1]) : undefined;
      if (!p) return json(404, { message: 'Payment not found', status: 404 });
      if (req.method === 'PUT' && corpo?.status === 'cancelled' && p.status === 'pending') {
        p.status = 'cancelled';
        p.status_detail = 'by_collector';
      }
      return json(200, p);
    });
  });
  return { server, pagamentos, chamadas };
}

describe.each(testDatabaseTargets())('pagamentos com Mercado Pago (%s)', (kind) => {
  let t: TestApp;
  const mp = fakeMercadoPago();
  let maria = { id: 0, idCliente: 0 };
  let token = '';

  const webhook = (
    dataId: string,
    opts: { eventoId?: string; ts?: number; secret?: string; assinatura?: string | null } = {},
  ) => {
    const xRequestId = `req-${Math.random().toString(36).slice(2)}`;
    const assinatura =
      opts.assinatura === null
        ? undefined
        : (opts.assinatura ??
          assinarWebhookMercadoPago({
            dataId,
            xRequestId,
            ts: opts.ts ?? Math.floor(Date.now() / 1000),
            secret: opts.secret ?? SECRET,
          }));
    return t.app.inject({
      method: 'POST',
      url: `/api/pagamento/webhook/mercadopago?data.id=${dataId}&type=payment`,
      headers: { 'x-request-id': xRequestId, ...(assinatura ? { 'x-signature': assinatura } : {}) },
      payload: {
        id: opts.eventoId ?? `ev-${Math.random().toString(36).slice(2)}`,
        live_mode: false,
        type: 'payment',
        action: 'payment.updated',
        data: { id: dataId },
      },
    });
  };

  async function pedidoPendente(valor = 5000) {
    const [p] = await t.database.db
      .insert(pedidos)
      .values({
        clienteId: maria.idCliente,
        situacao: 'PENDENTE',
        valorProdutos: valor,
        valorTotal: valor,
        dadosDocumento: '52998224725',
      })
      .returning({ id: pedidos.id });
    await t.database.db.insert(pedidoHistorico).values({ pedidoId: p!.id, para: 'PENDENTE', quem: 'SISTEMA' });
    return p!.id;
  }
  const situacao = async (id: number) =>
    (await t.database.raw<{ situacao: string }>('SELECT situacao FROM pedidos WHERE id = $1', [id]))[0]!.situacao;
  const rodarTarefas = async () => {
    for (let i = 0; i < 4; i++) await t.app.jobWorker.runOnce();
  };

  beforeAll(async () => {
    await new Promise<void>((r) => mp.server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(mp.server.address() as AddressInfo).port}`;
    t = await createTestApp({
      kind,
      seed: true,
      config: {
        PAYMENT_PROVIDER: 'mercadopago',
        MERCADOPAGO_ACCESS_TOKEN: 'TEST-token',
        MERCADOPAGO_PUBLIC_KEY: 'TEST-public-key',
        MERCADOPAGO_WEBHOOK_SECRET: SECRET,
        MERCADOPAGO_API_URL: url,
      },
    });
    const [row] = await t.database.raw<{ id: number; cliente: number }>(
      'SELECT u.id, c.id AS cliente FROM usuarios u JOIN clientes c ON c.usuario_id = u.id WHERE u.email = $1',
      [DEMO_ACCOUNTS.cliente.email],
    );
    maria = { id: Number(row!.id), idCliente: Number(row!.cliente) };
    token = await t.issueToken({ ...maria, permissao: 'CLIENTE' });
  });
  afterAll(async () => {
    await t?.dispose();
    await new Promise((r) => mp.server.close(r));
  });
  beforeEach(async () => {
    await t.database.raw('DELETE FROM pedidos');
    await t.database.raw('DELETE FROM pagamento_eventos');
    await t.database.raw('DELETE FROM tarefas');
  });

  const pagarPix = async (id: number) =>
    contentOf(
      pagamentoApi.processar,
      await t.app.inject({
        method: 'POST',
        url: '/api/pagamento/processar',
        headers: { ...bearer(token), 'idempotency-key': `mp-${id}-${Date.now()}` },
        // R$ 50,00 of products with the demo store's 5 % off by PIX.
        payload: { idPedido: id, tipoPagamento: 'pix', valor: 47.5 },
      }),
    );

  it('the browser learns the provider and its public key; the sandbox routes do not exist', async () => {
    const res = await t.app.inject({ url: '/api/pagamento/configuracao' });
    expect(contentOf(pagamentoApi.configuracao, res)).toEqual({
      provedor: 'mercadopago',
      publicKey: 'TEST-public-key',
    });
    // The pages (where MercadoPago.js runs) may load its SDK; API answers load nothing.
    const page = await t.app.inject({ url: '/checkout' });
    expect(String(page.headers['content-security-policy'])).toContain('https://sdk.mercadopago.com');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/sandbox/pix/pagar', payload: { codigo: 'x'.repeat(30) } }))
        .statusCode,
    ).toBe(404);
  });

  it('PIX at Mercado Pago: an idempotency key per attempt; the signed webhook, re-read from the provider, makes the order PAGO', async () => {
    const id = await pedidoPendente();
    const r = await pagarPix(id);
    const criacao = mp.chamadas.find(
      (c) => c.metodo === 'POST' && (c.corpo as { external_reference?: string })?.external_reference === String(id),
    );
    expect(criacao?.chave).toBeTruthy();
    expect(criacao?.corpo).toMatchObject({ transaction_amount: 47.5, payment_method_id: 'pix' });
    const providerId = (
      await t.database.raw<{ provider_id: string }>('SELECT provider_id FROM pagamentos WHERE id = $1', [r.idPagamento])
    )[0]!.provider_id;

    mp.pagamentos.get(providerId)!.status = 'approved';
    mp.pagamentos.get(providerId)!.date_approved = new Date().toISOString();
    const res = await webhook(providerId, { eventoId: 'evento-1' });
    expect(res.statusCode).toBe(200);
    expect(body(res).content).toEqual({ recebido: true });
    // The same delivery again: recorded once.
    expect((await webhook(providerId, { eventoId: 'evento-1' })).statusCode).toBe(200);
    const eventos = await t.database.raw<{ n: string }>('SELECT count(*) AS n FROM pagamento_eventos');
    expect(Number(eventos[0]!.n)).toBe(1);
    await rodarTarefas();
    expect(await situacao(id)).toBe('PAGO');

    // A late notification while the provider (wrongly) says pending again never undoes approved.
    mp.pagamentos.get(providerId)!.status = 'pending';
    await webhook(providerId, { eventoId: 'evento-2' });
    await rodarTarefas();
    expect(await situacao(id)).toBe('PAGO');
    const [p] = await t.database.raw<{ status: string }>('SELECT status FROM pagamentos WHERE id = $1', [
      r.idPagamento,
    ]);
    expect(p!.status).toBe('approved');
  });

  it("installments: Mercado Pago's offer for the BIN, cut to the store's rule; without the BIN, cash only", async () => {
    const antes = mp.chamadas.length;
    const semBin = await t.app.inject({ url: '/api/pagamento/parcelas?valor=1000', headers: bearer(token) });
    expect(contentOf(pagamentoApi.parcelas, semBin).opcoes.map((o) => o.parcelas)).toEqual([1]);
    expect(mp.chamadas.length).toBe(antes);

    const res = await t.app.inject({ url: '/api/pagamento/parcelas?valor=1000&bin=50314332', headers: bearer(token) });
    const { opcoes } = contentOf(pagamentoApi.parcelas, res);
    const chamada = mp.chamadas.at(-1)!;
    expect(chamada.metodo).toBe('GET');
    expect(new URL(chamada.url, 'http://x').searchParams.get('bin')).toBe('50314332');
    expect(new URL(chamada.url, 'http://x').searchParams.get('amount')).toBe('1000.00');
    // Mercado Pago offers 12; the demo store's rule stops at 10 (and at the R$ 30,00 installment).
    expect(opcoes.map((o) => o.parcelas)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(opcoes[2]).toMatchObject({ semJuros: true, valorParcela: 33333, total: 99999 });
    // The monthly rate is worked out from the installment it gives (CDC art. 52 shows it).
    expect(opcoes[5]).toEqual({
      parcelas: 6,
      valorParcela: 17847,
      total: 107082,
      jurosMensal: 1.99,
      jurosAnual: 26.68,
      semJuros: false,
    });
  });

  it('a card in 6x: the body carries installments and the amount; the payment records what Mercado Pago charged', async () => {
    const id = await pedidoPendente(100000);
    const [seis] = payerCosts(1000).filter((c) => c.installments === 6);
    const pagar = (parcelamento: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/pagamento/processar',
        headers: { ...bearer(token), 'idempotency-key': `mp-cartao-${id}-${Math.random()}` },
        payload: {
          idPedido: id,
          tipoPagamento: 'credit',
          token: 'tok-apro',
          paymentMethodId: 'master',
          valor: 1000,
          bin: '50314332',
          parcelamento,
        },
      });
    const cobrancas = () => mp.chamadas.filter((c) => c.metodo === 'POST' && c.url === '/v1/payments').length;
    const antes = cobrancas();
    const adulterado = await pagar({ parcelas: 6, valorParcela: seis!.installment_amount, total: 1070 });
    expect(adulterado.statusCode).toBe(409);
    expect(body(adulterado).message).toBe(MSG_API.parcelamentoDivergente);
    expect(cobrancas()).toBe(antes);

    const r = contentOf(
      pagamentoApi.processar,
      await pagar({ parcelas: 6, valorParcela: seis!.installment_amount, total: seis!.total_amount }),
    );
    const criacao = mp.chamadas.filter((c) => c.metodo === 'POST' && c.url === '/v1/payments').at(-1)!;
    expect(criacao.corpo).toMatchObject({ transaction_amount: 1000, installments: 6, token: 'tok-apro' });
    expect(r).toMatchObject({ status: 'approved', valor: 100000, parcelamento: { parcelas: 6, total: 107082 } });
    const [linha] = await t.database.raw<{ parcelas: number; total_cobrado: string }>(
      'SELECT parcelas, total_cobrado::text FROM pagamentos WHERE id = $1',
      [r.idPagamento],
    );
    expect(linha).toEqual({ parcelas: 6, total_cobrado: '1070.82' });
  });

  it('bad, missing, stale or forged signatures: 401 and nothing recorded', async () => {
    const id = await pedidoPendente();
    const r = await pagarPix(id);
    const providerId = (
      await t.database.raw<{ provider_id: string }>('SELECT provider_id FROM pagamentos WHERE id = $1', [r.idPagamento])
    )[0]!.provider_id;
    for (const res of [
      await webhook(providerId, { secret: 'outro-segredo' }),
      await webhook(providerId, { assinatura: null }),
      await webhook(providerId, { ts: Math.floor(Date.now() / 1000) - 3600 }),
      await webhook(providerId, { assinatura: 'ts=1,v1=abc' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(body(res).message).toBe(MSG_API.webhookAssinaturaInvalida);
    }
    const eventos = await t.database.raw<{ n: string }>('SELECT count(*) AS n FROM pagamento_eventos');
    expect(Number(eventos[0]!.n)).toBe(0);
  });
});
