/**
 * The texts of the sanitary rules (ADR 037, RDC 6/2015): the product page, the bag, the checkout, the profile's
 * CRO, the back-office product form and the API's refusals. A module of its own, apart from MSG
 * (docs/quality.md#p6-javascript-of-the-public-pages).
 */
import { MSG_ANVISA_PRODUTO } from './messages-anvisa-produto.js';

export const MSG_ANVISA = {
  ...MSG_ANVISA_PRODUTO,
  /** The product page's 'Incluir' for a customer without a CRO. */
  precisaCro: 'Para comprar este produto, informe seu registro no CRO no seu perfil.',
  irParaPerfil: 'Informar meu CRO',
  /** A visitor. */
  precisaEntrar: 'Entre com uma conta que tenha o registro no CRO informado para comprar este produto.',
  entrar: 'Entrar',
  /** The bag's and the checkout's notice, `{itens}` the names. */
  sacolaSemCro: 'Produtos de uso profissional na sacola ({itens}): informe seu CRO no perfil para finalizar a compra.',
  /** The API's refusal (422), `{produto}` the item's name. */
  pedidoSemCro:
    'O produto {produto} é de uso profissional: a venda exige o registro no CRO do comprador. Informe seu CRO no perfil.',
  // Profile.
  croTitulo: 'Registro profissional (CRO)',
  croDetalhe:
    'Cirurgiões-dentistas informam aqui o número de inscrição no Conselho Regional de Odontologia para comprar produtos de uso profissional. Ele constará do pedido e da nota fiscal.',
  croNumero: 'Número do CRO',
  croUf: 'UF do CRO',
  croNenhum: 'Nenhum CRO informado.',
  croSalvar: 'Salvar CRO',
  croRemover: 'Remover CRO',
  croEditar: 'Informar CRO',
  croAlterar: 'Alterar CRO',
  croSalvo: 'CRO salvo com sucesso!',
  croRemovido: 'CRO removido.',
  croNumeroInvalido: 'CRO inválido: informe de 1 a 6 dígitos.',
  croUfInvalida: 'Selecione a UF do CRO.',
  croIncompleto: 'Informe o número e a UF do CRO, ou nenhum dos dois.',
  // Back-office product form.
  secao: 'Registro sanitário',
  secaoDetalhe: 'ANVISA e restrição de venda (RDC 6/2015).',
  anvisa: 'Nº de registro/notificação ANVISA',
  anvisaAjuda: '11 dígitos (produto para saúde) ou 13 (medicamento ou cosmético).',
  anvisaInvalido: 'Número ANVISA inválido: informe 11 dígitos (produto para saúde) ou 13 (medicamento ou cosmético).',
  usoProfissionalAjuda: 'Só clientes com CRO no perfil podem comprar (ex.: clareadores acima de 3% de peróxido).',
  semAnvisaAviso: 'Produto físico sem número ANVISA: confira se ele é isento de registro ou notificação.',
  // Order (dialogs, DANFE, invoice's additional information).
  croComprador: 'CRO do comprador',
  /** The invoice's additional information, `{cro}` formatted. */
  infoNota: 'Venda de produto de uso profissional a cirurgião-dentista {cro} (RDC ANVISA 6/2015).',
} as const;
