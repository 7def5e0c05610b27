/**
 * Texts of the terms of purchase at checkout, the API's refusals and the order's PDF (docs/behaviour/site.md#terms-and-privacy,
 * docs/behaviour/bag-and-checkout.md#contract-summary, ADR 035). A module of its own, apart from MSG.
 */
export const MSG_TERMOS = {
  termosDeCompra: 'Termos de compra',
  politicaPrivacidade: 'Política de privacidade',
  /** The API's refusal of an order without the terms' version. */
  versaoAusente: 'Leia e aceite os termos de compra para enviar o pedido. Recarregue a página se eles não aparecerem.',
  /** The API's refusal of an order with another version than the current one. */
  versaoDesatualizada:
    'Os termos de compra foram atualizados. Recarregue a página para ler a versão atual antes de enviar o pedido.',
  // The checkout's contract summary.
  resumoTitulo: 'Resumo da sua compra',
  resumoIntro: 'Confira antes de enviar. Você pode voltar e corrigir qualquer etapa.',
  itens: 'Itens',
  frete: 'Frete',
  freteGratis: 'Grátis',
  semFrete: 'Sem frete (somente cursos on-line)',
  descontoPix: 'Desconto PIX',
  /** `{codigo}`. */
  cupom: 'Cupom {codigo}',
  total: 'Total',
  pagamento: 'Pagamento',
  pagamentoPix: 'PIX à vista',
  pagamentoBoleto: 'Boleto bancário à vista',
  /** `{valor}`. */
  pagamentoCartaoVista: 'Cartão de crédito à vista ({valor})',
  /** `{n}`, `{parcela}`, `{total}`. */
  pagamentoCartaoSemJuros: 'Cartão de crédito em {n}x de {parcela} sem juros (total {total})',
  /** `{n}`, `{parcela}`, `{taxa}` (percent a month), `{total}`, `{juros}` (what the interest adds). */
  pagamentoCartaoComJuros:
    'Cartão de crédito em {n}x de {parcela} com juros de {taxa}% a.m. (total {total}, sendo {juros} de juros)',
  entrega: 'Entrega',
  /** `{servico}`, `{dias}`. */
  entregaPrazo: '{servico}: em até {dias} dias úteis após a confirmação do pagamento',
  entregaDigital: 'Cursos on-line: liberados na sua Biblioteca assim que o pagamento é confirmado',
  arrependimento:
    'Você pode desistir da compra em até 7 dias a contar do recebimento (ou da liberação do curso), com devolução integral do valor pago, inclusive o frete.',
  /** Before the link to the terms. */
  aceite: 'Ao enviar o pedido você concorda com os',
  lerTermos: 'termos de compra',
  /** `{data}`. */
  versao: 'versão de {data}',
  corrigirItens: 'Corrigir itens',
  corrigirDados: 'Corrigir dados',
  corrigirEntrega: 'Corrigir entrega',
  // The order's PDF.
  comprovante: 'Comprovante do pedido (PDF)',
  comprovanteTitulo: 'Comprovante de pedido',
  comprovanteSecao: 'Comprovante',
  comprovanteFalhou: 'Não foi possível baixar o comprovante. Tente novamente.',
} as const;
