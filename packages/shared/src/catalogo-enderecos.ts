/**
 * The rules of the customer's address book (docs/decisions/033-address-book.md): how many addresses a customer keeps
 * and which one is the default. Run by the API, which holds the book; the web only shows what it answers.
 */

/** How many delivery addresses a customer may keep. */
export const LIMITE_ENDERECOS = 10;

/** Whether one more address fits in a book of `quantidade`. */
export const cabeMaisUm = (quantidade: number): boolean => quantidade < LIMITE_ENDERECOS;

/** What the default rule needs of an entry. */
export interface EntradaCatalogo {
  id: number;
  padrao: boolean;
  /** The registered address (the profile's), kept in sync with it. */
  cadastro: boolean;
  /** Creation order: a smaller number was added earlier. */
  ordem: number;
}

/**
 * The entry that becomes the default when `removida` leaves the book: none when it was not the default (the default
 * stays) or when nothing is left; else the registered address if it is still there, else the oldest one left.
 */
export function proximoPadrao<E extends EntradaCatalogo>(entradas: readonly E[], removida: number): E | null {
  const saindo = entradas.find((e) => e.id === removida);
  if (!saindo?.padrao) return null;
  const restantes = entradas.filter((e) => e.id !== removida);
  if (restantes.length === 0) return null;
  return restantes.find((e) => e.cadastro) ?? restantes.reduce((a, b) => (b.ordem < a.ordem ? b : a));
}

/** The book as shown: the default first, then by creation. */
export function emOrdemDeExibicao<E extends EntradaCatalogo>(entradas: readonly E[]): E[] {
  return [...entradas].sort((a, b) => Number(b.padrao) - Number(a.padrao) || a.ordem - b.ordem);
}
