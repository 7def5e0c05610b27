import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { boletoBarcode, linhaDigitavel, validLinhaDigitavel } from '@clinica/shared/boleto';
import { diaNaClinica } from '@clinica/shared/clinic-day';
import { STATUS_PAGAMENTO } from '@clinica/shared/schemas/pagamento';
import {
  createMercadoPagoProvider,
  expiracaoPix,
  isoComOffset,
  jurosImplicitos,
  type MercadoPagoOptions,
} from './mercadopago.js';
import {
  CartaoInvalidoError,
  CobrancaRecusadaError,
  ProvedorIndisponivelError,
  type CobrancaBoleto,
  type CobrancaCartao,
  type CobrancaPix,
  type StatusPagamento,
} from './payment-provider.js';

const ACCESS_TOKEN = 'TEST-0000000000000000-010100-segredo-que-nao-pode-vazar';
const NOTIFICATION_URL = 'https://loja.exemplo.com.br/api/pagamento/webhook/mercadopago';
const AGORA = new Date('2025-03-10T15:00:00.000Z');
const QR =
  '00020101021226830014br.gov.bcb.pix2561qrpix.exemplo.com.br/qr/v2/cobv/9d36b84f5204000053039865802BR6304ABCD';
const QR_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

interface Chamada {
  metodo: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  bruto: string;
  corpo: Record<string, unknown> | null;
}

type PagamentoFake = Record<string, unknown> & { id: number; status: StatusPagamento };

/**
 * A fake Mercado Pago on 127.0.0.1 speaking the API of docs/integrations.md#payments-api:
 * POST /v1/payments (idempotent by X-Idempotency-Key; the card token's suffix
 * plays the test cardholder name: APRO, CONT, OTHE…), GET and PUT
 * /v1/payments/{id}, POST /v1/payments/{id}/refunds. It records every request.
 */
function fakeMercadoPago() {
  const estado = {
    chamadas: [] as Chamada[],
    pagamentos: new Map<string, PagamentoFake>(),
    /** Answers already given per idempotency key (Mercado Pago replays them). */
    porChave: new Map<string, { status: number; corpo: unknown }>(),
    seq: 1_319_000_000,
    modo: 'ok' as 'ok' | '500' | 'pendurar' | 'nao-json',
    /** Simulates a PIX paid between our read and our cancel. */
    aprovarAoCancelar: false,
  };

  const json = (res: http.ServerResponse, status: number, payload: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  };
  const erro = (res: http.ServerResponse, status: number, message: string, code?: number | string) =>
    json(res, status, {
      message,
      error: status === 404 ? 'not_found' : 'bad_request',
      status,
      cause: code === undefined ? [] : [{ code, description: message, data: null }],
    });

  /** Replays the answer of a key already seen, or computes, stores and sends a new one. */
  const idempotente = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    fazer: () => { status: number; corpo: unknown },
  ) => {
    const chave = req.headers['x-idempotency-key'];
    const guardada = typeof chave === 'string' ? estado.porChave.get(`${req.url}|${chave}`) : undefined;
    const resposta = guardada ?? fazer();
    if (typeof chave === 'string') estado.porChave.set(`${req.url}|${chave}`, resposta);
    json(res, resposta.status, resposta.corpo);
  };

  const criarPagamento = (corpo: Record<string, unknown>): { status: number; corpo: unknown } => {
    const amount = corpo.transaction_amount;
    if (typeof amount !== 'number' || amount <= 0) {
      return { status: 400, corpo: { message: 'Invalid transaction_amount', status: 400, cause: [{ code: 2072 }] } };
    }
    estado.seq += 1;
    const base = {
      id: estado.seq,
      date_created: '2025-03-10T12:00:00.000-03:00',
      transaction_amount: amount,
      currency_id: 'BRL',
      description: corpo.description,
      external_reference: corpo.external_reference ?? null,
      payment_method_id: corpo.payment_method_id,
      date_approved: null as string | null,
      card: {},
      point_of_interaction: {},
    };
    let pagamento: PagamentoFake;
    if (corpo.payment_method_id === 'bolbradesco') {
      // Mercado Pago refuses a boleto without the payer's name and document.
      const payer = (corpo.payer ?? {}) as Record<string, unknown>;
      if (!payer.first_name || !payer.identification) {
        return { status: 400, corpo: { message: 'payer.first_name and identification are required', status: 400 } };
      }
      const vence = new Date(String(corpo.date_of_expiration));
      pagamento = {
        ...base,
        payment_type_id: 'ticket',
        status: 'pending',
        status_detail: 'pending_waiting_payment',
        date_of_expiration: corpo.date_of_expiration,
        barcode: {
          content: boletoBarcode({
            banco: '237',
            vencimento: diaNaClinica(vence),
            valor: Math.round(amount * 100),
            campoLivre: `3381${String(estado.seq).padStart(21, '0')}`,
          }),
        },
        transaction_details: {
          external_resource_url: `https://www.mercadopago.com.br/payments/${estado.seq}/ticket?caller_id=1&hash=abc`,
          total_paid_amount: amount,
          installment_amount: 0,
        },
      };
    } else if (corpo.payment_method_id === 'pix') {
      pagamento = {
        ...base,
        payment_type_id: 'bank_transfer',
        status: 'pending',
        status_detail: 'pending_waiting_transfer',
        date_of_expiration: corpo.date_of_expiration,
        point_of_interaction: {
          type: 'OPENPLATFORM',
          transaction_data: { qr_code: QR, qr_code_base64: QR_PNG, ticket_url: 'https://www.mercadopago.com.br/pix' },
        },
      };
    } else {
      const token = String(corpo.token);
      if (token === 'tok-inexistente')
        return {
          status: 400,
          corpo: {
            message: 'Card Token not found',
            status: 400,
            cause: [{ code: 2006, description: 'Card Token not found' }],
          },
        };
      if (token === 'tok-invalido')
        return {
          status: 400,
          corpo: {
            message: 'Invalid card_token_id',
            status: 400,
            cause: [{ code: '3003', description: 'Invalid card_token_id' }],
          },
        };
      if (corpo.payment_method_id === 'desconhecido')
        return { status: 400, corpo: { message: 'Not found payment_method', status: 400, cause: [{ code: 3011 }] } };
      const resultado: Record<string, [StatusPagamento, string]> = {
        APRO: ['approved', 'accredited'],
        CONT: ['pending', 'pending_contingency'],
        OTHE: ['rejected', 'cc_rejected_other_reason'],
        FUND: ['rejected', 'cc_rejected_insufficient_amount'],
      };
      const [status, detalhe] = resultado[token.slice(-4)] ?? ['rejected', 'cc_rejected_bad_filled_other'];
      pagamento = {
        ...base,
        payment_type_id: 'credit_card',
        status,
        status_detail: detalhe,
        date_approved: status === 'approved' ? '2025-03-10T12:00:01.000-03:00' : null,
        card: { first_six_digits: '503143', last_four_digits: '6351' },
      };
    }
    estado.pagamentos.set(String(pagamento.id), pagamento);
    return { status: 201, corpo: pagamento };
  };

  const server = http.createServer((req, res) => {
    let bruto = '';
    req.on('data', (c: Buffer) => (bruto += c.toString('utf8')));
    req.on('end', () => {
      let corpo: Record<string, unknown> | null = null;
      try {
        corpo = bruto ? (JSON.parse(bruto) as Record<string, unknown>) : null;
      } catch {
        corpo = null;
      }
      estado.chamadas.push({ metodo: req.method ?? '', url: req.url ?? '', headers: req.headers, bruto, corpo });

      if (estado.modo === 'pendurar') return; // never answers: the client's deadline must fire
      if (estado.modo === '500') return erro(res, 500, 'internal_error');
      if (estado.modo === 'nao-json') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>gateway</html>');
      }
      if (req.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) return erro(res, 401, 'invalid access token');

      const url = new URL(req.url ?? '/', 'http://fake');
      const m = /^\/v1\/payments(?:\/([^/]+))?(\/refunds)?$/.exec(url.pathname);
      if (!m) return erro(res, 404, 'resource not found');
      const [, id, refunds] = m;
      const pagamento = id ? estado.pagamentos.get(id) : undefined;

      if (req.method === 'POST' && !id) return idempotente(req, res, () => criarPagamento(corpo ?? {}));
      if (id && !pagamento) return erro(res, 404, 'Payment not found', 2000);
      if (!pagamento) return erro(res, 405, 'method not allowed');

      if (req.method === 'GET' && !refunds) return json(res, 200, pagamento);
      if (req.method === 'PUT' && !refunds) {
        return idempotente(req, res, () => {
          if (estado.aprovarAoCancelar) {
            pagamento.status = 'approved';
            pagamento.status_detail = 'accredited';
          }
          if (corpo?.status !== 'cancelled' || !['pending', 'in_process', 'authorized'].includes(pagamento.status)) {
            return { status: 400, corpo: { message: 'Not valid action', status: 400, cause: [{ code: 3005 }] } };
          }
          pagamento.status = 'cancelled';
          pagamento.status_detail = 'by_collector';
          return { status: 200, corpo: pagamento };
        });
      }
      if (req.method === 'POST' && refunds) {
        return idempotente(req, res, () => {
          if (pagamento.status !== 'approved') {
            return {
              status: 400,
              corpo: { message: 'Invalid status for refund', status: 400, cause: [{ code: 3005 }] },
            };
          }
          pagamento.status = 'refunded';
          pagamento.status_detail = 'refunded';
          return {
            status: 201,
            corpo: {
              id: 2_000_000_001,
              payment_id: pagamento.id,
              amount: pagamento.transaction_amount,
              status: 'approved',
            },
          };
        });
      }
      return erro(res, 405, 'method not allowed');
    });
  });

  return { estado, server };
}

const fake = fakeMercadoPago();
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  fake.server.closeAllConnections();
  await new Promise<void>((resolve) => fake.server.close(() => resolve()));
});

beforeEach(() => {
  fake.estado.chamadas.length = 0;
  fake.estado.modo = 'ok';
  fake.estado.aprovarAoCancelar = false;
});

function provedor(extra: Partial<MercadoPagoOptions> = {}) {
  return createMercadoPagoProvider({
    accessToken: ACCESS_TOKEN,
    baseUrl,
    timeoutMs: 2000,
    notificationUrl: NOTIFICATION_URL,
    now: () => AGORA,
    ...extra,
  });
}

let seqChave = 0;
function cartao(extra: Partial<CobrancaCartao> = {}): CobrancaCartao {
  seqChave += 1;
  return {
    valorCents: 1234,
    descricao: 'Pedido 42 - Clínica Sorriso Pleno',
    email: 'comprador@exemplo.com.br',
    documento: { tipo: 'CPF', numero: '12345678909' },
    referencia: '42',
    chaveIdempotencia: `pedido-42-tentativa-${seqChave}`,
    token: 'tok-APRO',
    paymentMethodId: 'master',
    ...extra,
  };
}

function pix(extra: Partial<CobrancaPix> = {}): CobrancaPix {
  seqChave += 1;
  return {
    valorCents: 5990,
    descricao: 'Pedido 43 - Clínica Sorriso Pleno',
    email: 'comprador@exemplo.com.br',
    documento: { tipo: 'CNPJ', numero: '34567890000130' },
    referencia: '43',
    chaveIdempotencia: `pedido-43-pix-${seqChave}`,
    expiraEm: new Date(AGORA.getTime() + 600_000),
    ...extra,
  };
}

const criacoes = () => fake.estado.chamadas.filter((c) => c.metodo === 'POST' && c.url === '/v1/payments');

describe('Mercado Pago: card charges', () => {
  it('sends the documented card body, with reais computed from cents and the attempt key', async () => {
    const cobranca = cartao();
    const pagamento = await provedor().cobrarCartao(cobranca);

    const [chamada] = criacoes();
    expect(chamada?.headers['x-idempotency-key']).toBe(cobranca.chaveIdempotencia);
    expect(chamada?.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(chamada?.headers['content-type']).toBe('application/json');
    expect(chamada?.corpo).toEqual({
      transaction_amount: 12.34,
      token: 'tok-APRO',
      description: 'Pedido 42 - Clínica Sorriso Pleno',
      installments: 1,
      payment_method_id: 'master',
      payer: { email: 'comprador@exemplo.com.br', identification: { type: 'CPF', number: '12345678909' } },
      external_reference: '42',
      notification_url: NOTIFICATION_URL,
    });
    expect(chamada?.bruto).toContain('"transaction_amount":12.34,');

    expect(pagamento).toEqual({
      providerId: String(fake.estado.seq),
      tipo: 'credit',
      status: 'approved',
      statusDetalhe: 'accredited',
      valorCents: 1234,
      referencia: '42',
      paymentMethodId: 'master',
      lastFour: '6351',
      aprovadoEm: new Date('2025-03-10T15:00:01.000Z'),
      parcelamento: null,
      pix: null,
      boleto: null,
    });
  });

  it('writes amounts with two decimals and no float drift', async () => {
    const mp = provedor();
    for (const [cents, texto] of [
      [1, '0.01'],
      [10, '0.1'],
      [29, '0.29'],
      [115, '1.15'],
      [1005, '10.05'],
      [123456789, '1234567.89'],
    ] as const) {
      fake.estado.chamadas.length = 0;
      const pagamento = await mp.cobrarCartao(cartao({ valorCents: cents }));
      expect(criacoes()[0]?.bruto).toContain(`"transaction_amount":${texto},`);
      expect(pagamento.valorCents).toBe(cents);
    }
  });

  it('refuses a non-integer or non-positive amount before calling Mercado Pago', async () => {
    await expect(provedor().cobrarCartao(cartao({ valorCents: 12.5 }))).rejects.toThrow(RangeError);
    await expect(provedor().cobrarCartao(cartao({ valorCents: 0 }))).rejects.toThrow(RangeError);
    expect(fake.estado.chamadas).toHaveLength(0);
  });

  it('leaves out identification and notification_url when there are none', async () => {
    await provedor({ notificationUrl: null }).cobrarCartao(cartao({ documento: null }));
    const corpo = criacoes()[0]?.corpo;
    expect(corpo?.payer).toEqual({ email: 'comprador@exemplo.com.br' });
    expect(corpo).not.toHaveProperty('notification_url');
  });

  it('sends the same X-Idempotency-Key on a retry and gets the same payment back', async () => {
    const cobranca = cartao();
    const mp = provedor();
    const primeira = await mp.cobrarCartao(cobranca);
    const segunda = await mp.cobrarCartao(cobranca);

    const chaves = criacoes().map((c) => c.headers['x-idempotency-key']);
    expect(chaves).toEqual([cobranca.chaveIdempotencia, cobranca.chaveIdempotencia]);
    expect(segunda.providerId).toBe(primeira.providerId);

    const outraTentativa = await mp.cobrarCartao({ ...cobranca, chaveIdempotencia: `${cobranca.chaveIdempotencia}-b` });
    expect(outraTentativa.providerId).not.toBe(primeira.providerId);
  });

  it('maps the statuses of the test cardholders', async () => {
    const mp = provedor();
    const pendente = await mp.cobrarCartao(cartao({ token: 'tok-CONT' }));
    expect(pendente).toMatchObject({ status: 'pending', statusDetalhe: 'pending_contingency', aprovadoEm: null });
    const recusado = await mp.cobrarCartao(cartao({ token: 'tok-FUND' }));
    expect(recusado).toMatchObject({ status: 'rejected', statusDetalhe: 'cc_rejected_insufficient_amount' });
  });

  it('turns a card token Mercado Pago does not accept into CartaoInvalidoError', async () => {
    const mp = provedor();
    await expect(mp.cobrarCartao(cartao({ token: 'tok-inexistente' }))).rejects.toBeInstanceOf(CartaoInvalidoError);
    await expect(mp.cobrarCartao(cartao({ token: 'tok-invalido' }))).rejects.toBeInstanceOf(CartaoInvalidoError);
  });

  it('turns any other 4xx into CobrancaRecusadaError', async () => {
    await expect(provedor().cobrarCartao(cartao({ paymentMethodId: 'desconhecido' }))).rejects.toBeInstanceOf(
      CobrancaRecusadaError,
    );
  });
});

describe('Mercado Pago: unavailable', () => {
  it('a 5xx is ProvedorIndisponivelError', async () => {
    fake.estado.modo = '500';
    await expect(provedor().cobrarCartao(cartao())).rejects.toBeInstanceOf(ProvedorIndisponivelError);
    await expect(provedor().consultar('1')).rejects.toBeInstanceOf(ProvedorIndisponivelError);
  });

  it('a call past its deadline is ProvedorIndisponivelError', async () => {
    fake.estado.modo = 'pendurar';
    await expect(provedor({ timeoutMs: 150 }).criarPix(pix())).rejects.toBeInstanceOf(ProvedorIndisponivelError);
  });

  it('an answer that is not JSON is ProvedorIndisponivelError', async () => {
    fake.estado.modo = 'nao-json';
    await expect(provedor().cobrarCartao(cartao())).rejects.toBeInstanceOf(ProvedorIndisponivelError);
  });

  it('a refused connection is ProvedorIndisponivelError', async () => {
    const fechado = http.createServer();
    await new Promise<void>((resolve) => fechado.listen(0, '127.0.0.1', resolve));
    const porta = (fechado.address() as AddressInfo).port;
    await new Promise<void>((resolve) => fechado.close(() => resolve()));
    await expect(provedor({ baseUrl: `http://127.0.0.1:${porta}` }).consultar('1')).rejects.toBeInstanceOf(
      ProvedorIndisponivelError,
    );
  });

  it('rejected credentials are an outage, and the access token never shows in the error', async () => {
    const erro = await provedor({ accessToken: 'TEST-errado' })
      .cobrarCartao(cartao())
      .catch((err: unknown) => err);
    expect(erro).toBeInstanceOf(ProvedorIndisponivelError);
    expect(String((erro as Error).message)).not.toContain('TEST-errado');
  });
});

describe('Mercado Pago: PIX', () => {
  it('sends payment_method_id pix with an expiry Mercado Pago accepts, and maps the QR', async () => {
    const cobranca = pix();
    const pagamento = await provedor().criarPix(cobranca);

    const [chamada] = criacoes();
    expect(chamada?.headers['x-idempotency-key']).toBe(cobranca.chaveIdempotencia);
    const corpo = chamada?.corpo ?? {};
    expect(corpo).toMatchObject({
      transaction_amount: 59.9,
      description: 'Pedido 43 - Clínica Sorriso Pleno',
      payment_method_id: 'pix',
      payer: { email: 'comprador@exemplo.com.br', identification: { type: 'CNPJ', number: '34567890000130' } },
      external_reference: '43',
      notification_url: NOTIFICATION_URL,
    });
    expect(corpo).not.toHaveProperty('token');
    expect(corpo).not.toHaveProperty('installments');
    const expiracao = String(corpo.date_of_expiration);
    expect(expiracao).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/);
    // Our PIX lives 600 s; Mercado Pago's minimum is 30 min, so at least that is sent.
    expect(Date.parse(expiracao) - AGORA.getTime()).toBeGreaterThanOrEqual(30 * 60_000);

    expect(pagamento).toEqual({
      providerId: String(fake.estado.seq),
      tipo: 'pix',
      status: 'pending',
      statusDetalhe: 'pending_waiting_transfer',
      valorCents: 5990,
      referencia: '43',
      paymentMethodId: 'pix',
      lastFour: null,
      aprovadoEm: null,
      parcelamento: null,
      pix: { qrCode: QR, qrCodeBase64: QR_PNG },
      boleto: null,
    });
  });

  it('keeps a longer expiry as it is', async () => {
    const expiraEm = new Date(AGORA.getTime() + 2 * 3600_000);
    await provedor().criarPix(pix({ expiraEm }));
    expect(Date.parse(String(criacoes()[0]?.corpo?.date_of_expiration))).toBe(expiraEm.getTime());
  });

  it('expiracaoPix stays within 30 min and 30 days; isoComOffset writes Brasília time', () => {
    const curta = expiracaoPix(new Date(AGORA.getTime() + 600_000), AGORA).getTime() - AGORA.getTime();
    expect(curta).toBeGreaterThanOrEqual(30 * 60_000);
    const longa = expiracaoPix(new Date(AGORA.getTime() + 90 * 86_400_000), AGORA).getTime() - AGORA.getTime();
    expect(longa).toBeLessThanOrEqual(30 * 86_400_000);
    expect(isoComOffset(AGORA)).toBe('2025-03-10T12:00:00.000-03:00');
  });
});

function boleto(extra: Partial<CobrancaBoleto> = {}): CobrancaBoleto {
  seqChave += 1;
  return {
    valorCents: 24_990,
    descricao: 'Pedido 44 - Clínica Sorriso Pleno',
    email: 'compras@odonto.com.br',
    documento: { tipo: 'CNPJ', numero: '11222333000181' },
    referencia: '44',
    chaveIdempotencia: `pedido-44-boleto-${seqChave}`,
    vencimento: '2025-03-13',
    pagador: {
      nome: 'Odonto Empresa Comércio Ltda',
      endereco: {
        cep: '01310100',
        logradouro: 'Avenida Paulista',
        numero: '1000',
        bairro: 'Bela Vista',
        cidade: 'São Paulo',
        uf: 'SP',
      },
    },
    ...extra,
  };
}

describe('Mercado Pago: boleto', () => {
  it('sends bolbradesco with the payer and address, due at the end of the day, and reads the barcode and PDF link', async () => {
    const cobranca = boleto();
    const pagamento = await provedor().criarBoleto(cobranca);

    const [chamada] = criacoes();
    expect(chamada?.headers['x-idempotency-key']).toBe(cobranca.chaveIdempotencia);
    expect(chamada?.corpo).toEqual({
      transaction_amount: 249.9,
      description: 'Pedido 44 - Clínica Sorriso Pleno',
      payment_method_id: 'bolbradesco',
      date_of_expiration: '2025-03-13T23:59:59.000-03:00',
      payer: {
        email: 'compras@odonto.com.br',
        identification: { type: 'CNPJ', number: '11222333000181' },
        first_name: 'Odonto',
        last_name: 'Empresa Comércio Ltda',
        address: {
          zip_code: '01310100',
          street_name: 'Avenida Paulista',
          street_number: '1000',
          neighborhood: 'Bela Vista',
          city: 'São Paulo',
          federal_unit: 'SP',
        },
      },
      external_reference: '44',
      notification_url: NOTIFICATION_URL,
    });

    const codigo = (fake.estado.pagamentos.get(pagamento.providerId)!.barcode as { content: string }).content;
    expect(pagamento).toMatchObject({
      tipo: 'boleto',
      status: 'pending',
      statusDetalhe: 'pending_waiting_payment',
      valorCents: 24_990,
      referencia: '44',
      paymentMethodId: 'bolbradesco',
      parcelamento: null,
      pix: null,
      boleto: {
        codigoBarras: codigo,
        linhaDigitavel: linhaDigitavel(codigo),
        vencimento: '2025-03-13',
        pdfUrl: `https://www.mercadopago.com.br/payments/${pagamento.providerId}/ticket?caller_id=1&hash=abc`,
      },
    });
    expect(validLinhaDigitavel(pagamento.boleto!.linhaDigitavel)).toBe(true);
    // A re-read gives the same boleto, and a cancel (our expiry job) closes it.
    expect((await provedor().consultar(pagamento.providerId))?.boleto).toEqual(pagamento.boleto);
    expect((await provedor().cancelar(pagamento.providerId))?.status).toBe('cancelled');
  });

  it('leaves the address out for an order with only courses; a refusal is CobrancaRecusadaError', async () => {
    await provedor().criarBoleto(boleto({ pagador: { nome: 'Ana', endereco: null } }));
    const payer = criacoes()[0]?.corpo?.payer as Record<string, unknown>;
    expect(payer).not.toHaveProperty('address');
    expect(payer).toMatchObject({ first_name: 'Ana', last_name: 'Ana' });
    await expect(provedor().criarBoleto(boleto({ documento: null }))).rejects.toBeInstanceOf(CobrancaRecusadaError);
  });
});

describe('Mercado Pago: consult, cancel, refund', () => {
  it('consultar reads the payment and maps every status', async () => {
    const mp = provedor();
    const criado = await mp.criarPix(pix());
    for (const status of STATUS_PAGAMENTO) {
      fake.estado.pagamentos.get(criado.providerId)!.status = status;
      const lido = await mp.consultar(criado.providerId);
      expect(lido?.status).toBe(status);
    }
    expect(fake.estado.chamadas.at(-1)).toMatchObject({ metodo: 'GET', url: `/v1/payments/${criado.providerId}` });
  });

  it('consultar answers null for an id Mercado Pago does not know', async () => {
    expect(await provedor().consultar('999')).toBeNull();
  });

  it('cancelar cancels a pending PIX with a stable key', async () => {
    const mp = provedor();
    const criado = await mp.criarPix(pix());
    const cancelado = await mp.cancelar(criado.providerId);
    expect(cancelado).toMatchObject({ providerId: criado.providerId, status: 'cancelled' });

    const put = fake.estado.chamadas.find((c) => c.metodo === 'PUT');
    expect(put?.url).toBe(`/v1/payments/${criado.providerId}`);
    expect(put?.corpo).toEqual({ status: 'cancelled' });
    expect(put?.headers['x-idempotency-key']).toBeTruthy();

    // Again: nothing left to cancel, nothing sent.
    fake.estado.chamadas.length = 0;
    expect(await mp.cancelar(criado.providerId)).toMatchObject({ status: 'cancelled' });
    expect(fake.estado.chamadas.filter((c) => c.metodo === 'PUT')).toHaveLength(0);
  });

  it('cancelar returns an approved payment as it is', async () => {
    const mp = provedor();
    const aprovado = await mp.cobrarCartao(cartao());
    fake.estado.chamadas.length = 0;
    expect(await mp.cancelar(aprovado.providerId)).toMatchObject({ status: 'approved' });
    expect(fake.estado.chamadas.map((c) => c.metodo)).toEqual(['GET']);
  });

  it('cancelar returns what Mercado Pago holds when the PIX was paid in the meantime', async () => {
    const mp = provedor();
    const criado = await mp.criarPix(pix());
    fake.estado.aprovarAoCancelar = true;
    expect(await mp.cancelar(criado.providerId)).toMatchObject({ status: 'approved' });
  });

  it('cancelar answers null for an unknown id', async () => {
    expect(await provedor().cancelar('999')).toBeNull();
  });

  it('estornar refunds an approved payment, reads it back, and may be repeated', async () => {
    const mp = provedor();
    const aprovado = await mp.cobrarCartao(cartao());
    fake.estado.chamadas.length = 0;

    const estornado = await mp.estornar(aprovado.providerId);
    expect(estornado).toMatchObject({ providerId: aprovado.providerId, status: 'refunded', valorCents: 1234 });
    const [post, get] = fake.estado.chamadas;
    expect(post).toMatchObject({ metodo: 'POST', url: `/v1/payments/${aprovado.providerId}/refunds`, corpo: {} });
    expect(post?.headers['x-idempotency-key']).toBeTruthy();
    expect(get).toMatchObject({ metodo: 'GET', url: `/v1/payments/${aprovado.providerId}` });

    fake.estado.chamadas.length = 0;
    expect(await mp.estornar(aprovado.providerId)).toMatchObject({ status: 'refunded' });
    expect(fake.estado.chamadas[0]?.headers['x-idempotency-key']).toBe(post?.headers['x-idempotency-key']);
  });

  it('estornar of a payment that cannot be refunded is CobrancaRecusadaError; of an unknown one, null', async () => {
    const mp = provedor();
    const pendente = await mp.criarPix(pix());
    await expect(mp.estornar(pendente.providerId)).rejects.toBeInstanceOf(CobrancaRecusadaError);
    expect(await mp.estornar('999')).toBeNull();
  });
});

describe('Mercado Pago: installments', () => {
  it('the monthly rate of an installment by the Tabela Price (CDC art. 52 shows it), 0 without interest', () => {
    // R$ 1.000,00 in 6x of R$ 178,47 is 1,99 % a month (ADR 024's figures); 12x of R$ 94,50 too.
    expect(jurosImplicitos(100000, 17847, 6)).toBe(1.99);
    expect(jurosImplicitos(100000, 9450, 12)).toBe(1.99);
    expect(jurosImplicitos(100000, 33334, 3)).toBe(0);
    expect(jurosImplicitos(100000, 100000, 1)).toBe(0);
  });
});
