/**
 * Every user-facing pt-BR text, by key. The API and the web read
 * from here so one sentence lives in one place.
 */
export const MSG = {
  // API errors (docs/architecture.md#errors-and-the-envelope)
  erroValidacao: 'Verifique os campos informados.',
  erroInterno: 'Ocorreu um erro inesperado. Tente novamente em alguns instantes.',
  naoAutenticado: 'Acesso não autorizado. Faça login para continuar.',
  sessaoExpirada: 'A sua sessão expirou, faça login novamente para continuar navegando.',
  semPermissao: 'Você não tem permissão para acessar este recurso.',
  naoEncontrado: 'Recurso não encontrado.',
  muitasTentativas: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  credenciaisInvalidas: 'E-mail, CPF/CNPJ ou senha inválidos.',
  corpoInvalido: 'O corpo da requisição é inválido.',
  empresaNaoEncontrada: 'Empresa não encontrada ou não cadastrada',
  empresaSalva: 'Empresa salva com sucesso!',
  // The notice of a demo store on every page (ADR 022)
  lojaDemonstracao: 'Loja de demonstração',
  lojaDemonstracaoAviso: 'Pagamentos e e-mails são simulados.',

  // Validation (docs/behaviour/forms-and-validation.md#field-rules)
  email: 'Este campo não pode ficar vazio e tem que ser um e-mail válido.',
  cpfCnpj: 'Este campo não pode ficar vazio e deverá conter um CPF ou CNPJ válido.',
  min3: 'O campo tem que ter 3 ou mais caracteres.',
  celular: 'Este campo não pode ficar vazio e deverá conter um número de celular válido.',
  telefone: 'Este campo não pode ficar vazio e deverá conter um telefone válido com DDD.',
  senhaMin4: 'O campo tem que ter 4 ou mais caracteres.',
  novaSenhaMin4: 'A senha tem que ter 4 ou mais caracteres.',
  confirmacaoSenha: 'A senha de confirmação tem que bater com a senha digitada.',
  vazio: 'Este campo não pode ficar vazio.',
  senhaAtualVazia: 'Este campo não pode ficar vazio',
  cep: 'O campo tem que ter 8 caracteres.',
  naoVazio: 'O campo não pode ficar vazio.',
  estado: 'Selecione um estado',
  caracteresInvalidos: 'O campo contém caracteres inválidos.',
  textoEsperado: 'Este campo deve ser um texto.',
  senhaMax256: 'A senha pode ter no máximo 256 caracteres.',
  identificadorInvalido: 'Identificador inválido.',
  codigoSeisDigitos: 'O código deve ter 6 dígitos.',
  textoLongo: 'O texto informado é longo demais.',
  logradouroInvalido: 'Logradouro inválido',
  numeroInvalido: 'Numero invalido',
  bairroInvalido: 'Bairro inválido',
  selecioneCidade: 'Selecione uma cidade',

  // Accounts (docs/behaviour/accounts-and-sign-in.md)
  cadastroSucesso: 'Cadastro efetuado com sucesso! indo para o login...',
  indoParaLogin: ' Indo para o login...',
  codigoIncorreto: 'Código incorreto.',
  codigoExpirado: 'Código expirado!',
  codigoRecuperacaoEnviado: 'Se o e-mail estiver cadastrado, você receberá um código de 6 dígitos em instantes.',
  codigoValidado: 'Código validado com sucesso!',
  emailConfirmado: 'Email confirmado',
  senhaRedefinida: 'Senha redefinida com sucesso!',
  emailAlterado: 'E-mail alterado com sucesso!',
  senhaAlterada: 'Senha alterada com sucesso!',
  senhaAtualIncorreta: 'A senha atual está incorreta.',
  perfilAtualizado: 'Dados atualizados com sucesso!',
  ocorreuUmProblema: 'Ocorreu um problema.',
  ocorreuErroTenteNovamente: 'Ocorreu um erro, tente novamente.',
  erroRedefinirEmail: 'Ocorreu um problema e não foi possível redefinir o e-mail, tente novamente.',
  erroBuscarUsuario: 'erro ao buscar dados de usuario',
  cepNaoEncontrado: 'CEP não encontrado. Confira o número ou preencha o endereço.',

  // Store (docs/behaviour/catalogue-and-search.md)
  naoHaProdutos: 'Não há produtos para exibir.',
  produtoNaoEncontrado: 'Produto não encontrado.',
  produtoDigitalNoCarrinho: 'Produto Digital já adicionado ao carrinho',
  produtoIndisponivel: 'Produto indisponível',
  quantidadeMaiorQueZero: 'Quantidade deve ser maior que zero',
  semAvaliacoes: 'Sem avaliações',
  cargaHoraria: 'Carga horária',
  avaliacaoSucesso: 'Avaliação feita com sucesso!',
  avaliacaoErro: 'Erro na avaliação tente novamente mais tarde!',
  notaInvalida: 'A nota deve ir de 1 a 5, em meias estrelas.',
  comentarioLongo: 'O comentário pode ter no máximo 1000 caracteres.',
  pesquisaLonga: 'A pesquisa pode ter no máximo 100 caracteres.',
  produtoAdicionado: 'Produto adicionado à sacola',
  quantidadeAtualizada: 'Quantidade atualizada na sacola',
  /** `{termo}` is replaced by the search text. */
  nenhumProdutoEncontrado: 'Nenhum produto encontrado para “{termo}”',
  erroCarregarProdutos: 'Não foi possível carregar os produtos agora. Tente novamente em alguns instantes.',
  produtoDisponivel: 'Disponível',
  produtoIndisponivelSelo: 'Indisponível',
  /** A card's badge when few units are left (ADR 044). */
  ultimasUnidades: 'Últimas unidades',
  produtoDigital: 'Digital',
  /** Gift progress (docs/behaviour/bag-and-checkout.md#gift); `{faltam}` and `{valor}` are amounts written 'R$ 1.234,56'. */
  faltamParaBrinde: 'Faltam {faltam} de {valor} para o brinde!',
  brindeAtingido: 'Você atingiu o valor para ganhar o brinde! 🎉',

  // Freight (docs/behaviour/bag-and-checkout.md#freight)
  freteSemProdutos: 'Informe ao menos um produto para calcular o frete.',
  freteProdutosDemais: 'Informe no máximo 100 produtos para calcular o frete.',
  quantidadeMaxima: 'A quantidade máxima por produto é 999.',
  freteSemOpcoes: 'Não há opções de entrega para o CEP informado.',
  /** A quote before checkout for a CEP no state or no street has (docs/behaviour/bag-and-checkout.md#freight-before-checkout). */
  freteCepNaoEncontrado: 'CEP não encontrado. Confira o número digitado.',

  // Orders (docs/behaviour/orders.md)
  pedidoCriado: 'Pedido criado!',
  // Checkout (docs/behaviour/bag-and-checkout.md#checkout)
  semItensSacola: 'Sem itens adicionados na sacola',
  erroCarregarDados: 'Erro ao carregar seus dados. entre em contato com nosso suporte',
  erroCalcularFrete: 'Erro ao calcular frete. tente novamente em alguns instantes',
  erroSalvarPedido: 'Erro ao salvar pedido',
  pedidoCancelado: 'Pedido cancelado com sucesso',
  dadosPagamentoInvalidos: 'Dados do pagamento invalidos',
  acompanhePedido: 'Acompanhe o pedido na sua lista de pedidos!',
  pedidoSemItens: 'Adicione ao menos um produto à sacola.',
  pedidoItensDemais: 'A sacola pode ter no máximo 100 produtos.',
  pedidoEntregaObrigatoria: 'Escolha uma opção de entrega.',
  pedidoEnderecoObrigatorio: 'Informe o endereço de entrega.',
  pedidoJaCancelado: 'Este pedido já está cancelado.',
  pedidoPagoNaoCancela:
    'Este pedido já foi pago e não pode ser cancelado por aqui. Fale com a clínica para pedir o cancelamento.',
  pedidoEnviadoNaoCancela: 'Este pedido já foi enviado e não pode mais ser cancelado.',
  pedidoPagoEstornoIndisponivel: 'Não há pagamento aprovado pela loja para estornar neste pedido.',
  // Payments (docs/behaviour/payments.md)
  erroProcessarCartao: 'Erro ao processar cartão. Verifique os dados.',
  erroMetodosPagamento: 'Erro ao buscar métodos de pagamento',
  pagamentoProcessado: 'Pagamento processado com sucesso!',
  pixGerado: 'QRCode PIX gerado com sucesso!',
  erroProcessarPagamento: 'Erro ao processar pagamento',
  pixExpirado: 'QRCODE EXPIRADO GERE NOVAMENTE',
  verificandoCartao: 'Verificando o cartão...',
  cartaoPodeNaoSerAceito: 'Verifique as informações do campo! Seu cartão pode não ser aceito.',
  acompanhePedidoPix: 'Acompanhe seu pedido pela Lista de pedidos',
  pagamentoRecusado: 'Pagamento recusado. Confira os dados do cartão ou escolha outra forma de pagamento.',
  /** Said with a refusal at checkout: the order exists (docs/behaviour/bag-and-checkout.md#order-creation); `{id}` its number. */
  pedidoAguardaPagamento: 'Seu pedido nº {id} foi criado e aguarda o pagamento.',
  pagamentoEmAnalise: 'Pagamento em análise. Avisaremos assim que ele for confirmado.',
  pedidoJaPago: 'Este pedido já foi pago.',
  pedidoNaoAceitaPagamento: 'Este pedido não pode mais ser pago.',
  pixPagoSandbox: 'PIX pago! O pedido será atualizado em instantes.',
  idempotenciaChaveObrigatoria:
    'Envie o cabeçalho Idempotency-Key com uma chave única (de 1 a 255 caracteres visíveis) para este pedido.',
  idempotenciaOutroCorpo:
    'Esta chave de idempotência já foi usada com outros dados. Gere uma nova chave para um novo pedido.',
  dataInicioObrigatoria: 'É necessário informar uma data de início',
  dataInvalida: 'Informe a data no formato AAAA-MM-DD.',
  periodoInvalido: 'A data final deve ser igual ou posterior à data de início.',
  paginaInvalida: 'Página inválida.',
  tamanhoPaginaInvalido: 'O tamanho da página deve ser de 1 a 100.',
  ordenacaoInvalida: 'Ordenação inválida: use asc ou desc.',
  situacaoPedidoInvalida: 'Situação de pedido inválida.',

  // Installments, PIX price and free shipping (ADR 024); `{valor}` and `{total}` are amounts written 'R$ 1.234,56'
  parcelamentoOferta: 'em até {parcelas}x de {valor} sem juros',
  parcelamentoSemJuros: '{parcelas}x de {valor} sem juros — total {total}',
  /** `{juros}` is the monthly rate written '1,99'. */
  parcelamentoComJuros: '{parcelas}x de {valor} com juros ({juros}% a.m.) — total {total}',
  parcelamentoAVista: 'À vista: {valor}',
  precoNoPix: '{valor} no PIX',
  // The checkout's installment select and its summary (CDC art. 52), the PIX discount line, an order's installments
  // (docs/behaviour/payments.md#installments, #pix-discount)
  parcelamentoRotulo: 'Parcelamento',
  parcelamentoCarregando: 'Carregando as opções de parcelamento...',
  parcelamentoErro: 'Não foi possível carregar as opções de parcelamento.',
  parcelamentoPrecoAVista: 'Preço à vista',
  parcelamentoParcelas: 'Parcelas',
  parcelamentoParcelasDe: '{parcelas}x de {valor}',
  /** `{ultima}` is the last installment when it differs from the others by a few cents. */
  parcelamentoUltima: 'a última de {ultima}',
  parcelamentoTaxa: 'Taxa de juros',
  /** `{mensal}` and `{anual}` are rates written '1,99'. */
  parcelamentoTaxaValor: '{mensal}% ao mês ({anual}% ao ano)',
  parcelamentoSemJurosTaxa: 'Sem juros',
  parcelamentoCustoJuros: 'Juros',
  parcelamentoTotalAPrazo: 'Total a prazo',
  /** `{percentual}` is the store's PIX discount written '5' or '7,5'. */
  descontoPixLinha: 'Desconto PIX ({percentual}%)',
  descontoPixPedido: 'Desconto PIX',
  /** An order's card payment: '6x de R$ 177,98 (total R$ 1.067,88)'. */
  parcelamentoPago: '{parcelas}x de {valor} (total {total})',

  // Clinic site (docs/behaviour/site.md#contact)
  mensagemEnviada: 'Mensagem enviada com sucesso!',
  erroEnviarMensagem: 'Erro ao enviar mensagem. Tente novamente mais tarde.',
  selecioneAssunto: 'Selecione um assunto',
  mensagemVazia: 'Escreva a sua mensagem.',
  dadosClinicaIndisponiveis:
    'Não foi possível carregar o endereço e os telefones da clínica agora. Tente novamente em alguns instantes.',
  mapaIndisponivel: 'Não foi possível mostrar o mapa aqui. Use o link “Ver no mapa” para abri-lo no Google Maps.',
  redesSociaisIndisponiveis: 'Não foi possível carregar as redes sociais da clínica agora.',

  // Dialogs and shell (docs/behaviour/site.md#dialogs)
  sucessoTitulo: 'Sucesso!',
  erroTitulo: 'Erro!',
  acessoNaoAutorizado: 'Acesso não autorizado',
  paginaNaoEncontrada: 'Página não encontrada!',
  erroAplicacao: 'Unexpected Application Error!',
  pesquisePorProdutos: 'Pesquise por produtos',
  comprasSeguras: 'Compras 100% seguras',
  formasPagamento: 'Formas de pagamento',
  carregando: 'Carregando...',

  // Web shell (docs/behaviour/site.md)
  erroConexao: 'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.',
  respostaInesperada: 'O servidor respondeu de um jeito inesperado. Tente novamente em alguns instantes.',
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
  // Library, classroom, progress and certificates (docs/behaviour/library-and-classroom.md; ADR 013)
  produtoNaoEncontradoBiblioteca: 'Produto não encontrado em sua biblioteca',
  erroCarregarPdf: 'Erro ao carregar pdf. tente novamente mais tarde.',
  progressoInvalido: 'Informe se o conteúdo foi concluído ou a posição do vídeo, em segundos.',
  certificadoNaoEncontrado: 'Certificado não encontrado. Confira o código informado.',
  certificadoCodigoInvalido: 'Código de certificado inválido.',
  /** The public check of a revoked certificate (ADR 036); `{data}` is the day it was revoked. */
  certificadoRevogado: 'Certificado revogado em {data}',
  certificadoRevogadoExplicacao:
    'Este certificado não é mais válido: a compra do curso foi desfeita (desistência ou estorno).',
  certificadoValido: 'Certificado válido.',
  bemVindoSalaAula: 'Bem-vindo! Escolha um conteúdo na lista para começar.',
} as const;
