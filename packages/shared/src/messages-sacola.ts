/**
 * The texts of the bag kept on the server, the abandoned-bag reminder and marketing consent (ADR 034,
 * docs/behaviour/bag-and-checkout.md#server-bag). A module of its own, apart from MSG: the public pages' first
 * JavaScript carries messages.ts (docs/quality.md#p6-javascript-of-the-public-pages); these are read by the API, the
 * sign-up and profile forms and the lazily loaded bag sync.
 */
export const MSG_SACOLA = {
  /** The consent checkbox of sign-up and profile (unchecked by default). */
  ofertasEmail: 'Quero receber ofertas e novidades por e-mail',
  /** Under the checkbox: how to take it back (LGPD: consent is revocable). */
  ofertasEmailAjuda: 'Você pode cancelar quando quiser, aqui ou pelo link em cada e-mail.',
  /** A write based on an old version of the bag (another tab or device changed it): 409 with the current bag. */
  sacolaDesatualizada: 'A sacola foi alterada em outro dispositivo. Confira os itens.',
  /** A line of a product that does not exist or is no longer sold. */
  produtoIndisponivel: 'Um dos produtos da sacola não está mais disponível.',
  /** The same product twice in a bag sent whole. */
  produtoRepetido: 'Cada produto aparece uma vez na sacola.',
  /** A quantity outside 1..99. */
  quantidadeInvalida: 'A quantidade de cada item deve ser de 1 a 99.',
  /** More than 50 lines. */
  sacolaCheia: 'A sacola pode ter no máximo 50 itens diferentes.',
  /** The bag is the customer's own: staff accounts have none. */
  somenteClientes: 'A sacola é exclusiva dos clientes.',
  /** 'Comprar novamente' of a delivered order (docs/behaviour/orders.md#order-dialog): its products back in the bag. */
  comprarNovamente: 'Comprar novamente',
  comprarNovamenteFeito: 'Os produtos do pedido voltaram para a sacola, com os preços de hoje.',
  /** {nomes}: the products of the order the store cannot sell now (no stock, no longer sold). */
  comprarNovamenteFora: 'Indisponíveis no momento, ficaram de fora: {nomes}.',
  comprarNovamenteNenhum: 'Nenhum produto deste pedido está disponível no momento.',
  /** The reminder e-mail. */
  lembreteAssunto: 'Você deixou itens na sua sacola',
  lembreteTitulo: 'Seus itens ainda estão na sacola',
  lembreteTexto:
    'Separamos para você os itens que ficaram na sua sacola. Os preços abaixo são os de hoje e podem mudar; o estoque não fica reservado.',
  lembreteAcao: 'Ver minha sacola',
  lembreteRodape:
    'Você recebe este e-mail porque aceitou receber ofertas e novidades da clínica. Para não receber mais, use o link:',
  /** The unsubscribe page. */
  descadastroTitulo: 'Descadastro de e-mails',
  descadastroPergunta: 'Deseja deixar de receber ofertas e novidades da clínica no e-mail {email}?',
  descadastroConfirmar: 'Confirmar descadastro',
  descadastroFeito:
    'Pronto: o e-mail {email} não receberá mais ofertas e novidades. Os e-mails dos seus pedidos continuam chegando. Para voltar a receber, marque a opção no seu perfil.',
  descadastroInvalido:
    'Link de descadastro inválido. Use o link do e-mail mais recente ou altere a opção no seu perfil.',
  voltarLoja: 'Voltar à loja',
} as const;
