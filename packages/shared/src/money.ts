/**
 * Money as integer cents (docs/architecture.md#money: integer cents in code, numbers with two
 * decimals in JSON, `R$ 1.234,56` on screen). Every sum and product is done on
 * integers so 0.1 + 0.2 never shows up as R$ 0,30000000000000004.
 */
export type Cents = number;

const DECIMAL_2 = /^-?\d{1,13}\.\d\d$/;

/** A reais amount (number from JSON, or a decimal string with a dot) to cents, rounded half up. */
export function toCents(value: number | string): Cents {
  if (typeof value === 'string') {
    // The database's numeric(12,2) text ('1234.50', '-0.10'): the digits without the dot are the cents.
    // Read on every money column of every row, so it skips the float round trip below.
    const dot = value.length - 3;
    if (dot > 0 && value.charCodeAt(dot) === 46 && DECIMAL_2.test(value)) {
      const cents = Number(value.slice(0, dot) + value.slice(dot + 1));
      return cents === 0 ? 0 : cents;
    }
  }
  const n = typeof value === 'string' ? Number(value) : value;
  if (!Number.isFinite(n)) return 0;
  const text = String(n);
  // Shift the decimal point in the text so 1.005 becomes 100.5 (not 100.49999).
  const shifted = text.includes('e') ? n * 100 : Number(`${text}e2`);
  const rounded = Math.round(Math.abs(shifted)) * Math.sign(shifted);
  return rounded === 0 ? 0 : rounded;
}

/** Cents to a reais number with two decimals, as the API expects in JSON. */
export const fromCents = (cents: Cents): number => Math.round(cents) / 100;

/** Cents to '1234.56' (the cart's `amount` string). */
export function centsToDecimalString(cents: Cents): string {
  const c = Math.round(cents);
  const sign = c < 0 ? '-' : '';
  const abs = Math.abs(c);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents to '1.234,56' (pt-BR digits, no currency). */
export function formatDecimalBR(cents: Cents): string {
  const c = Math.round(cents);
  const sign = c < 0 ? '-' : '';
  const abs = Math.abs(c);
  const reais = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${reais},${String(abs % 100).padStart(2, '0')}`;
}

/** Cents to 'R$ 1.234,56' (a plain space after R$; '-R$ 1,00' when negative). */
export function formatBRL(cents: Cents): string {
  const text = formatDecimalBR(cents);
  return text.startsWith('-') ? `-R$ ${text.slice(1)}` : `R$ ${text}`;
}

/** pt-BR thousands grouping without decimals: '1.500', '12.345.678' (not '0.500', '1500.500', '1.50'). */
const THOUSANDS_ONLY = /^[1-9]\d{0,2}(\.\d{3})+$/;

/**
 * Parses a written amount (typed, pasted, a price list's text) to cents. The
 * decimal separator is the last comma or dot, except that pt-BR thousands
 * grouping is never read as decimals: '1.500' and '12.345.678' are whole
 * reais (a dot followed by exactly three digits groups thousands), as is the
 * dot of '1.500,00'. So '1.234,56', 'R$ 1.234,56', '1234,5', '1500.5' (a dot
 * before one or two digits), '1,500.00' (a comma before a dot: that dot is
 * the decimal one) and '1.234.56' (extra dots dropped) all read as
 * written. 'R$', spaces and other symbols are ignored; a third decimal rounds
 * half up. Returns null when there is no number in the text.
 */
export function parseMoney(text: string): Cents | null {
  const negative = /^\s*-/.test(text) || /^\s*R\$\s*-/.test(text);
  const cleaned = text.replace(/[^\d.,]/g, '');
  if (!/\d/.test(cleaned)) return null;
  const decimalAt = THOUSANDS_ONLY.test(cleaned) ? -1 : Math.max(cleaned.lastIndexOf(','), cleaned.lastIndexOf('.'));
  const whole = (decimalAt === -1 ? cleaned : cleaned.slice(0, decimalAt)).replace(/[.,]/g, '');
  const fraction = decimalAt === -1 ? '' : cleaned.slice(decimalAt + 1).replace(/[.,]/g, '');
  const frac = fraction.padEnd(3, '0');
  let cents = Number(whole || '0') * 100 + Number(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) cents += 1;
  return negative && cents !== 0 ? -cents : cents;
}

/** The longest run of digits the cents mask keeps (MAX_CENTS in schemas/money.ts has 12). */
const MASK_MAX_DIGITS = 12;

/**
 * The cents mask of back-office money fields, as Brazilian admin tools mask
 * money: the digits of the text, filled from the right (the last two are the
 * cents), formatted '1.234,56'; typing 8, 4, 9, 0 shows '0,08', '0,84', '8,49',
 * '84,90'. Leading zeros go; no digits gives ''. Whatever else the text has
 * (R$, dots, commas, letters) is ignored, and digits beyond twelve (the
 * largest amount the database holds) are dropped from the end.
 */
export function maskCents(text: string): string {
  const digits = text
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, MASK_MAX_DIGITS);
  return digits === '' ? '' : formatDecimalBR(Number(digits));
}

/** Unit price times an integer quantity. */
export const multiplyCents = (unit: Cents, quantity: number): Cents => Math.round(unit) * Math.trunc(quantity);

export const sumCents = (values: readonly Cents[]): Cents => values.reduce((acc, v) => acc + Math.round(v), 0);
