/**
 * The texts of the customer's address book (docs/behaviour/accounts-and-sign-in.md#address-book,
 * docs/behaviour/bag-and-checkout.md#saved-addresses): the API's refusals and the profile and checkout screens. A
 * module of its own, apart from MSG: the book is seen only on private pages, and every public page carries
 * messages.ts in its first JavaScript (docs/quality.md#p6-javascript-of-the-public-pages).
 */
export const MSG_ENDERECOS = {
  /** The name the registered address takes in the book (sign-up, and the copy of the addresses that existed). */
  nomeCadastro: 'Principal',
  nomeVazio: 'Dê um nome ao endereço, como Clínica ou Casa.',
  nomeLongo: 'O nome do endereço deve ter no máximo 40 caracteres.',
  /** `{n}` is the limit (LIMITE_ENDERECOS). */
  limite: 'Você já tem {n} endereços salvos, o máximo permitido. Exclua um para adicionar outro.',
  naoEncontrado: 'Endereço não encontrado.',
  cadastroNaoExclui: 'Este é o endereço do seu cadastro: ele pode ser alterado, mas não excluído.',
  criado: 'Endereço salvo com sucesso!',
  atualizado: 'Endereço atualizado com sucesso!',
  excluido: 'Endereço excluído.',
  padraoDefinido: 'Endereço padrão atualizado.',
  erroCarregar: 'Não foi possível carregar seus endereços agora.',
  /** Screens. */
  titulo: 'Meus endereços',
  descricao: 'Os endereços de entrega que você usa nas compras. O padrão já vem escolhido no checkout.',
  padrao: 'Padrão',
  cadastro: 'Endereço do cadastro',
  tornarPadrao: 'Tornar padrão',
  adicionar: 'Adicionar endereço',
  novo: 'Novo endereço',
  editar: 'Editar endereço',
  excluir: 'Excluir',
  confirmarExclusao: 'Excluir o endereço {nome}?',
  confirmarExclusaoTexto: 'Ele sai do seu catálogo de endereços. Os pedidos já feitos continuam com o endereço deles.',
  nomeCampo: 'Nome do endereço',
  nomeDica: 'Ex.: Clínica, Casa, Consultório 2',
  recebedor: 'Nome de quem recebe (opcional)',
  telefoneRecebedor: 'Telefone de quem recebe (opcional)',
  salvarNoCatalogo: 'Salvar no meu catálogo de endereços',
  catalogoCheio: 'Seu catálogo já tem {n} endereços: este endereço vale só para esta compra.',
  vazio: 'Você ainda não tem endereços salvos.',
  escolha: 'Endereço de entrega',
  recebe: 'Recebe: {nome}',
} as const;
