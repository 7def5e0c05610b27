import crypto from 'node:crypto';

/**
 * Verification codes of certificates (ADR 013): 12 random Crockford base32
 * characters (60 bits: unguessable) and 2 of checksum (the 12 read as a
 * number mod 1021, a prime below 32²), which catches every single wrong
 * character and every swap of neighbours before the database is asked.
 * Printed as `XXXX-XXXX-XXXX-XX`; typed in any case, with or without
 * dashes, and with O, I and L read as 0, 1 and 1 (Crockford).
 */
const ALFABETO = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const MODULO = 1021;

function soma(corpo: string): number {
  let n = 0;
  for (const c of corpo) n = (n * 32 + ALFABETO.indexOf(c)) % MODULO;
  return n;
}

const verificador = (corpo: string) => {
  const n = soma(corpo);
  return ALFABETO[Math.floor(n / 32)]! + ALFABETO[n % 32]!;
};

export function gerarCodigoCertificado(): string {
  const bytes = crypto.randomBytes(12);
  let corpo = '';
  for (const b of bytes) corpo += ALFABETO[b & 31];
  return corpo + verificador(corpo);
}

/** The canonical code of what a person typed, or null when it cannot be one of ours. */
export function normalizarCodigoCertificado(texto: string): string | null {
  const limpo = texto.toUpperCase().replace(/-/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (!/^[0-9A-HJKMNP-TV-Z]{14}$/.test(limpo)) return null;
  return verificador(limpo.slice(0, 12)) === limpo.slice(12) ? limpo : null;
}

/** `ABCD-EFGH-JKMN-PQ`: how the code is printed. */
export const formatarCodigoCertificado = (codigo: string) =>
  codigo.replace(/^(.{4})(.{4})(.{4})(.{2})$/, '$1-$2-$3-$4');
