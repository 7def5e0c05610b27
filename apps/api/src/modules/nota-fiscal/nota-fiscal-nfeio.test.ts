import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chaveAcesso, chaveAcessoValida } from '@clinica/shared/nfe';
import { notaFiscalApi } from '@clinica/shared/schemas/nota-fiscal';
import { DEMO_ACCOUNTS, DEMO_PRODUTOS_FISICOS } from '../../db/seed/demo-data.js';
import { semDescontoPixNemFreteGratis } from '../../test/checkout-fixtures.js';
import { bearer, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { pedidoEnderecosEntrega, pedidoHistorico, pedidoItens, pedidos } from '../pedido/pedido.table.js';

const API_KEY = 'chave-de-teste-da-nfeio';
const COMPANY = 'empresa-teste-01';
const CHAVE = chaveAcesso({
  codigoUf: 35,
  anoMes: '2503',
  cnpj: '12345678000190',
  serie: 1,
  numero: 1234,
  codigoNumerico: 12_345_678,
});
const ESPELHO = DEMO_PRODUTOS_FISICOS.find((p) => p.slug === 'espelho-bucal')!;
const PDF = Buffer.from('%PDF-1.7\n% DANFE da NFE.io de teste\n%%EOF\n', 'latin1');

type Estado = 'processando' | 'emitida' | 'recusada';

/**
 * A small NFE.io on 127.0.0.1 speaking its product-invoice API as docs/integrations.md#nf-e describes it:
 * POST /v2/companies/{company}/productinvoices answers 202 with the invoice's address in Location (queued for SEFAZ);
 * GET …/{id} answers the invoice (flowStatus WaitingSend, Issued with number, series and authorization.accessKey, or
 * IssueFailed with SEFAZ's reason in flowMessage); GET …/{id}/pdf answers the file's address ({ uri }). Every request
 * is recorded; `modo` makes it answer 503 or never.
 */
function fakeNfeio() {
  const notas = new Map<string, Estado>();
  const chamadas: Array<{ metodo: string; url: string; authorization: string | undefined; corpo: unknown }> = [];
  const f = { modo: 'ok' as 'ok' | '503' | 'pendurar', seq: 0, notas, chamadas, url: '' };
  const server = http.createServer((req, res) => {
    let bruto = '';
    req.on('data', (c: Buffer) => (bruto += c.toString()));
    req.on('end', () => {
      chamadas.push({
        metodo: req.method!,
        url: req.url!,
        authorization: req.headers.authorization,
        corpo: bruto ? JSON.parse(bruto) : null,
      });
      if (f.modo === 'pendurar') return; // never answers: the adapter's deadline ends the call
      const json = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (f.modo === '503') return json(503, { message: 'Service Unavailable' });
      if (req.url === '/files/danfe.pdf') {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        return res.end(PDF);
      }
      if (req.headers.authorization !== `Basic ${Buffer.from(API_KEY).toString('base64')}`) {
        return json(401, { message: 'Unauthorized' });
      }
      const base = `/v2/companies/${COMPANY}/productinvoices`;
      if (req.method === 'POST' && req.url === base) {
        const id = `pi-${++f.seq}`;
        notas.set(id, 'processando');
        res.writeHead(202, { location: `${base}/${id}` });
        return res.end();
      }
      const m = new RegExp(`^${base}/([^/]+)(/pdf)?$`).exec(req.url ?? '');
      const estado = m ? notas.get(m[1]!) : undefined;
      if (!m || !estado) return json(404, { message: 'Not Found' });
      if (m[2]) return json(200, { uri: `${f.url}/files/danfe.pdf` });
      const id = m[1]!;
      if (estado === 'emitida') {
        return json(200, {
          id,
          status: 'Issued',
          flowStatus: 'Issued',
          number: 1234,
          serie: 1,
          authorization: { accessKey: CHAVE, receiptOn: '2025-03-10T15:01:00-03:00' },
        });
      }
      if (estado === 'recusada') {
        return json(200, {
          id,
          status: 'Error',
          flowStatus: 'IssueFailed',
          flowMessage: 'Rejeição 778: Informado NCM inexistente',
        });
      }
      return json(200, { id, status: 'Processing', flowStatus: 'WaitingSend' });
    });
  });
  return { server, f };
}

describe.each(testDatabaseTargets())('nota fiscal pela NFE.io (%s)', (kind) => {
  let t: TestApp;
  const nfe = fakeNfeio();
  let maria = { id: 0, idCliente: 0 };
  let token = '';
  let espelhoId = 0;

  const one = async <T>(sql: string, params: unknown[] = []) => (await t.database.raw<T>(sql, params))[0]!;

  /** A paid-to-be order of Maria: 2 mirrors, freight to RJ. */
  async function pedidoDireto() {
    const [p] = await t.database.db
      .insert(pedidos)
      .values({
        clienteId: maria.idCliente,
        situacao: 'PENDENTE',
        valorProdutos: 4980,
        valorFrete: 1500,
        valorTotal: 6480,
        dadosNome: 'Maria Cliente',
        dadosDocumento: '52998224725',
      })
      .returning({ id: pedidos.id });
    await t.database.db.insert(pedidoItens).values({
      pedidoId: p!.id,
      produtoId: espelhoId,
      produtoNome: ESPELHO.nome,
      quantidade: 2,
      valorUnitario: 2490,
      valorTotal: 4980,
      digital: false,
    });
    await t.database.db.insert(pedidoEnderecosEntrega).values({
      pedidoId: p!.id,
      cep: '20040002',
      logradouro: 'Avenida Rio Branco',
      numero: '156',
      bairro: 'Centro',
      municipioId: 3304557,
      ufId: 33,
    });
    await t.database.db.insert(pedidoHistorico).values({ pedidoId: p!.id, para: 'PENDENTE', quem: 'SISTEMA' });
    return p!.id;
  }

  /** Pays by PIX through the sandbox bank, then runs the due jobs (payment, then the invoice's first attempt). */
  async function pagar(id: number) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pagamento/processar',
      headers: { ...bearer(token), 'idempotency-key': `nfeio-${id}-${Date.now()}` },
      payload: { idPedido: id, tipoPagamento: 'pix', valor: 64.8 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const codigo = res.json().content.pixPaymentResponse.qrCode as string;
    await t.app.inject({ method: 'POST', url: '/api/sandbox/pix/pagar', payload: { codigo } });
    await rodarTarefas();
  }
  const rodarTarefas = async () => {
    for (let i = 0; i < 4; i++) await t.app.jobWorker.runOnce();
  };
  /** The invoice's retry comes due now (instead of after the queue's backoff). */
  const proximaTentativa = async () => {
    await t.database.raw("UPDATE tarefas SET executar_em = now() WHERE tipo = 'nota-fiscal.emitir'");
    await rodarTarefas();
  };
  const nota = async (id: number) =>
    contentOf(
      notaFiscalApi.daPedido,
      await t.app.inject({ method: 'GET', url: `/api/pedido/${id}/nota-fiscal`, headers: bearer(token) }),
    )!;
  const providerId = async (id: number) =>
    (await one<{ provider_id: string | null }>('SELECT provider_id FROM notas_fiscais WHERE pedido_id = $1', [id]))
      .provider_id;
  const posts = () => nfe.f.chamadas.filter((c) => c.metodo === 'POST');

  beforeAll(async () => {
    await new Promise<void>((r) => nfe.server.listen(0, '127.0.0.1', r));
    nfe.f.url = `http://127.0.0.1:${(nfe.server.address() as AddressInfo).port}`;
    t = await createTestApp({
      kind,
      seed: true,
      config: {
        INVOICE_PROVIDER: 'nfeio',
        NFEIO_API_KEY: API_KEY,
        NFEIO_COMPANY_ID: COMPANY,
        NFEIO_API_URL: nfe.f.url,
        NFEIO_TIMEOUT_MS: 4000,
      },
    });
    await semDescontoPixNemFreteGratis(t.database);
    const row = await one<{ id: number; cliente: number }>(
      'SELECT u.id, c.id AS cliente FROM usuarios u JOIN clientes c ON c.usuario_id = u.id WHERE u.email = $1',
      [DEMO_ACCOUNTS.cliente.email],
    );
    maria = { id: Number(row.id), idCliente: Number(row.cliente) };
    token = await t.issueToken({ ...maria, permissao: 'CLIENTE' });
    espelhoId = Number((await one<{ id: number }>('SELECT id FROM produtos WHERE nome = $1', [ESPELHO.nome])).id);
  });
  afterAll(async () => {
    await t?.dispose();
    nfe.server.closeAllConnections();
    await new Promise((r) => nfe.server.close(r));
  });
  beforeEach(async () => {
    nfe.f.modo = 'ok';
    nfe.f.chamadas.length = 0;
    nfe.f.notas.clear();
    nfe.f.seq = 0;
    await t.database.raw('DELETE FROM pedidos');
    await t.database.raw('DELETE FROM tarefas');
  });

  it('accepted (202) then authorised on the status read: issued once, the key sent as HTTP Basic, the DANFE read from NFE.io', async () => {
    const id = await pedidoDireto();
    await pagar(id);
    expect(await nota(id)).toMatchObject({ status: 'pendente', provedor: 'nfeio', numero: null });
    expect(await providerId(id)).toBe('pi-1');
    expect(posts()).toHaveLength(1);
    const [post] = posts();
    expect(post!.url).toBe(`/v2/companies/${COMPANY}/productinvoices`);
    expect(post!.authorization).toBe(`Basic ${Buffer.from(API_KEY).toString('base64')}`);
    expect(post!.corpo).toMatchObject({
      externalId: `pedido-${id}`,
      buyer: {
        federalTaxNumber: 52998224725,
        address: { state: 'RJ', postalCode: '20040002', city: { code: '3304557' } },
      },
      items: [{ ncm: '90184999', cfop: 6102, quantity: 2, unitAmount: 24.9, totalAmount: 49.8 }],
      totals: { productAmount: 49.8, freightAmount: 15, invoiceAmount: 64.8 },
    });

    // SEFAZ still working: the retry only reads the invoice again, never issues a second one.
    await proximaTentativa();
    expect((await nota(id)).status).toBe('pendente');
    nfe.f.notas.set('pi-1', 'emitida');
    await proximaTentativa();
    const n = await nota(id);
    expect(n).toMatchObject({ status: 'emitida', numero: 1234, serie: 1, chaveAcesso: CHAVE, motivoFalha: null });
    expect(chaveAcessoValida(n.chaveAcesso!)).toBe(true);
    expect(posts()).toHaveLength(1);
    expect(nfe.f.chamadas.filter((c) => c.url.endsWith('/pi-1'))).toHaveLength(2);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/pedido/${id}/nota-fiscal/danfe.pdf`,
      headers: bearer(token),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
  });

  it("refused by SEFAZ: falhou at once with SEFAZ's reason", async () => {
    const id = await pedidoDireto();
    await pagar(id);
    nfe.f.notas.set('pi-1', 'recusada');
    await proximaTentativa();
    expect(await nota(id)).toMatchObject({
      status: 'falhou',
      motivoFalha: 'Rejeição 778: Informado NCM inexistente',
      numero: null,
    });
    expect((await one<{ status: string }>("SELECT status FROM tarefas WHERE tipo = 'nota-fiscal.emitir'")).status).toBe(
      'CONCLUIDA',
    );
  });

  it.each([
    ['5xx', '503' as const, 'HTTP 503'],
    ['timeout', 'pendurar' as const, 'não respondeu'],
  ])('NFE.io %s: kept pending with the reason, retried, and issued when it answers again', async (_c, modo, motivo) => {
    const id = await pedidoDireto();
    nfe.f.modo = modo;
    await pagar(id);
    expect(await nota(id)).toMatchObject({ status: 'pendente', tentativas: 1, numero: null });
    expect((await nota(id)).motivoFalha).toContain(motivo);
    expect(await providerId(id)).toBeNull();
    const job = await one<{ status: string; tentativas: number }>(
      "SELECT status, tentativas FROM tarefas WHERE tipo = 'nota-fiscal.emitir'",
    );
    expect(job).toMatchObject({ status: 'PENDENTE', tentativas: 1 });

    nfe.f.modo = 'ok';
    await proximaTentativa();
    expect(await nota(id)).toMatchObject({ status: 'pendente', tentativas: 2 });
    expect(await providerId(id)).toBe('pi-1');
    nfe.f.notas.set('pi-1', 'emitida');
    await proximaTentativa();
    expect(await nota(id)).toMatchObject({ status: 'emitida', numero: 1234, tentativas: 3 });
  });

  it('the webhook makes the store read the invoice again at NFE.io: its body is never trusted', async () => {
    const id = await pedidoDireto();
    await pagar(id);
    const aviso = (corpo: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/nota-fiscal/webhook/nfeio', payload: corpo });

    // A notice claiming 'Issued' while NFE.io still says it is processing changes nothing.
    const falso = await aviso({ id: 'pi-1', flowStatus: 'Issued', number: 999, accessKey: CHAVE });
    expect(falso.statusCode).toBe(200);
    expect((await nota(id)).status).toBe('pendente');
    expect(nfe.f.chamadas.at(-1)).toMatchObject({
      metodo: 'GET',
      url: `/v2/companies/${COMPANY}/productinvoices/pi-1`,
    });

    nfe.f.notas.set('pi-1', 'emitida');
    expect((await aviso({ id: 'pi-1' })).statusCode).toBe(200);
    expect(await nota(id)).toMatchObject({ status: 'emitida', numero: 1234, chaveAcesso: CHAVE });
    // An unknown invoice is acknowledged and ignored.
    const antes = nfe.f.chamadas.length;
    expect((await aviso({ id: 'desconhecida' })).statusCode).toBe(200);
    expect(nfe.f.chamadas.length).toBe(antes);
  });
});
