/**
 * The versions of the store's public texts (docs/behaviour/site.md#terms-and-privacy, ADR 035): the terms of
 * purchase (`/termos`) and the privacy policy (`/privacidade`). A new text gets a new version (the day it takes
 * effect); the checkout sends the terms' version the customer saw and the API refuses any other (409), so every order
 * records the text it was made under (`pedidos.versao_termos`).
 */
export const VERSAO_TERMOS = '2026-11-28';
export const VERSAO_PRIVACIDADE = '2026-11-28';

/** The version as a date for people: '2026-11-28' → '28/11/2026'. */
export function dataDaVersao(versao: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(versao);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : versao;
}
