/**
 * The texts of discount coupons (docs/behaviour/bag-and-checkout.md#coupons): why a coupon does not apply, and what it
 * gives. Shared by the API (the reasons it answers) and the bag and checkout. A module of its own, apart from MSG:
 * every public page carries messages.ts in its first JavaScript, and none of these is needed there
 * (docs/quality.md#p6-javascript-of-the-public-pages).
 */
export const MSG_CUPOM = {
  invalido: 'Cupom inválido. Confira o código digitado.',
  codigoVazio: 'Informe o código do cupom.',
  desativado: 'Este cupom está desativado.',
  /** `{inicio}` is the first day it is valid, written 'DD/MM/AAAA'. */
  aindaNaoVale: 'Este cupom ainda não está valendo: ele vale a partir de {inicio}.',
  /** `{fim}` is the last day it was valid, written 'DD/MM/AAAA'. */
  expirado: 'Este cupom expirou em {fim}.',
  esgotado: 'Este cupom já foi usado o número máximo de vezes.',
  jaUsado: 'Você já usou este cupom.',
  /** `{n}` is the number of uses a customer has (2 or more). */
  jaUsadoVezes: 'Você já usou este cupom {n} vezes, o máximo permitido por cliente.',
  primeiraCompra: 'Este cupom vale só para a primeira compra.',
  semItens: 'Nenhum item da sacola está incluído neste cupom.',
  /** `{minimo}` and `{faltam}` are amounts written 'R$ 1.234,56'. */
  valorMinimo: 'Este cupom vale a partir de {minimo} em produtos. Faltam {faltam}.',
  /** `{valor}` is '10%' or 'R$ 20,00'; `{onde}` one of the onde* texts. */
  resumo: '{valor} de desconto {onde}',
  ondeLoja: 'nos produtos',
  ondeCategorias: 'nos produtos das categorias selecionadas',
  ondeProdutos: 'nos produtos selecionados',
  ondeFisicos: 'nos produtos físicos',
  ondeDigitais: 'nos cursos digitais',
  naoAcumulaPix: 'Não acumula com o desconto do PIX',
  naoAcumulaBrinde: 'Não acumula com o brinde',
  acumulaPix: 'Acumula com o desconto do PIX',
  acumulaBrinde: 'Acumula com o brinde',
  /** The bag's and the checkout's coupon field. */
  campo: 'Cupom de desconto',
  placeholder: 'Digite o código',
  aplicar: 'Aplicar',
  aplicando: 'Aplicando...',
  remover: 'Remover cupom',
  trocar: 'Trocar cupom',
  /** `{valor}` is the discount written '−R$ 20,00'. */
  aplicado: 'Cupom aplicado: {valor}',
  /** A summary's or an order's line: `{codigo}` the code. */
  linha: 'Cupom {codigo}',
  erroValidar: 'Não foi possível conferir o cupom agora. Tente novamente.',
  entrarParaUsar: 'Entre na sua conta para usar um cupom de desconto.',
} as const;
