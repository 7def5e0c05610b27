/**
 * Names in Portuguese dictionary order, as `Intl.Collator('pt-BR', { sensitivity:
 * 'base', numeric: true })` orders them: accents and case do not count
 * ('Água' beside 'agua'), numbers by value ('Kit 2' before 'Kit 10'), spaces
 * before punctuation before digits before letters.
 *
 * ICU's comparison costs about 1 µs a call (a sort of 25 names: about 20 µs).
 * Here each name is turned once into a key whose plain code-unit order is that
 * order, kept in a bounded memo (names repeat from request to request), and
 * sorting compares keys with `<`. ordem-nomes.test.ts checks the keys against
 * the collator over a corpus of store names.
 *
 * The database keeps the same key for each product (`produtos.nome_ordem`,
 * f_chave_nome in migration 0016, held to chaveNome by the api's
 * chave-nome.test.ts): the store's front lists are read already in this
 * order, with no sort in the service.
 */

const MAX_CHAVES = 20_000;
const chaves = new Map<string, string>();

/** Digits padded so that 2 < 10; a longer run (over 15 digits) keeps its own length order. */
const padNumero = (digitos: string): string => {
  const semZeros = digitos.replace(/^0+(?=\d)/, '');
  return semZeros.length <= 15 ? semZeros.padStart(15, '0') : semZeros;
};

/** ICU's order of punctuation and symbols (all before digits); others after them, by code point. */
const PONTUACAO = '_-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$';
const pontuacao = (c: string): string => {
  const i = PONTUACAO.indexOf(c);
  return i >= 0 ? `\u0002${String.fromCharCode(0x21 + i)}` : `\u0002\u0080${c}`;
};

/** The sort key of a name (see the module's comment). */
export function chaveNome(nome: string): string {
  return nome
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, pontuacao)
    .replace(/\s+/g, '\u0001')
    .replace(/\d+/g, padNumero);
}

function chaveMemo(nome: string): string {
  let chave = chaves.get(nome);
  if (chave === undefined) {
    if (chaves.size >= MAX_CHAVES) chaves.clear();
    chave = chaveNome(nome);
    chaves.set(nome, chave);
  }
  return chave;
}

/** Compares two names in pt-BR dictionary order (0 when they differ only in accents or case). */
export function compararNomes(a: string, b: string): number {
  if (a === b) return 0;
  const x = chaveMemo(a);
  const y = chaveMemo(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
