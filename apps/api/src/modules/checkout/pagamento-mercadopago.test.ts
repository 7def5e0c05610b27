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

/** A small Mercado Pago on 127.0.0.1: payments by id, created idempotently by X-Idempotency-Key. */
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
      const m = /^\/v1\/payments(?:\/(\d+))?/.exec(req.url ?? '');
      if (!m) return json(404, { message: 'not found', status: 404 });
      if (req.method === 'POST' && !m[1] && corpo) {
        const ja = chave ? porChave.get(chave) : undefined;
        if (ja) return json(201, pagamentos.get(ja));
        const id = String(++seq);
        const pix = corpo.payment_method_id === 'pix';
        const p = {
          id: Number(id),
          status: pix ? 'pending' : 'approved',
          status_detail: pix ? 'pending_waiting_transfer' : 'accredited',
          transaction_amount: corpo.transaction_amount,
          external_reference: corpo.external_reference,
          payment_method_id: corpo.payment_method_id,
          date_approved: pix ? null : new Date().toISOString(),
          card: pix ? {} : { last_four_digits: '6351' },
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

  async function pedidoPendente() {
    const [p] = await t.database.db
      .insert(pedidos)
      .values({
        clienteId: maria.idCliente,
        situacao: 'PENDENTE',
        valorProdutos: 5000,
        valorTotal: 5000,
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
        payload: { idPedido: id, tipoPagamento: 'pix', valor: 50 },
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
    expect(criacao?.corpo).toMatchObject({ transaction_amount: 50, payment_method_id: 'pix' });
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
