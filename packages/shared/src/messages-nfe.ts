/**
 * The texts of the NF-e (docs/behaviour/orders.md#invoice, ADR 031): the customer's order dialog, the staff order
 * view and ship form, the API's refusals and the DANFE. Shared by the API and those private screens only; a module of
 * its own, apart from MSG, which every public page carries (docs/quality.md#p6-javascript-of-the-public-pages).
 */
export const MSG_NFE = {
  titulo: 'Nota fiscal',
  emEmissao: 'Nota fiscal em emissão',
  emEmissaoDetalhe: 'A nota fiscal é emitida logo após a confirmação do pagamento.',
  danfe: 'DANFE (PDF)',
  xml: 'XML',
  /** `{numero}` and `{serie}`. */
  numeroSerie: 'NF-e nº {numero}, série {serie}',
  chave: 'Chave de acesso',
  falhou: 'Emissão falhou',
  motivo: 'Motivo',
  tentativas: 'Tentativas',
  semNota: 'Sem nota fiscal (pedido sem produtos físicos).',
  emitirNovamente: 'Emitir novamente',
  reemissaoPedida: 'Emissão da nota fiscal pedida novamente.',
  reemissaoSoFalha: 'Só uma nota fiscal cuja emissão falhou pode ser emitida novamente.',
  naoEncontrada: 'Nota fiscal não encontrada.',
  naoEmitida: 'A nota fiscal deste pedido ainda não foi emitida.',
  baixarFalhou: 'Não foi possível baixar o arquivo da nota fiscal. Tente novamente.',
  /** The ship form's confirmation (staff). */
  enviarSemNota: 'Enviar sem nota fiscal emitida',
  enviarSemNotaDetalhe: 'A nota fiscal deste pedido não está emitida. Marque para enviar mesmo assim.',
  /** The invoice's state in the ship form, by status. */
  estadoNota: 'Nota fiscal: {estado}.',
  estadoPendente: 'em emissão',
  estadoFalhou: 'a emissão falhou',
  estadoSemNota: 'ainda não pedida',
  envioExigeConfirmacao:
    'A nota fiscal deste pedido não está emitida. Confirme o envio sem nota fiscal emitida para continuar.',
  // Reasons recorded on a failed invoice.
  semNcm: 'Produto sem NCM cadastrado: {produto}.',
  semEndereco: 'Pedido sem endereço de entrega.',
  semDocumento: 'Comprador sem CPF ou CNPJ.',
  semEmpresa: 'Dados da empresa emissora incompletos (CNPJ, endereço e UF).',
  provedorIndisponivel: 'Provedor de notas fiscais indisponível: {detalhe}',
  // Product form (back-office).
  dadosFiscais: 'Dados fiscais',
  dadosFiscaisDetalhe: 'Códigos da nota fiscal (NF-e) dos pedidos deste produto.',
  semNcmAviso: 'Produto sem NCM: os pedidos com este produto não podem ter nota fiscal emitida.',
  ncm: 'NCM',
  ncmAjuda: '8 dígitos, da tabela do Mercosul (ex.: 9603.21.00).',
  ncmInvalido: 'NCM inválido: informe os 8 dígitos.',
  cfop: 'CFOP (opcional)',
  cfopAjuda: 'Vazio: 5102 dentro do estado, 6102 para outro estado.',
  cfopInvalido: 'CFOP inválido: informe os 4 dígitos.',
  // The e-mail of a shipped order.
  /** `{numero}`. */
  emailNota:
    'Nota fiscal: NF-e nº {numero}. O DANFE (PDF) e o XML estão no pedido, em Lista de pedidos, na sua conta da loja.',
  // The DANFE of the sandbox.
  semValorFiscal: 'SEM VALOR FISCAL',
  semValorFiscalDetalhe: 'Documento de demonstração emitido pela loja de teste: não tem validade fiscal.',
} as const;
