/**
 * Every user-facing pt-BR text of the spec, by key. The API and the web read
 * from here so one sentence lives in one place.
 */
export const MSG = {
  // API errors (DESIGN.md "The API contract")
  erroValidacao: 'Verifique os campos informados.',
  erroInterno: 'Ocorreu um erro inesperado. Tente novamente em alguns instantes.',
  naoAutenticado: 'Acesso não autorizado. Faça login para continuar.',
  sessaoExpirada: 'A sua sessão expirou, faça login novamente para continuar navegando.',
  semPermissao: 'Você não tem permissão para acessar este recurso.',
  naoEncontrado: 'Recurso não encontrado.',
  rotaNaoEncontrada: 'Rota não encontrada.',
  conflito: 'O registro já existe.',
  muitasTentativas: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  credenciaisInvalidas: 'E-mail, CPF/CNPJ ou senha inválidos.',
  usuarioInativo: 'Usuário inativo. Entre em contato com a clínica.',
  loginSucesso: 'Login efetuado com sucesso.',
  logoutSucesso: 'Logout efetuado com sucesso.',
  tokenRenovado: 'Token renovado com sucesso.',
  usuarioNaoEncontrado: 'Usuário não encontrado.',
  sucesso: 'Sucesso.',
  corpoInvalido: 'O corpo da requisição é inválido.',
  arquivoMuitoGrande: 'O arquivo enviado é grande demais.',
  empresaNaoEncontrada: 'Empresa não encontrada ou não cadastrada',
  empresaSalva: 'Empresa salva com sucesso!',
  corpoMuitoGrande: 'O conteúdo enviado é grande demais.',
  tipoConteudoNaoSuportado: 'Tipo de conteúdo não suportado.',
  regraViolada: 'Não foi possível concluir a operação com os dados informados.',
  registroVinculado: 'O registro está vinculado a outros dados e não pode ser alterado ou excluído.',
  servicoIndisponivel: 'Serviço temporariamente indisponível. Tente novamente em alguns instantes.',
  servicoDisponivel: 'Serviço em funcionamento.',
  arquivoNaoEncontrado: 'Arquivo não encontrado.',
  webNaoCompilada: 'A interface web ainda não foi compilada. Execute "npm run build" e reinicie o servidor.',

  // Validation (SPEC §5)
  email: 'Este campo não pode ficar vazio e tem que ser um e-mail válido.',
  cpfCnpj: 'Este campo não pode ficar vazio e deverá conter um CPF ou CNPJ válido.',
  min3: 'O campo tem que ter 3 ou mais caracteres.',
  celular: 'Este campo não pode ficar vazio e deverá conter um número de celular válido.',
  senhaMin4: 'O campo tem que ter 4 ou mais caracteres.',
  novaSenhaMin4: 'A senha tem que ter 4 ou mais caracteres.',
  confirmacaoSenha: 'A senha de confirmação tem que bater com a senha digitada.',
  vazio: 'Este campo não pode ficar vazio.',
  senhaAtualVazia: 'Este campo não pode ficar vazio',
  cep: 'O campo tem que ter 8 caracteres.',
  naoVazio: 'O campo não pode ficar vazio.',
  estado: 'Selecione um estado',

  // Dialogs and shell (SPEC §2)
  sucessoTitulo: 'Sucesso!',
  erroTitulo: 'Erro!',
  acessoNaoAutorizado: 'Acesso não autorizado',
  paginaNaoEncontrada: 'Página não encontrada!',
  erroAplicacao: 'Unexpected Application Error!',
  pesquisePorProdutos: 'Pesquise por produtos',
  comprasSeguras: 'Compras 100% seguras',
  formasPagamento: 'Formas de pagamento',
  carregando: 'Carregando...',

  // Web shell (SPEC §2, §8)
  erroConexao: 'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.',
  sacola: 'Sacola',
  nenhumItemCarrinho: 'Nenhum item no carrinho',
  loginParaFinalizar: 'Você precisa fazer login para finalizar a compra',
  logarComDocumento: 'Logar com CPF ou CNPJ',
  esqueciSenha: 'Esqueci minha senha',
  cadastreSe: 'Cadastre-se',
  sairDaConta: 'Sair da conta',
  gerente: 'Gerente',
  minhaBiblioteca: 'Minha biblioteca',
  listaPedidos: 'Lista de pedidos',
  quemSomos: 'Quem somos',
  paginaNaoEncontradaTexto: 'O endereço que você acessou não existe ou não está disponível para o seu perfil.',
} as const;

export type MessageKey = keyof typeof MSG;
