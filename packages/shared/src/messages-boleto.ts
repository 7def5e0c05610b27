/**
 * The texts of the bank boleto (docs/behaviour/payments.md#boleto): the checkout's and the order dialog's boleto, the
 * realtime notice when an unpaid one is called off, and the sandbox bank that pays a line. Shared by the API and those
 * screens only. A module of its own, apart from MSG: every public page carries messages.ts in its first JavaScript,
 * and none of these is needed there (docs/quality.md#p6-javascript-of-the-public-pages).
 */
export const MSG_BOLETO = {
  metodo: 'Boleto bancário',
  /** The method as a short label (staff order view, lists). */
  metodoCurto: 'Boleto',
  /** Under the option, before it is issued; `{dias}` is the number of business days. */
  explicacao: 'O boleto vence em {dias} dias úteis. O pedido é confirmado quando o banco avisa o pagamento.',
  explicacaoEmpresa: 'Sugerido para empresas: pague pelo banco da sua empresa.',
  gerado: 'Boleto gerado com sucesso!',
  titulo: 'Pagamento por boleto',
  linhaDigitavel: 'Linha digitável',
  copiar: 'Copiar',
  copiado: 'Copiado!',
  copiarFalhou: 'Não foi possível copiar. Selecione a linha e copie manualmente.',
  /** `{data}` is the due date, 'DD/MM/AAAA'. */
  venceEm: 'Vence em {data}',
  valor: 'Valor',
  baixarPdf: 'Baixar boleto (PDF)',
  aguardando: 'Aguardando o pagamento. Esta página é atualizada sozinha quando o banco avisa.',
  /** `{dias}`: the grace period in days. */
  tolerancia: 'Pago até {dias} dias depois do vencimento, ainda vale; depois disso o pedido é cancelado.',
  novoBoletoInvalida: 'Gerar um novo boleto cancela o anterior, que deixa de poder ser pago.',
  indisponivel: 'O pagamento por boleto não está disponível no momento.',
  vencidoCancelado: 'O boleto venceu sem pagamento e o pedido foi cancelado.',
  boletoCancelado: 'Este boleto foi cancelado e não pode mais ser pago.',
  naoEncontrado: 'Boleto não encontrado. Confira a linha digitável.',
  linhaInvalida: 'Linha digitável inválida: confira os 47 números.',
  jaPago: 'Este boleto já foi pago.',
  naoPagavel: 'Este boleto foi cancelado e não pode mais ser pago.',
  pagoSandbox: 'Boleto pago! O pedido será atualizado em instantes.',
  // The sandbox bank (/sandbox/boleto).
  sandboxTitulo: 'Banco de teste: pagar boleto',
  sandboxAviso: 'Página de demonstração: nenhum dinheiro de verdade é movimentado.',
  sandboxCampo: 'Linha digitável do boleto',
  sandboxConsultar: 'Consultar boleto',
  sandboxPagar: 'Pagar boleto',
  beneficiario: 'Beneficiário',
  pagador: 'Pagador',
  vencimento: 'Vencimento',
  situacao: 'Situação',
  pedido: 'Pedido',
  situacoes: {
    pending: 'Aguardando pagamento',
    approved: 'Pago',
    cancelled: 'Cancelado',
    refunded: 'Estornado',
  } as Record<string, string>,
} as const;
