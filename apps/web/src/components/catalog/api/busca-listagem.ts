/** The contract's limit on the search text (`pesquisaSchema`: at most 100 characters). */
const MAX_PESQUISA = 100;

/** The search text as sent: trimmed and cut to the contract's limit. */
export const normalizePesquisa = (text: string): string => text.trim().slice(0, MAX_PESQUISA).trim();
