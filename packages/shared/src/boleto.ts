/**
 * The FEBRABAN bank boleto (docs/behaviour/payments.md#commercial-rules, ADR 024): its 44-digit barcode, its 47-digit
 * 'linha digitável' and the business days its due date is counted in. Pure, so the payment sandbox, the API and the
 * web print and check the same numbers.
 *
 * Barcode (44): bank (3) · currency 9 (1) · general check digit (1) · due-date factor (4) · amount in cents (10) ·
 * free field (25, the bank's). The general digit is modulo 11 over the other 43 digits, weights 2 to 9 from the right,
 * 11 − remainder, with 0, 10 and 11 written 1.
 * Line (47): field 1 = bank, currency and the free field's first 5 digits, plus a modulo-10 digit; field 2 = the next
 * 10 free-field digits plus a modulo-10 digit; field 3 = the last 10 plus a modulo-10 digit; field 4 = the general
 * digit; field 5 = factor and amount. Modulo 10: weights 2, 1, 2, … from the right, the digits of each product added,
 * (10 − sum mod 10) mod 10.
 */
import { diaNaClinica, diasNoPeriodo, somarDias } from './clinic-day.js';
import { type Cents } from './money.js';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An ISO day ('YYYY-MM-DD', a real date) as given, or the clinic's day of an instant. */
function isoDay(day: Date | string): string {
  if (day instanceof Date) return diaNaClinica(day);
  if (!ISO_DAY.test(day) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day)
    throw new RangeError(`Data inválida: ${day}`);
  return day;
}

/**
 * The due-date factor: days since 1997-10-07 (the base date, factor 0). It reached 9999 on 2025-02-21 and FEBRABAN
 * restarted it at 1000 on 2025-02-22, so it runs 1000…9999 in 9000-day cycles: ((days − 1000) mod 9000) + 1000.
 * Days before 2000-07-03 (factor 1000 of the first cycle) are refused: no boleto of ours falls due then.
 */
export function dueDateFactor(vencimento: Date | string): number {
  const days = diasNoPeriodo('1997-10-07', isoDay(vencimento)) - 1;
  if (days < 1000) throw new RangeError('Vencimento anterior a 2000-07-03');
  return ((days - 1000) % 9000) + 1000;
}

const digitsOf = (text: string): number[] => Array.from(text, Number);

/** Modulo 10 of the line's fields. */
function mod10(digits: string): number {
  let sum = 0;
  digitsOf(digits)
    .reverse()
    .forEach((d, k) => {
      const p = k % 2 === 0 ? d * 2 : d;
      sum += p > 9 ? p - 9 : p;
    });
  return (10 - (sum % 10)) % 10;
}

/** The barcode's general check digit, of its 43 other digits. */
function mod11(digits: string): number {
  let sum = 0;
  digitsOf(digits)
    .reverse()
    .forEach((d, k) => (sum += d * (2 + (k % 8))));
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/** The 44-digit barcode. Throws a RangeError for a bank that is not 3 digits, a free field not 25, a bad amount. */
export function boletoBarcode(input: {
  banco: string;
  vencimento: Date | string;
  valor: Cents;
  campoLivre: string;
}): string {
  if (!/^\d{3}$/.test(input.banco)) throw new RangeError('Banco: 3 dígitos');
  if (!/^\d{25}$/.test(input.campoLivre)) throw new RangeError('Campo livre: 25 dígitos');
  if (!Number.isInteger(input.valor) || input.valor < 0 || input.valor > 9_999_999_999)
    throw new RangeError('Valor: de 0 a 9.999.999.999 centavos');
  const tail = `${dueDateFactor(input.vencimento)}${String(input.valor).padStart(10, '0')}${input.campoLivre}`;
  return `${input.banco}9${mod11(`${input.banco}9${tail}`)}${tail}`;
}

const BARCODE = /^\d{44}$/;
const LINE = /^\d{47}$/;
/** A typed or pasted line without its spaces and dots. */
const compact = (linha: string): string => linha.replace(/[\s.]/g, '');

/** The 47-digit line of a 44-digit barcode (digits only). */
export function linhaDigitavel(barcode: string): string {
  if (!BARCODE.test(barcode)) throw new RangeError('Código de barras: 44 dígitos');
  const f1 = barcode.slice(0, 4) + barcode.slice(19, 24);
  const f2 = barcode.slice(24, 34);
  const f3 = barcode.slice(34, 44);
  return `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${barcode[4]}${barcode.slice(5, 19)}`;
}

/** The 44-digit barcode of a 47-digit line (spaces and dots allowed); its check digits are not checked here. */
export function barcodeFromLinha(linha: string): string {
  const l = compact(linha);
  if (!LINE.test(l)) throw new RangeError('Linha digitável: 47 dígitos');
  return l.slice(0, 4) + l.slice(32, 47) + l.slice(4, 9) + l.slice(10, 20) + l.slice(21, 31);
}

/** Whether a line (spaces and dots allowed) has 47 digits, its three modulo-10 digits and its general digit right. */
export function validLinhaDigitavel(linha: string): boolean {
  const l = compact(linha);
  if (!LINE.test(l)) return false;
  const fields: [string, string][] = [
    [l.slice(0, 9), l[9]!],
    [l.slice(10, 20), l[20]!],
    [l.slice(21, 31), l[31]!],
  ];
  if (fields.some(([digits, dv]) => String(mod10(digits)) !== dv)) return false;
  const barcode = barcodeFromLinha(l);
  return String(mod11(barcode.slice(0, 4) + barcode.slice(5))) === barcode[4];
}

/** A line as it is printed: '00190.50095 40144.816069 06809.350314 3 37370000000100'; other text is returned as is. */
export function formatLinhaDigitavel(linha: string): string {
  const l = compact(linha);
  if (!LINE.test(l)) return linha;
  const s = (a: number, b: number) => l.slice(a, b);
  return `${s(0, 5)}.${s(5, 10)} ${s(10, 15)}.${s(15, 21)} ${s(21, 26)}.${s(26, 32)} ${s(32, 33)} ${s(33, 47)}`;
}

/** What a barcode holds. */
export function boletoFields(barcode: string): { banco: string; fator: number; valor: Cents; campoLivre: string } {
  if (!BARCODE.test(barcode)) throw new RangeError('Código de barras: 44 dígitos');
  return {
    banco: barcode.slice(0, 3),
    fator: Number(barcode.slice(5, 9)),
    valor: Number(barcode.slice(9, 19)),
    campoLivre: barcode.slice(19),
  };
}

/** Easter Sunday of a Gregorian year, 'YYYY-MM-DD' (the anonymous Gregorian algorithm: Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * National holidays (Lei 662/1949, 6.802/1980 and 14.759/2023: Consciência Negra from 2024) and the days banks close
 * around Easter: Carnival Monday and Tuesday, Good Friday, Corpus Christi. State and city holidays are not counted.
 */
const FIXED_HOLIDAYS = ['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '12-25'];
const holidaysByYear = /* @__PURE__ */ new Map<number, Set<string>>();

function holidays(year: number): Set<string> {
  let set = holidaysByYear.get(year);
  if (!set) {
    const easter = easterSunday(year);
    set = new Set([
      ...FIXED_HOLIDAYS.map((md) => `${year}-${md}`),
      ...(year >= 2024 ? [`${year}-11-20`] : []),
      ...[-48, -47, -2, 60].map((n) => somarDias(easter, n)),
    ]);
    holidaysByYear.set(year, set);
  }
  return set;
}

/** Whether a day ('YYYY-MM-DD') is a business day: not a Saturday, a Sunday or a holiday above. */
export function isBusinessDay(day: string): boolean {
  const weekday = new Date(`${isoDay(day)}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays(Number(day.slice(0, 4))).has(day);
}

/**
 * `days` business days after `from` (an ISO day, or the clinic's day of an instant), as 'YYYY-MM-DD': a boleto's due
 * date. 0 gives `from` itself, whatever day it is; a negative count walks back.
 */
export function addBusinessDays(from: Date | string, days: number): string {
  if (!Number.isFinite(days)) throw new RangeError('Dias úteis: um número');
  let day = isoDay(from);
  const step = days < 0 ? -1 : 1;
  for (let left = Math.abs(Math.trunc(days)); left > 0;) {
    day = somarDias(day, step);
    if (isBusinessDay(day)) left--;
  }
  return day;
}

/** Interleaved 2 of 5: each digit's five elements, 1 narrow and 3 wide (FEBRABAN's barcode, ratio 1:3). */
const ITF_DIGITOS = ['11331', '31113', '13113', '33111', '11313', '31311', '13311', '11133', '31131', '13131'];

/**
 * The element widths of a barcode printed as ITF (Interleaved 2 of 5), in narrow-module units: bar, space, bar,
 * space, …, starting and ending with a bar. Start (narrow bar, narrow space, narrow bar, narrow space), then each
 * pair of digits with the first digit in the bars and the second in the spaces, then stop (wide bar, narrow space,
 * narrow bar). Throws a RangeError for anything but an even number of digits.
 */
export function itfWidths(digits: string): number[] {
  if (!/^(\d\d)+$/.test(digits)) throw new RangeError('ITF: um número par de dígitos');
  const widths = [1, 1, 1, 1];
  for (let i = 0; i < digits.length; i += 2) {
    const bars = ITF_DIGITOS[Number(digits[i])]!;
    const spaces = ITF_DIGITOS[Number(digits[i + 1])]!;
    for (let k = 0; k < 5; k++) widths.push(Number(bars[k]), Number(spaces[k]));
  }
  widths.push(3, 1, 1);
  return widths;
}
