/**
 * The texts of the staff's stock (docs/behaviour/back-office.md#stock, ADR 032): the product form's 'Estoque'
 * section, its adjustments and the 'Estoque baixo' list. Back-office only, so apart from MSG and from the bag's
 * MSG_ESTOQUE.
 */
export const MSG_ESTOQUE_EQUIPE = {
  /** A quantity that is not a whole number from 0 up. */
  quantidadeInvalida: 'Informe uma quantidade inteira de 0 a 1.000.000.',
  /** Entrada and perda move at least one unit. */
  quantidadeMinima: 'Informe pelo menos 1 unidade.',
  /** The reason of an ajuste or a perda. */
  motivoObrigatorio: 'Informe o motivo do ajuste.',
  /** `{n}`: the units reserved by unpaid orders. */
  abaixoDoReservado: 'O estoque não pode ficar abaixo das {n} unidades reservadas em pedidos.',
  /** An ajuste to the quantity already on hand. */
  semDiferenca: 'A contagem é igual ao estoque atual: nada a ajustar.',
  /** Stock moves are for physical products. */
  produtoDigital: 'Produtos digitais não têm estoque.',
  /** The success toasts of each kind. */
  entradaRegistrada: 'Entrada registrada.',
  ajusteRegistrado: 'Ajuste registrado.',
  perdaRegistrada: 'Perda registrada.',
  /** The reason of a new product's first units. */
  motivoEstoqueInicial: 'Estoque inicial',
  /** A kind other than entrada, ajuste, perda. */
  tipoInvalido: 'Escolha entrada, ajuste ou perda.',
  /** The reason is longer than the column. */
  motivoLongo: 'O motivo pode ter até 200 caracteres.',
  /** The threshold of 'Estoque baixo'. */
  minimoInvalido: 'Informe um estoque mínimo inteiro de 0 a 1.000.000.',
} as const;
