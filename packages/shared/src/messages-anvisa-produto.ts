/**
 * The product page's sanitary texts (ADR 037): a module of their own, so the public page carries only these
 * (docs/quality.md#p6-javascript-of-the-public-pages); MSG_ANVISA includes them.
 */
export const MSG_ANVISA_PRODUTO = {
  /** `{numero}` formatted (formatarAnvisa). */
  registro: 'Registro ANVISA nº {numero}',
  usoProfissional: 'Uso profissional',
  vendaExclusiva: 'Venda exclusiva para cirurgiões-dentistas e acadêmicos de odontologia',
} as const;
