/**
 * The texts of stock (docs/behaviour/bag-and-checkout.md#stock, ADR 032): what the bag, the checkout and the API say
 * when a product has fewer units left than a line asks for. A module of its own, apart from MSG: every public page
 * carries messages.ts in its first JavaScript (docs/quality.md#p6-javascript-of-the-public-pages), and these are
 * needed only once the bag is open or an order is placed.
 */
export const MSG_ESTOQUE = {
  /** `{n}` is the number of units left (2 or more); `{nome}` the product's name. */
  restamUnidades: 'Restam apenas {n} unidades de {nome}.',
  /** One unit left. */
  restaUmaUnidade: 'Resta apenas 1 unidade de {nome}.',
  /** None left. */
  esgotou: '{nome} esgotou.',
  /** The bag earns the gift but the gift product has no unit left: said where the bag promises the gift. */
  brindeEsgotado: 'Brinde esgotado no momento',
} as const;
