/**
 * The texts of free shipping (docs/behaviour/bag-and-checkout.md#free-shipping): the bag's bar and the freight
 * options made free. A module of its own, apart from MSG: every public page carries messages.ts in its first
 * JavaScript, and these are only needed by the bag, the freight quote and the checkout, which load later
 * (docs/quality.md#p6-javascript-of-the-public-pages).
 */
export const MSG_FRETE = {
  /** `{faltam}` is an amount written 'R$ 85,10'. */
  faltam: 'Faltam {faltam} para frete grátis',
  atingido: 'Frete grátis',
  /** Under the reached bar: the rule covers some services and states only. */
  atingidoDetalhe: 'Frete grátis garantido para a sua compra!',
  gratis: 'Grátis',
  /** `{preco}` is the option's price before free shipping. */
  precoOriginal: 'Preço original {preco}',
  barra: 'Progresso para o frete grátis',
  linhaPedido: 'Frete grátis',
} as const;
