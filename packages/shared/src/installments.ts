/**
 * Card installments by the Tabela Price (ADR 024), pure and in integer cents, so
 * the product cards, the checkout's select and the API that refuses a tampered choice offer the same options.
 *
 * The installment is PMT = PV · i / (1 − (1 + i)^−n). It is worked out exactly, on integers (BigInt), never on floats:
 * - the monthly rate counts to the hundredth of a percent (1.994 → 1.99 %), so i = R / 10 000 with R an integer;
 * - the total charged is n × PMT rounded half up to the cent; every installment but the last is PMT rounded half up,
 *   and the last takes the difference, so the installments add up exactly to the total charged;
 * - with no interest the amount is split in n, the cents left over going to the last installment.
 */
import { MSG } from './messages.js';
import { formatBRL, formatDecimalBR, type Cents } from './money.js';

/** The largest installment count a rule may offer (Mercado Pago's issuers offer up to 24). */
export const MAX_PARCELAS = 24;
/** The highest monthly rate a rule may carry, in percent: anything above is taken as this. */
const MAX_JUROS_MENSAL = 100;

/** The store's installment rule (set in the back-office). */
export interface InstallmentRule {
  /** Up to how many installments; 1 = cash only. */
  maxParcelas: number;
  /** Counts up to this one are interest-free (the store pays the interest). */
  parcelasSemJuros: number;
  /** Percent a month beyond parcelasSemJuros, e.g. 1.99. */
  jurosMensal: number;
  /** The smallest installment offered (0 = no minimum). */
  parcelaMinima: Cents;
}

/** One way to pay by card. */
export interface InstallmentOption {
  parcelas: number;
  /** The regular installment (every one but, perhaps, the last). */
  valorParcela: Cents;
  /** Each installment; their sum is `total`. */
  parcelasCents: Cents[];
  /** What is charged. */
  total: Cents;
  /** Percent a month; 0 when interest-free. */
  jurosMensal: number;
  /** The effective yearly rate, percent with 2 decimals; 0 when interest-free. */
  jurosAnual: number;
  semJuros: boolean;
  /** total − amount. */
  custoJuros: Cents;
}

const finite = (value: number, fallback: number): number => (Number.isFinite(value) ? value : fallback);

/** A rate in percent as R, its hundredths of a percent (1.99 → 199), within [0, MAX_JUROS_MENSAL]. */
const rateHundredths = (percent: number): number =>
  Math.round(Math.min(MAX_JUROS_MENSAL, Math.max(0, finite(percent, 0))) * 100);

/** a / b rounded half up, for a ≥ 0 and b > 0. */
const divHalfUp = (a: bigint, b: bigint): bigint => (2n * a + b) / (2n * b);

/**
 * The n installments of `amount` at `jurosMensal` percent a month (see the top of this file). Returns [] when the
 * amount is not positive or n is not a whole number from 1 to MAX_PARCELAS. The amount is rounded to the cent and the
 * rate read as the rule's (negative → 0, above 100 % → 100 %).
 */
export function priceInstallments(amount: Cents, jurosMensal: number, n: number): Cents[] {
  const pv = Math.round(finite(amount, 0));
  if (pv <= 0 || !Number.isInteger(n) || n < 1 || n > MAX_PARCELAS) return [];
  const r = rateHundredths(jurosMensal);
  if (r === 0) {
    const base = Math.floor(pv / n);
    return Array.from({ length: n }, (_, k) => (k === n - 1 ? pv - base * (n - 1) : base));
  }
  // PMT = PV · (R / B) · Aⁿ / (Aⁿ − Bⁿ), with A = B + R and B = 10 000.
  const b = 10_000n;
  const an = (b + BigInt(r)) ** BigInt(n);
  const num = BigInt(pv) * BigInt(r) * an;
  const den = b * (an - b ** BigInt(n));
  const parcela = Number(divHalfUp(num, den));
  const total = Number(divHalfUp(BigInt(n) * num, den));
  return Array.from({ length: n }, (_, k) => (k === n - 1 ? total - parcela * (n - 1) : parcela));
}

/** The effective yearly rate of a monthly one, percent with 2 decimals (1.99 → 26.68): ((1 + i)¹² − 1) · 100. */
export const yearlyRate = (jurosMensal: number): number => {
  const i = rateHundredths(jurosMensal) / 10_000;
  return Math.round(((1 + i) ** 12 - 1) * 10_000) / 100;
};

/**
 * The rule with its values made sane: counts are whole numbers, maxParcelas within [1, MAX_PARCELAS],
 * parcelasSemJuros within [1, maxParcelas], the rate within [0, 100] % counted to the hundredth, the minimum
 * installment a whole number of cents ≥ 0. Anything that is not a finite number counts as its floor (1, 1, 0, 0).
 */
export function saneInstallmentRule(rule: InstallmentRule): InstallmentRule {
  const maxParcelas = Math.min(MAX_PARCELAS, Math.max(1, Math.trunc(finite(rule.maxParcelas, 1))));
  return {
    maxParcelas,
    parcelasSemJuros: Math.min(maxParcelas, Math.max(1, Math.trunc(finite(rule.parcelasSemJuros, 1)))),
    jurosMensal: rateHundredths(rule.jurosMensal) / 100,
    parcelaMinima: Math.max(0, Math.round(finite(rule.parcelaMinima, 0))),
  };
}

function option(amount: Cents, parcelas: number, jurosMensal: number): InstallmentOption {
  const parcelasCents = priceInstallments(amount, jurosMensal, parcelas);
  const total = parcelasCents.reduce((sum, cents) => sum + cents, 0);
  const semJuros = jurosMensal === 0;
  return {
    parcelas,
    valorParcela: parcelasCents[0]!,
    parcelasCents,
    total,
    jurosMensal,
    jurosAnual: semJuros ? 0 : yearlyRate(jurosMensal),
    semJuros,
    custoJuros: total - amount,
  };
}

/**
 * The ways to pay `amount` by card under `rule` (made sane by saneInstallmentRule), fewest installments first: 1x
 * (cash, interest-free) always; then 2, 3, … up to maxParcelas while every installment reaches parcelaMinima and at
 * least one cent (a count whose smallest installment falls short ends the list). Counts up to parcelasSemJuros are
 * interest-free; beyond, the rule's jurosMensal applies (interest-free too when it is 0). [] when amount ≤ 0.
 */
export function installmentOptions(amount: Cents, rule: InstallmentRule): InstallmentOption[] {
  const pv = Math.round(finite(amount, 0));
  if (pv <= 0) return [];
  const sane = saneInstallmentRule(rule);
  const minima = Math.max(1, sane.parcelaMinima);
  const options = [option(pv, 1, 0)];
  for (let n = 2; n <= sane.maxParcelas; n++) {
    const next = option(pv, n, n <= sane.parcelasSemJuros ? 0 : sane.jurosMensal);
    if (Math.min(...next.parcelasCents) < minima) break;
    options.push(next);
  }
  return options;
}

/** The option for `parcelas` installments, or null when the rule does not offer it (the server refuses it then). */
export const installmentOption = (amount: Cents, rule: InstallmentRule, parcelas: number): InstallmentOption | null =>
  installmentOptions(amount, rule).find((o) => o.parcelas === parcelas) ?? null;

/**
 * What a product card advertises: the interest-free option with the most installments, above 1x. Cards only ever
 * advertise interest-free installments, so with none (only 1x, or every count beyond 1x with interest) this is null
 * and the card shows no installment line; the rates are shown where the buyer chooses (the checkout's select).
 */
export function bestInstallmentOffer(amount: Cents, rule: InstallmentRule): InstallmentOption | null {
  const free = installmentOptions(amount, rule).filter((o) => o.semJuros && o.parcelas > 1);
  return free.at(-1) ?? null;
}

/** A product card's line: 'em até 10x de R$ 49,90 sem juros' (the regular installment). */
export const formatInstallmentOffer = (option: InstallmentOption): string =>
  MSG.parcelamentoOferta
    .replace('{parcelas}', String(option.parcelas))
    .replace('{valor}', formatBRL(option.valorParcela));

/**
 * An option of the checkout's select: 'À vista: R$ 1.000,00', '3x de R$ 333,33 sem juros — total R$ 1.000,00',
 * '6x de R$ 178,47 com juros (1,99% a.m.) — total R$ 1.070,79' (the regular installment; the last one may differ
 * by a few cents, and the total is what is charged).
 */
export function formatInstallmentLabel(option: InstallmentOption): string {
  if (option.parcelas === 1) return MSG.parcelamentoAVista.replace('{valor}', formatBRL(option.total));
  const text = option.semJuros ? MSG.parcelamentoSemJuros : MSG.parcelamentoComJuros;
  return text
    .replace('{parcelas}', String(option.parcelas))
    .replace('{valor}', formatBRL(option.valorParcela))
    .replace('{juros}', formatDecimalBR(Math.round(option.jurosMensal * 100)))
    .replace('{total}', formatBRL(option.total));
}
