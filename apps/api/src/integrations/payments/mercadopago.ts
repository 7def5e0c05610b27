import { z } from 'zod';
import { linhaDigitavel } from '@clinica/shared/boleto';
import { diaNaClinica, inicioDoDiaSeguinte, isoNaClinica } from '@clinica/shared/clinic-day';
import { optionOfOffer } from '@clinica/shared/installment-plan';
import { installmentOptions, yearlyRate, type InstallmentOption } from '@clinica/shared/installments';
import { fromCents, toCents } from '@clinica/shared/money';
import { STATUS_PAGAMENTO } from '@clinica/shared/schemas/pagamento';
import {
  CartaoInvalidoError,
  CobrancaRecusadaError,
  ProvedorIndisponivelError,
  type CobrancaBase,
  type CobrancaBoleto,
  type ConsultaParcelas,
  type CobrancaCartao,
  type CobrancaPix,
  type PagamentoProvedor,
  type PaymentProvider,
  type StatusPagamento,
} from './payment-provider.js';

export interface MercadoPagoOptions {
  /** The private access token (APP_USR-… or TEST-…); only ever sent in the Authorization header. */
  accessToken: string;
  /** https://api.mercadopago.com, or a local fake server in tests. */
  baseUrl: string;
  /** Limit of one call, body included. */
  timeoutMs: number;
  /** Where Mercado Pago posts the webhooks of the payments we create; null sends none. */
  notificationUrl: string | null;
  now?: () => Date;
}

/** Mercado Pago accepts a PIX `date_of_expiration` 30 min to 30 days ahead (docs/integrations.md#payments-api). */
const PIX_MIN_MS = 30 * 60_000;
const PIX_MAX_MS = 30 * 24 * 3600_000;
/** Room for clock skew and the request's own latency, so the minimum is never missed by seconds. */
const PIX_MARGEM_MS = 5 * 60_000;

/**
 * Causes Mercado Pago gives when the card token itself is refused (its POST
 * /v1/payments error table): 2006 Card Token not found, 2062 Invalid card
 * token, 3003 Invalid card_token_id, 3006 Invalid parameter cardtoken_id,
 * 3008 Not found Cardtoken. No payment exists then.
 */
const CAUSAS_TOKEN_INVALIDO = new Set(['2006', '2062', '3003', '3006', '3008']);

/**
 * 4xx answers that say "not now" rather than "not this request": bad or revoked
 * credentials (our configuration, not the buyer's data), an idempotency key
 * still locked by a parallel attempt, a failed dependency, rate limiting.
 * They surface as ProvedorIndisponivelError (503, try again) instead of a refusal.
 */
const QUATROCENTOS_TRANSITORIOS = new Set([401, 408, 423, 424, 429]);

/** Statuses Mercado Pago still lets a PUT {status: 'cancelled'} act on. */
const CANCELAVEIS: ReadonlySet<StatusPagamento> = new Set(['pending', 'in_process', 'authorized']);

const texto = z.string().nullish();

/** The fields of Mercado Pago's payment resource we use; anything else is ignored. */
const pagamentoSchema = z.object({
  id: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]).transform(String),
  status: z.enum(STATUS_PAGAMENTO),
  status_detail: texto,
  transaction_amount: z.number().nonnegative(),
  external_reference: texto,
  payment_method_id: texto,
  payment_type_id: texto,
  card: z.object({ last_four_digits: texto }).nullish(),
  date_approved: texto,
  /** Cards: the installments and what the payer pays in all (interest included) and per installment. */
  installments: z.number().int().positive().nullish(),
  transaction_details: z
    .object({
      total_paid_amount: z.number().nonnegative().nullish(),
      installment_amount: z.number().nullish(),
      /** Boleto: the bank's printable boleto. */
      external_resource_url: texto,
    })
    .nullish(),
  /** Boleto: the 44-digit barcode, and when it falls due. */
  barcode: z.object({ content: texto }).nullish(),
  date_of_expiration: texto,
  point_of_interaction: z
    .object({ transaction_data: z.object({ qr_code: texto, qr_code_base64: texto }).nullish() })
    .nullish(),
});
type PagamentoMp = z.infer<typeof pagamentoSchema>;

/**
 * GET /v1/payment_methods/installments (docs/integrations.md#installments): one entry per payment method and issuer
 * of the BIN, each with its payer costs; anything else is ignored.
 */
const parcelasSchema = z.array(
  z.object({
    payment_type_id: texto,
    payer_costs: z.array(
      z.object({
        installments: z.number().int().positive(),
        installment_rate: z.number().nonnegative(),
        installment_amount: z.number().positive(),
        total_amount: z.number().positive(),
      }),
    ),
  }),
);

/**
 * The monthly rate (percent, two decimals) at which `parcelas` installments of `parcela` pay off `valor` by the
 * Tabela Price, found by bisection: Mercado Pago gives the installment and the total, and the buyer is shown the rate
 * (CDC art. 52).
 */
export function jurosImplicitos(valor: number, parcela: number, parcelas: number): number {
  if (parcelas <= 1 || parcela * parcelas <= valor) return 0;
  const pmt = (i: number) => (valor * i) / (1 - (1 + i) ** -parcelas);
  let [baixo, alto] = [0, 1];
  for (let k = 0; k < 60; k++) {
    const meio = (baixo + alto) / 2;
    if (pmt(meio) < parcela) baixo = meio;
    else alto = meio;
  }
  return Math.round(((baixo + alto) / 2) * 10_000) / 100;
}

const erroSchema = z.object({
  message: z.string().optional(),
  error: z.string().optional(),
  cause: z
    .array(z.object({ code: z.union([z.string(), z.number()]).optional(), description: z.string().optional() }))
    .optional(),
});

/** A non-2xx answer: its status and Mercado Pago's error body (empty when unreadable). */
class RespostaHttpError extends Error {
  constructor(
    readonly status: number,
    readonly corpo: z.infer<typeof erroSchema>,
    operacao: string,
  ) {
    super(`Mercado Pago respondeu HTTP ${status} (${operacao})${corpo.message ? `: ${corpo.message}` : ''}`);
    this.name = 'RespostaHttpError';
  }
}

/** Integer cents → reais with two decimals; cents/100 is the double nearest the decimal, so JSON writes "12.34". */
function reais(cents: number): number {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError(`valor inválido em centavos: ${cents}`);
  return fromCents(cents);
}

/**
 * ISO-8601 with millis and Brasília's offset, the format Mercado Pago documents (yyyy-MM-dd'T'HH:mm:ss.SSSZ): the
 * clinic's wall time and its offset at that instant (packages/shared clinic-day.ts).
 */
export const isoComOffset = (data: Date): string => isoNaClinica(data);

/**
 * The PIX expiry sent to Mercado Pago. Our checkout PIX lives 600 s, below
 * Mercado Pago's 30-minute minimum, so the charge is created to live at least
 * 30 min (+ margin) there; when our time ends, the PIX expiry job calls
 * `cancelar`, which closes it at Mercado Pago too.
 */
export function expiracaoPix(expiraEm: Date, agora: Date): Date {
  const min = agora.getTime() + PIX_MIN_MS + PIX_MARGEM_MS;
  const max = agora.getTime() + PIX_MAX_MS - PIX_MARGEM_MS;
  return new Date(Math.min(Math.max(expiraEm.getTime(), min), max));
}

/** A card's installments as Mercado Pago charged them; null for PIX or when the answer leaves them out. */
function parcelamentoDe(mp: PagamentoMp, pix: boolean): PagamentoProvedor['parcelamento'] {
  const total = mp.transaction_details?.total_paid_amount;
  const parcela = mp.transaction_details?.installment_amount;
  if (pix || !mp.installments || !total || !parcela) return null;
  return { parcelas: mp.installments, valorParcela: toCents(parcela), total: toCents(total) };
}

/** A boleto as Mercado Pago issued it: its barcode (the line is worked out of it), due day and printable link. */
function boletoDe(mp: PagamentoMp): PagamentoProvedor['boleto'] {
  const codigo = mp.barcode?.content;
  if (!codigo || !/^\d{44}$/.test(codigo)) return null;
  const vence = mp.date_of_expiration ? new Date(mp.date_of_expiration) : null;
  const url = mp.transaction_details?.external_resource_url;
  return {
    linhaDigitavel: linhaDigitavel(codigo),
    codigoBarras: codigo,
    vencimento: vence && !Number.isNaN(vence.getTime()) ? diaNaClinica(vence) : '',
    pdfUrl: url && /^https:\/\//.test(url) ? url : null,
  };
}

function paraPagamento(mp: PagamentoMp): PagamentoProvedor {
  const pix = mp.payment_method_id === 'pix' || mp.payment_type_id === 'bank_transfer';
  const boleto = mp.payment_type_id === 'ticket';
  const dados = mp.point_of_interaction?.transaction_data;
  const aprovadoEm = mp.date_approved ? new Date(mp.date_approved) : null;
  const lastFour = mp.card?.last_four_digits;
  return {
    providerId: mp.id,
    tipo: pix ? 'pix' : boleto ? 'boleto' : 'credit',
    status: mp.status,
    statusDetalhe: mp.status_detail ?? null,
    valorCents: toCents(mp.transaction_amount),
    referencia: mp.external_reference || null,
    paymentMethodId: mp.payment_method_id ?? null,
    lastFour: lastFour && /^\d{4}$/.test(lastFour) ? lastFour : null,
    aprovadoEm: aprovadoEm && !Number.isNaN(aprovadoEm.getTime()) ? aprovadoEm : null,
    parcelamento: parcelamentoDe(mp, pix || boleto),
    pix: dados?.qr_code && dados.qr_code_base64 ? { qrCode: dados.qr_code, qrCodeBase64: dados.qr_code_base64 } : null,
    boleto: boleto ? boletoDe(mp) : null,
  };
}

/** What both charges send: payer, our order id and where the webhooks go. */
function camposComuns(cobranca: CobrancaBase, notificationUrl: string | null) {
  return {
    transaction_amount: reais(cobranca.valorCents),
    description: cobranca.descricao,
    payer: {
      email: cobranca.email,
      ...(cobranca.documento
        ? { identification: { type: cobranca.documento.tipo, number: cobranca.documento.numero } }
        : {}),
    },
    external_reference: cobranca.referencia,
    ...(notificationUrl ? { notification_url: notificationUrl } : {}),
  };
}

/**
 * Mercado Pago's Payments API (docs/integrations.md#payments-api), called with `fetch` rather
 * than through the `mercadopago` SDK: the SDK (v3) hard-codes
 * https://api.mercadopago.com in a module-level constant and calls the global
 * `fetch`, so it cannot be pointed at another base URL (a local fake server in
 * tests) without patching SDK internals or the process-wide `fetch`. The
 * requests are the SDK's own: same paths, bodies and headers.
 *
 *  - GET /v1/payment_methods/installments?amount&bin for a card's installment offer;
 *  - POST /v1/payments for cards and PIX, with `X-Idempotency-Key` = the
 *    attempt's key, so a retried charge returns the same payment;
 *  - GET /v1/payments/{id}; 404 → null;
 *  - PUT /v1/payments/{id} {status: 'cancelled'} and POST
 *    /v1/payments/{id}/refunds, each with a key derived from the payment id,
 *    so repeating them is harmless;
 *  - a refused card token → CartaoInvalidoError; network error, timeout, 5xx,
 *    a transient 4xx or an unreadable answer → ProvedorIndisponivelError;
 *    any other 4xx → CobrancaRecusadaError.
 *
 * One deadline per call and no automatic retries: callers (checkout, jobs)
 * decide when to retry, always with the same idempotency key. Nothing is
 * logged here; error messages never carry the token or card data.
 */
export function createMercadoPagoProvider(options: MercadoPagoOptions): PaymentProvider {
  const root = options.baseUrl.replace(/\/+$/, '');
  const now = options.now ?? (() => new Date());

  /** One call; resolves to the parsed JSON of a 2xx, rejects with RespostaHttpError or ProvedorIndisponivelError. */
  async function chamar(
    metodo: 'GET' | 'POST' | 'PUT',
    caminho: string,
    operacao: string,
    extra: { corpo?: unknown; chave?: string } = {},
  ): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${root}${caminho}`, {
        method: metodo,
        headers: {
          authorization: `Bearer ${options.accessToken}`,
          accept: 'application/json',
          ...(extra.corpo === undefined ? {} : { 'content-type': 'application/json' }),
          ...(extra.chave ? { 'x-idempotency-key': extra.chave } : {}),
        },
        ...(extra.corpo === undefined ? {} : { body: JSON.stringify(extra.corpo) }),
        // One deadline for the connection, the headers and the body (read below, within it).
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      throw new ProvedorIndisponivelError(`Mercado Pago não respondeu (${operacao})`, { cause: err });
    }
    let corpo: unknown;
    try {
      const bruto = await res.text();
      corpo = bruto.trim() === '' ? undefined : JSON.parse(bruto);
    } catch (err) {
      if (res.ok || res.status >= 500) {
        throw new ProvedorIndisponivelError(`A resposta do Mercado Pago não pôde ser lida (${operacao})`, {
          cause: err,
        });
      }
      corpo = undefined;
    }
    if (res.ok) return corpo;
    if (res.status >= 500 || QUATROCENTOS_TRANSITORIOS.has(res.status)) {
      throw new ProvedorIndisponivelError(`Mercado Pago respondeu HTTP ${res.status} (${operacao})`);
    }
    const erro = erroSchema.safeParse(corpo);
    throw new RespostaHttpError(res.status, erro.success ? erro.data : {}, operacao);
  }

  function lerPagamento(corpo: unknown, operacao: string): PagamentoProvedor {
    const mp = pagamentoSchema.safeParse(corpo);
    if (!mp.success) {
      throw new ProvedorIndisponivelError(`O pagamento do Mercado Pago não tem o formato esperado (${operacao})`, {
        cause: mp.error,
      });
    }
    return paraPagamento(mp.data);
  }

  /** A 4xx (not transient) becomes the caller's refusal. */
  function recusa(err: unknown): unknown {
    if (!(err instanceof RespostaHttpError)) return err;
    return new CobrancaRecusadaError(err.message);
  }

  function tokenRecusado(err: RespostaHttpError): boolean {
    if (err.status !== 400 && err.status !== 404) return false;
    return (err.corpo.cause ?? []).some((c) => c.code !== undefined && CAUSAS_TOKEN_INVALIDO.has(String(c.code)));
  }

  async function criar(body: Record<string, unknown>, chave: string, operacao: string): Promise<PagamentoProvedor> {
    if (!chave) throw new RangeError('chaveIdempotencia é obrigatória: sem ela uma nova tentativa cobraria de novo');
    return lerPagamento(await chamar('POST', '/v1/payments', operacao, { corpo: body, chave }), operacao);
  }

  async function consultar(providerId: string): Promise<PagamentoProvedor | null> {
    try {
      return lerPagamento(
        await chamar('GET', `/v1/payments/${encodeURIComponent(providerId)}`, 'consulta'),
        'consulta',
      );
    } catch (err) {
      if (err instanceof RespostaHttpError && err.status === 404) return null;
      throw recusa(err);
    }
  }

  return {
    kind: 'mercadopago',

    async parcelas({ valorCents, bin, regra }: ConsultaParcelas): Promise<InstallmentOption[]> {
      // The offer depends on the card: without it, only cash.
      const aVista = installmentOptions(valorCents, { ...regra, maxParcelas: 1 });
      if (!bin) return aVista;
      const consulta = new URLSearchParams({
        amount: reais(valorCents).toFixed(2),
        bin,
        payment_type_id: 'credit_card',
      });
      let corpo: unknown;
      try {
        corpo = await chamar('GET', `/v1/payment_methods/installments?${consulta}`, 'parcelas');
      } catch (err) {
        // A BIN it refuses has no installments: cash only.
        if (err instanceof RespostaHttpError) return aVista;
        throw err;
      }
      const lidas = parcelasSchema.safeParse(corpo);
      if (!lidas.success) {
        throw new ProvedorIndisponivelError('As parcelas do Mercado Pago não têm o formato esperado (parcelas)', {
          cause: lidas.error,
        });
      }
      const metodo = lidas.data.find((m) => m.payment_type_id === 'credit_card') ?? lidas.data[0];
      const opcoes = (metodo?.payer_costs ?? [])
        .map((c) => {
          const valorParcela = toCents(c.installment_amount);
          const semJuros = c.installment_rate === 0;
          const jurosMensal = semJuros ? 0 : jurosImplicitos(valorCents, valorParcela, c.installments);
          return optionOfOffer(valorCents, {
            parcelas: c.installments,
            valorParcela,
            total: toCents(c.total_amount),
            jurosMensal,
            jurosAnual: semJuros ? 0 : yearlyRate(jurosMensal),
            semJuros,
          });
        })
        // The store's rule still decides how far the offer goes (docs/behaviour/payments.md#installments).
        .filter((o) => o.parcelas === 1 || (o.parcelas <= regra.maxParcelas && o.valorParcela >= regra.parcelaMinima))
        .sort((a, b) => a.parcelas - b.parcelas);
      return opcoes[0]?.parcelas === 1 ? opcoes : [...aVista, ...opcoes];
    },

    async cobrarCartao(cobranca: CobrancaCartao) {
      const body = {
        ...camposComuns(cobranca, options.notificationUrl),
        token: cobranca.token,
        installments: cobranca.parcelamento?.parcelas ?? 1,
        payment_method_id: cobranca.paymentMethodId,
      };
      try {
        return await criar(body, cobranca.chaveIdempotencia, 'cartão');
      } catch (err) {
        if (err instanceof RespostaHttpError && tokenRecusado(err)) throw new CartaoInvalidoError(err.message);
        throw recusa(err);
      }
    },

    async criarPix(cobranca: CobrancaPix) {
      const body = {
        ...camposComuns(cobranca, options.notificationUrl),
        payment_method_id: 'pix',
        date_of_expiration: isoComOffset(expiracaoPix(cobranca.expiraEm, now())),
      };
      try {
        return await criar(body, cobranca.chaveIdempotencia, 'pix');
      } catch (err) {
        throw recusa(err);
      }
    },

    async criarBoleto(cobranca: CobrancaBoleto) {
      const comuns = camposComuns(cobranca, options.notificationUrl);
      const [primeiro, ...resto] = cobranca.pagador.nome.trim().split(/\s+/);
      const endereco = cobranca.pagador.endereco;
      const body = {
        ...comuns,
        payment_method_id: 'bolbradesco',
        // The end of the due day in Brasília (docs/integrations.md#mercado-pago-installments-and-boleto).
        date_of_expiration: isoComOffset(new Date(inicioDoDiaSeguinte(cobranca.vencimento).getTime() - 1000)),
        payer: {
          ...comuns.payer,
          first_name: primeiro ?? '',
          last_name: resto.join(' ') || (primeiro ?? ''),
          ...(endereco
            ? {
                address: {
                  zip_code: endereco.cep,
                  street_name: endereco.logradouro,
                  street_number: endereco.numero,
                  neighborhood: endereco.bairro,
                  city: endereco.cidade,
                  federal_unit: endereco.uf,
                },
              }
            : {}),
        },
      };
      try {
        return await criar(body, cobranca.chaveIdempotencia, 'boleto');
      } catch (err) {
        throw recusa(err);
      }
    },

    consultar,

    async cancelar(providerId) {
      const atual = await consultar(providerId);
      if (!atual || !CANCELAVEIS.has(atual.status)) return atual;
      const caminho = `/v1/payments/${encodeURIComponent(providerId)}`;
      try {
        const corpo = await chamar('PUT', caminho, 'cancelamento', {
          corpo: { status: 'cancelled' },
          chave: `cancelar-${providerId}`,
        });
        return lerPagamento(corpo, 'cancelamento');
      } catch (err) {
        if (!(err instanceof RespostaHttpError)) throw err;
        // The payment may have moved between the read and the PUT (a PIX paid
        // just now): Mercado Pago then refuses the cancel, and what it holds wins.
        const depois = await consultar(providerId);
        if (!depois || !CANCELAVEIS.has(depois.status)) return depois;
        throw recusa(err);
      }
    },

    async estornar(providerId) {
      const caminho = `/v1/payments/${encodeURIComponent(providerId)}/refunds`;
      try {
        // An empty body is a full refund.
        await chamar('POST', caminho, 'estorno', { corpo: {}, chave: `estornar-${providerId}` });
      } catch (err) {
        if (!(err instanceof RespostaHttpError)) throw err;
        if (err.status === 404) return null;
        // A refund repeated after the first one went through is refused; the payment says so.
        const depois = await consultar(providerId);
        if (!depois || depois.status === 'refunded') return depois;
        throw recusa(err);
      }
      // The refund's own answer is the refund, not the payment: read the payment afterwards.
      return consultar(providerId);
    },
  };
}
