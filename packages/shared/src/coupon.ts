/**
 * The discount coupon rule (docs/behaviour/bag-and-checkout.md#coupons), pure and in integer cents: whether a
 * coupon applies to a bag and how much it takes off. The API runs it on the prices and categories it reloads from
 * the database, when a customer checks a code and again, with the coupon row locked, when an order uses it
 * (apps/api/src/modules/cupom); the web may run it to preview, never to decide.
 *
 * Rules and choices (ADR 025):
 * - the discount applies only to the eligible lines (the coupon's scope); a gift line is never eligible;
 * - a percentage is taken of the eligible amount and rounded half up to the cent; a fixed amount is capped at the
 *   eligible amount, so the discount is never more than what it applies to;
 * - the minimum (`valorMinimo`) is measured on the products subtotal of the whole bag (every non-gift line), not
 *   only on the eligible lines: it is a condition on the purchase, as the customer reads it;
 * - the validity window is in clinic days (America/Sao_Paulo), both ends included;
 * - refusals are checked in a fixed order, so a customer always gets the most basic reason first: deactivated, not
 *   yet valid, expired, used up, already used by this customer, first purchase only, nothing eligible, below the
 *   minimum.
 */
import { diaNaClinica } from './clinic-day.js';
import { MSG_CUPOM } from './messages-cupom.js';
import { formatBRL, type Cents } from './money.js';

export const TIPOS_CUPOM = ['PERCENTUAL', 'FIXO'] as const;
export type TipoCupom = (typeof TIPOS_CUPOM)[number];

/** Where a coupon applies: the whole store, some categories, some products, physical products, digital courses. */
export const ESCOPOS_CUPOM = ['LOJA', 'CATEGORIAS', 'PRODUTOS', 'FISICOS', 'DIGITAIS'] as const;
export type EscopoCupom = (typeof ESCOPOS_CUPOM)[number];

/** A coupon code: upper-case letters A–Z and digits, 3 to 30 of them. */
export const CODIGO_CUPOM = /^[A-Z0-9]{3,30}$/;

/** 100 %, in hundredths of a percent. */
export const CEM_POR_CENTO = 10_000;

/** A coupon as the rule reads it. */
export interface CouponRule {
  codigo: string;
  descricao: string;
  tipo: TipoCupom;
  /** PERCENTUAL: hundredths of a percent (1000 is 10 %, 1 is 0,01 %, 10000 is 100 %); FIXO: cents. */
  valor: number;
  /** The least products subtotal (cents) the bag must have; null for none. */
  valorMinimo: Cents | null;
  /** First and last clinic day it is valid ('YYYY-MM-DD', both included); null for an open end. */
  inicio: string | null;
  fim: string | null;
  /** Uses in all (orders not cancelled); null for no limit. */
  limiteUsos: number | null;
  /** Uses per customer; null for no limit. */
  limitePorCliente: number | null;
  /** Only for a customer who has never bought (no order paid, sent or delivered). */
  primeiraCompra: boolean;
  escopo: EscopoCupom;
  /** The categories of a CATEGORIAS coupon. */
  categoriaIds: readonly number[];
  /** The products of a PRODUTOS coupon. */
  produtoIds: readonly number[];
  /** Combines with the PIX discount. */
  acumulaPix: boolean;
  /** Combines with the automatic gift. */
  acumulaBrinde: boolean;
  ativo: boolean;
}

/** One line of the bag as the rule reads it: the line amount (unit price × quantity, in cents). */
export interface CouponLine {
  produtoId: number;
  categoriaId: number | null;
  digital: boolean;
  brinde: boolean;
  valor: Cents;
}

export interface CouponContext {
  agora: Date;
  linhas: readonly CouponLine[];
  /** Uses that count (orders not cancelled), every customer's. */
  usosTotais: number;
  /** Uses that count by this customer. */
  usosDoCliente: number;
  /** The customer has an order that was paid, sent or delivered. */
  clienteJaComprou: boolean;
}

/** Why a coupon does not apply. 'INVALIDO' (no such code) is the caller's, which has no rule to evaluate. */
type CouponReason =
  | 'INVALIDO'
  | 'DESATIVADO'
  | 'AINDA_NAO_VALE'
  | 'EXPIRADO'
  | 'ESGOTADO'
  | 'JA_USADO'
  | 'PRIMEIRA_COMPRA'
  | 'SEM_ITENS'
  | 'VALOR_MINIMO';

export type CouponRefusal = { ok: false; motivo: CouponReason; mensagem: string };
export type CouponResult = { ok: true; desconto: Cents; elegivel: Cents } | CouponRefusal;

/** '2025-12-26' → '26/12/2025'. */
export const diaBR = (dia: string): string => dia.split('-').reverse().join('/');

const recusa = (motivo: CouponReason, mensagem: string): CouponRefusal => ({ ok: false, motivo, mensagem });

/** The refusal of a code that names no coupon: 'Cupom inválido. …'. */
export const invalidCoupon = (): CouponRefusal => recusa('INVALIDO', MSG_CUPOM.invalido);

/** A code as customers type it, made comparable: spaces removed, upper case ('bem vindo10' → 'BEMVINDO10'). */
export const normalizeCouponCode = (text: string): string => text.replace(/\s+/g, '').toUpperCase();

const positivo = (v: number): Cents => (Number.isFinite(v) && v > 0 ? Math.round(v) : 0);

/** Whether a line is in the coupon's scope (a gift line never is). */
function lineEligible(rule: Pick<CouponRule, 'escopo' | 'categoriaIds' | 'produtoIds'>, line: CouponLine): boolean {
  if (line.brinde) return false;
  switch (rule.escopo) {
    case 'LOJA':
      return true;
    case 'FISICOS':
      return !line.digital;
    case 'DIGITAIS':
      return line.digital;
    case 'CATEGORIAS':
      return line.categoriaId !== null && rule.categoriaIds.includes(line.categoriaId);
    case 'PRODUTOS':
      return rule.produtoIds.includes(line.produtoId);
  }
}

/**
 * `valor` hundredths of a percent of `cents`, rounded half up to the cent, computed on integers only (the product
 * is split so it never leaves the safe integers).
 */
export function percentOf(cents: Cents, valor: number): Cents {
  const base = positivo(cents);
  const pct = Math.min(CEM_POR_CENTO, positivo(valor));
  const inteiros = Math.floor(base / CEM_POR_CENTO);
  const resto = base % CEM_POR_CENTO;
  return inteiros * pct + Math.floor((resto * pct + CEM_POR_CENTO / 2) / CEM_POR_CENTO);
}

/**
 * Whether the coupon applies to the bag and, if so, the discount (cents) and the eligible amount it was taken of;
 * otherwise the reason and its pt-BR message. See the header for the rules.
 */
export function evaluateCoupon(rule: CouponRule, ctx: CouponContext): CouponResult {
  if (!rule.ativo) return recusa('DESATIVADO', MSG_CUPOM.desativado);
  const hoje = diaNaClinica(ctx.agora);
  if (rule.inicio !== null && hoje < rule.inicio) {
    return recusa('AINDA_NAO_VALE', MSG_CUPOM.aindaNaoVale.replace('{inicio}', diaBR(rule.inicio)));
  }
  if (rule.fim !== null && hoje > rule.fim)
    return recusa('EXPIRADO', MSG_CUPOM.expirado.replace('{fim}', diaBR(rule.fim)));
  if (rule.limiteUsos !== null && ctx.usosTotais >= rule.limiteUsos) return recusa('ESGOTADO', MSG_CUPOM.esgotado);
  if (rule.limitePorCliente !== null && ctx.usosDoCliente >= rule.limitePorCliente) {
    return recusa(
      'JA_USADO',
      rule.limitePorCliente === 1
        ? MSG_CUPOM.jaUsado
        : MSG_CUPOM.jaUsadoVezes.replace('{n}', String(rule.limitePorCliente)),
    );
  }
  if (rule.primeiraCompra && ctx.clienteJaComprou) return recusa('PRIMEIRA_COMPRA', MSG_CUPOM.primeiraCompra);

  let subtotal = 0;
  let elegivel = 0;
  for (const line of ctx.linhas) {
    if (line.brinde) continue;
    const valor = positivo(line.valor);
    subtotal += valor;
    if (lineEligible(rule, line)) elegivel += valor;
  }
  if (elegivel === 0) return recusa('SEM_ITENS', MSG_CUPOM.semItens);
  if (rule.valorMinimo !== null && subtotal < rule.valorMinimo) {
    return recusa(
      'VALOR_MINIMO',
      MSG_CUPOM.valorMinimo
        .replace('{minimo}', formatBRL(rule.valorMinimo))
        .replace('{faltam}', formatBRL(rule.valorMinimo - subtotal)),
    );
  }
  const desconto =
    rule.tipo === 'PERCENTUAL' ? percentOf(elegivel, rule.valor) : Math.min(positivo(rule.valor), elegivel);
  return { ok: true, desconto, elegivel };
}

/** A percentage in hundredths as pt-BR text: 1000 → '10%', 1050 → '10,5%', 1025 → '10,25%'. */
export function formatPercent(valor: number): string {
  const inteiro = Math.floor(valor / 100);
  const centesimos = String(valor % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return centesimos === '' ? `${inteiro}%` : `${inteiro},${centesimos}%`;
}

/** The coupon's value as the customer reads it: '10%' or 'R$ 20,00'. */
export const couponValueText = (rule: Pick<CouponRule, 'tipo' | 'valor'>): string =>
  rule.tipo === 'PERCENTUAL' ? formatPercent(rule.valor) : formatBRL(rule.valor);

const ONDE: Record<EscopoCupom, string> = {
  LOJA: MSG_CUPOM.ondeLoja,
  CATEGORIAS: MSG_CUPOM.ondeCategorias,
  PRODUTOS: MSG_CUPOM.ondeProdutos,
  FISICOS: MSG_CUPOM.ondeFisicos,
  DIGITAIS: MSG_CUPOM.ondeDigitais,
};

/**
 * What a coupon gives, for the customer: `resumo` ('10% de desconto nos produtos') and `avisos`, what it does not
 * combine with ('Não acumula com o desconto do PIX', 'Não acumula com o brinde').
 */
export function describeCoupon(rule: Pick<CouponRule, 'tipo' | 'valor' | 'escopo' | 'acumulaPix' | 'acumulaBrinde'>): {
  resumo: string;
  avisos: string[];
} {
  const resumo = MSG_CUPOM.resumo.replace('{valor}', couponValueText(rule)).replace('{onde}', ONDE[rule.escopo]);
  const avisos = [
    ...(rule.acumulaPix ? [] : [MSG_CUPOM.naoAcumulaPix]),
    ...(rule.acumulaBrinde ? [] : [MSG_CUPOM.naoAcumulaBrinde]),
  ];
  return { resumo, avisos };
}

/** Where a coupon stands today, for the back-office list. */
export type CouponSituation = 'VIGENTE' | 'AGENDADO' | 'EXPIRADO' | 'ESGOTADO' | 'INATIVO';

/**
 * The coupon's situation on `agora` with `usos` uses that count: INATIVO (deactivated), AGENDADO (not valid yet),
 * EXPIRADO, ESGOTADO (every use taken), else VIGENTE: a customer could use it today. The API's `vigente` filter is
 * the same rule in SQL.
 */
export function couponSituation(
  rule: Pick<CouponRule, 'ativo' | 'inicio' | 'fim' | 'limiteUsos'>,
  agora: Date,
  usos: number,
): CouponSituation {
  if (!rule.ativo) return 'INATIVO';
  const hoje = diaNaClinica(agora);
  if (rule.inicio !== null && hoje < rule.inicio) return 'AGENDADO';
  if (rule.fim !== null && hoje > rule.fim) return 'EXPIRADO';
  if (rule.limiteUsos !== null && usos >= rule.limiteUsos) return 'ESGOTADO';
  return 'VIGENTE';
}
