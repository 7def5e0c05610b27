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
} as const;

export type MessageKey = keyof typeof MSG;
