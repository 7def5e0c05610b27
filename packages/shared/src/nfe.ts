/**
 * Rules of the NF-e, the electronic invoice of a physical sale (docs/integrations.md#nf-e, ADR 031): the 44-character
 * access key and its check digit, the CFOP of an order line, the NCM and CFOP formats, and how the order's discounts
 * are shared among the invoiced lines. Pure, in integer cents.
 */
import type { Cents } from './money.js';

/** 8 digits (Mercosul's common nomenclature), stored without dots: '96032100'. */
export const NCM_REGEX = /^\d{8}$/;
/** 4 digits: '5102'. */
export const CFOP_REGEX = /^\d{4}$/;

/** Sale of goods bought for resale inside the issuer's state. */
const CFOP_DENTRO_DO_ESTADO = '5102';
/** The same sale to a buyer in another state. */
const CFOP_FORA_DO_ESTADO = '6102';

/**
 * The CFOP of an order line: the product's own when it has one (a product sold under another operation), otherwise
 * 5102 when the delivery is in the issuer's state and 6102 when it is in another.
 */
export function cfopDaLinha(p: { cfopProduto: string | null; ufEmitente: string; ufDestino: string }): string {
  if (p.cfopProduto && CFOP_REGEX.test(p.cfopProduto)) return p.cfopProduto;
  return p.ufEmitente.toUpperCase() === p.ufDestino.toUpperCase() ? CFOP_DENTRO_DO_ESTADO : CFOP_FORA_DO_ESTADO;
}

/** '96032100' → '9603.21.00'. */
export const formatarNcm = (ncm: string) =>
  NCM_REGEX.test(ncm) ? `${ncm.slice(0, 4)}.${ncm.slice(4, 6)}.${ncm.slice(6)}` : ncm;

/** The value of one character of the key: a digit, or a letter of the alphanumeric CNPJ (its ASCII code − 48). */
const valor = (c: string) => c.charCodeAt(0) - 48;

/**
 * The check digit of the first 43 characters of an access key: modulo 11 with weights 2 to 9 from the right
 * (starting again at 2 after 9); a remainder of 0 or 1 gives 0, otherwise 11 − remainder.
 */
export function digitoChaveAcesso(chave43: string): number {
  if (!/^[0-9A-Z]{43}$/.test(chave43)) throw new RangeError('chave de acesso sem dígito: 43 caracteres');
  let soma = 0;
  let peso = 2;
  for (let i = chave43.length - 1; i >= 0; i--) {
    soma += valor(chave43[i]!) * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

export interface PartesChaveAcesso {
  /** IBGE code of the issuer's state (35 São Paulo). */
  codigoUf: number;
  /** Year and month of emission, 'AAMM'. */
  anoMes: string;
  /** The issuer's CNPJ, 14 characters (digits, or the alphanumeric CNPJ). */
  cnpj: string;
  /** 55 (NF-e). */
  modelo?: number;
  serie: number;
  numero: number;
  /** 1: normal emission. */
  tipoEmissao?: number;
  /** The 8-digit random code (cNF) that keeps keys unguessable. */
  codigoNumerico: number;
}

/** The 44-character access key: UF, AAMM, CNPJ, model, series, number, emission type, numeric code, check digit. */
export function chaveAcesso(p: PartesChaveAcesso): string {
  const pad = (n: number, w: number) => {
    if (!Number.isInteger(n) || n < 0 || String(n).length > w) throw new RangeError(`valor fora da chave: ${n}`);
    return String(n).padStart(w, '0');
  };
  if (!/^\d{4}$/.test(p.anoMes)) throw new RangeError('AAMM inválido');
  if (!/^[0-9A-Z]{12}\d{2}$/.test(p.cnpj)) throw new RangeError('CNPJ inválido na chave');
  const base =
    pad(p.codigoUf, 2) +
    p.anoMes +
    p.cnpj +
    pad(p.modelo ?? 55, 2) +
    pad(p.serie, 3) +
    pad(p.numero, 9) +
    pad(p.tipoEmissao ?? 1, 1) +
    pad(p.codigoNumerico, 8);
  return base + String(digitoChaveAcesso(base));
}

/** True for a 44-character key whose last digit checks. */
export function chaveAcessoValida(chave: string): boolean {
  if (!/^[0-9A-Z]{43}\d$/.test(chave)) return false;
  return digitoChaveAcesso(chave.slice(0, 43)) === Number(chave[43]);
}

/** The key as printed on the DANFE: eleven groups of 4 separated by spaces. */
export const chaveEmGrupos = (chave: string) => chave.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Shares `desconto` among lines in proportion to their values (largest remainder: the shares add up to the discount
 * exactly, none exceeds its line). The order keeps one coupon and one PIX discount for all its lines; the invoice
 * states each line's part (vDesc).
 */
export function ratearDesconto(valores: readonly Cents[], desconto: Cents): Cents[] {
  const total = valores.reduce((s, v) => s + v, 0);
  const alvo = Math.min(Math.max(0, desconto), total);
  if (total === 0 || alvo === 0) return valores.map(() => 0);
  const brutos = valores.map((v) => (v * alvo) / total);
  const partes = brutos.map(Math.floor);
  let falta = alvo - partes.reduce((s, v) => s + v, 0);
  const ordem = brutos.map((b, i) => ({ i, resto: b - Math.floor(b) })).sort((a, b) => b.resto - a.resto || a.i - b.i);
  for (const { i } of ordem) {
    if (falta === 0) break;
    if (partes[i]! < valores[i]!) {
      partes[i]! += 1;
      falta -= 1;
    }
  }
  return partes;
}
