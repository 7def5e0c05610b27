import crypto from 'node:crypto';

/** A header or query value as Fastify hands it over (repeated ones come as arrays). */
type Valor = string | readonly string[] | null | undefined;

export interface VerificacaoAssinatura {
  /** The `x-signature` header: `ts=<ts>,v1=<hex>`. */
  xSignature: Valor;
  /** The `x-request-id` header. */
  xRequestId: Valor;
  /** `data.id` from the query string (not the body: Mercado Pago signs the query's). */
  dataId: Valor;
  /** MERCADOPAGO_WEBHOOK_SECRET. */
  secret: string;
  agora: Date;
  /** Widest accepted distance between `ts` and `agora`, either way (MERCADOPAGO_WEBHOOK_TOLERANCE_SECONDS). */
  toleranciaSegundos: number;
}

/**
 * Why a notification was refused: no header; a header we cannot parse;
 * a signature that does not match; a timestamp outside the tolerance window
 * (too old — a replay — or too far in the future).
 */
type MotivoAssinaturaInvalida = 'ausente' | 'malformada' | 'invalida' | 'antiga';

export type ResultadoAssinatura = { ok: true } | { ok: false; motivo: MotivoAssinaturaInvalida };

/** From here up a `ts` is milliseconds: 1e12 s is the year 33658, 1e12 ms is September 2001. */
const LIMIAR_MS = 1e12;

function normalizar(valor: Valor): string | undefined {
  const bruto = typeof valor === 'string' ? valor : valor?.[0];
  const limpo = bruto?.trim();
  return limpo ? limpo : undefined;
}

/**
 * Mercado Pago's signed text: `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`,
 * with an alphanumeric data.id lower-cased and a pair left out when its value
 * is missing (docs/integrations.md#webhooks).
 */
export function manifestoMercadoPago(partes: { dataId?: Valor; xRequestId?: Valor; ts: string }): string {
  const dataId = normalizar(partes.dataId);
  const requestId = normalizar(partes.xRequestId);
  let manifesto = '';
  if (dataId) manifesto += `id:${/^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId};`;
  if (requestId) manifesto += `request-id:${requestId};`;
  return `${manifesto}ts:${partes.ts};`;
}

function hmac(secret: string, manifesto: string): string {
  return crypto.createHmac('sha256', secret).update(manifesto).digest('hex');
}

/** `ts` and `v1` of the header, in any order, spaces allowed around each part; null if either is missing or repeated. */
function lerCabecalho(cabecalho: string): { ts: string; v1: string } | null {
  const campos = new Map<string, string>();
  for (const parte of cabecalho.split(',')) {
    const igual = parte.indexOf('=');
    if (igual === -1) continue;
    const chave = parte.slice(0, igual).trim().toLowerCase();
    const valor = parte.slice(igual + 1).trim();
    // A repeated field makes the header ambiguous: which one was signed?
    if (campos.has(chave)) return null;
    campos.set(chave, valor);
  }
  const ts = campos.get('ts');
  const v1 = campos.get('v1');
  if (!ts || !v1 || !/^\d{1,16}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return null;
  return { ts, v1: v1.toLowerCase() };
}

/**
 * Checks a Mercado Pago webhook's `x-signature` (pure: the clock comes in
 * `agora`). The HMAC is checked before the age, so 'antiga' is only ever
 * said of an authentic notification (a replay or a skewed clock), never
 * of a forged one. The unit of `ts` is not documented (docs/integrations.md#webhooks):
 * it is read as milliseconds from 1e12 up, else as seconds.
 */
export function verificarAssinaturaMercadoPago(v: VerificacaoAssinatura): ResultadoAssinatura {
  const cabecalho = normalizar(v.xSignature);
  if (!cabecalho) return { ok: false, motivo: 'ausente' };
  const lido = lerCabecalho(cabecalho);
  if (!lido) return { ok: false, motivo: 'malformada' };

  const esperado = Buffer.from(hmac(v.secret, manifestoMercadoPago({ ...v, ts: lido.ts })), 'utf8');
  const recebido = Buffer.from(lido.v1, 'utf8');
  // Both are 64 hex characters by now; the length check keeps timingSafeEqual from throwing regardless.
  if (esperado.length !== recebido.length || !crypto.timingSafeEqual(esperado, recebido)) {
    return { ok: false, motivo: 'invalida' };
  }

  const ts = Number(lido.ts);
  const emMs = ts >= LIMIAR_MS ? ts : ts * 1000;
  if (Math.abs(v.agora.getTime() - emMs) > v.toleranciaSegundos * 1000) return { ok: false, motivo: 'antiga' };
  return { ok: true };
}

/**
 * The `x-signature` Mercado Pago would send for this notification: for tests
 * and for the sandbox, which delivers its webhooks through the same route.
 */
export function assinarWebhookMercadoPago(partes: {
  dataId?: string | null;
  xRequestId?: string | null;
  /** Seconds or milliseconds since the epoch, written as given. */
  ts: number | string;
  secret: string;
}): string {
  const ts = String(partes.ts);
  return `ts=${ts},v1=${hmac(partes.secret, manifestoMercadoPago({ ...partes, ts }))}`;
}
