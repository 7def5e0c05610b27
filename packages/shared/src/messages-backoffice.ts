/**
 * Texts of the back-office (products, images, contents, authors, categories,
 * discount conditions, company), apart from MSG (messages.ts): every public
 * page of the web app carries MSG in its first JavaScript, and these texts are
 * needed only by the staff screens and the API (docs/quality.md#p6-javascript-of-the-public-pages).
 */
export const MSG_BO = {
  // Back-office: authors, categories, discount conditions, company (docs/behaviour/back-office.md#unitarys)
  autorCadastrado: 'Autor cadastrado com sucesso',
  autorEditado: 'Autor editado com sucesso',
  autorDeletado: 'Autor deletado com sucesso',
  autorNaoEncontrado: 'Autor não encontrado.',
  autorEmUso: 'Este autor está vinculado a produtos e não pode ser excluído. Remova-o dos produtos antes de excluí-lo.',
  categoriaCadastrada: 'Categoria cadastrada com sucesso',
  categoriaEditada: 'Categoria editada com sucesso',
  categoriaDeletada: 'Categoria deletada com sucesso',
  categoriaNaoEncontrada: 'Categoria não encontrada.',
  categoriaNomeEmUso: 'Já existe uma categoria com este nome.',
  categoriaEmUso:
    'Esta categoria tem produtos cadastrados e não pode ser excluída. Mova os produtos para outra categoria antes de excluí-la.',
  categoriaTipoComProdutos:
    'Esta categoria tem produtos do outro tipo (digital ou físico). Mova os produtos para outra categoria antes de mudar o tipo.',
  condicaoDescontoCadastrada: 'Condicao Desconto cadastrado com sucesso',
  condicaoDescontoAtualizada: 'Condicao desconto atualizada com sucesso',
  condicaoDescontoDeletada: 'deletado com sucesso',
  condicaoDescontoNaoEncontrada: 'Condição de desconto não encontrada.',
  condicaoDescontoValorZero: 'O valor deve ser maior que zero.',
  // Commercial rules (docs/behaviour/payments.md#commercial-rules)
  regrasComerciaisSalvas: 'Condições comerciais salvas com sucesso!',
  percentualInvalido: 'Informe um percentual de 0 a {max}, com no máximo duas casas decimais.',
  numeroInteiroInvalido: 'Informe um número inteiro de {min} a {max}.',
  parcelasSemJurosAcimaDoMaximo: 'As parcelas sem juros não podem passar do número máximo de parcelas.',
  ufInvalida: 'Estado (UF) inválido.',
  // The Gerente's screen of the commercial rules (docs/behaviour/back-office.md#commercial-rules)
  comercialTitulo: 'Condições comerciais',
  comercialDescricao:
    'Parcelamento no cartão, desconto no PIX, boleto e frete grátis: valem para os pedidos feitos depois de salvar.',
  comercialCartao: 'Regras da loja',
  comercialCartaoDescricao: 'Os cartões de produto, a sacola e o checkout mostram estas condições.',
  comercialParcelamento: 'Parcelamento no cartão',
  comercialMaxParcelas: 'Máximo de parcelas',
  comercialParcelasSemJuros: 'Parcelas sem juros',
  comercialParcelasSemJurosDica: 'Até este número a loja assume os juros; 1 = só à vista sem juros.',
  comercialJurosMensal: 'Juros ao mês (%)',
  comercialJurosMensalDica: 'Tabela Price, nas parcelas acima das sem juros. Ex.: 1,99.',
  comercialParcelaMinima: 'Parcela mínima',
  comercialParcelaMinimaDica: 'Opções com parcela menor que este valor não são oferecidas.',
  comercialPix: 'PIX',
  comercialPixDesconto: 'Desconto no PIX (%)',
  comercialPixDescontoDica: 'Sobre os produtos (nunca sobre o frete). 0 = sem desconto.',
  comercialBoleto: 'Boleto',
  comercialBoletoAtivo: 'Oferecer boleto',
  comercialBoletoAtivoDescricao: 'O cliente pode pagar o pedido com boleto bancário.',
  comercialBoletoDiasUteis: 'Vencimento (dias úteis)',
  comercialBoletoDiasTolerancia: 'Tolerância após o vencimento (dias)',
  comercialBoletoDiasToleranciaDica: 'Depois disso, o pedido não pago é cancelado.',
  comercialBoletoEmpresa: 'Pré-selecionar para empresas',
  comercialBoletoEmpresaDescricao: 'No checkout de um cliente com CNPJ, o boleto já vem escolhido.',
  comercialFreteGratis: 'Frete grátis',
  comercialFreteAtivo: 'Oferecer frete grátis',
  comercialFreteAtivoDescricao: 'O frete fica grátis a partir do valor mínimo em produtos.',
  comercialFreteValorMinimo: 'Valor mínimo em produtos',
  comercialFreteUfs: 'Estados',
  comercialFreteUfsDica: 'Nenhum marcado: vale para todos os estados.',
  comercialFreteServicos: 'Serviços de entrega',
  comercialFreteServicosDica: 'Nenhum marcado: vale para todos os serviços.',
  /** `{regiao}` is an IBGE region: 'Marcar Sudeste'. */
  comercialRegiaoTodos: 'Marcar todos do {regiao}',
  /** `{id}` is a freight service the store does not know by name (Melhor Envio's). */
  comercialServicoId: 'Serviço {id}',
  comercialSalvar: 'Salvar condições',
  comercialPrevia: 'Simulação',
  comercialPreviaDescricao: 'O que uma compra de R$ 1.000,00 ofereceria com as regras do formulário.',
  comercialPreviaParcelas: 'Parcelas no cartão',
  comercialPreviaPix: 'No PIX',
  condicaoDescontoAtivaDuplicada:
    'Já existe uma condição de desconto ativa. Desative a condição ativa antes de ativar outra.',
  condicaoDescontoAtivaNaoExclui:
    'A condição de desconto ativa não pode ser excluída: é ela que define o valor do brinde. Desative-a (ou ative outra) antes de excluí-la.',
  erroListaDescontos: 'erro ao buscar a lista de descontos: ',
  idCorpoDivergente: 'O identificador informado no corpo não confere com o do endereço.',
  filtroBooleanoInvalido: 'Filtro inválido: use true ou false.',
  linkInvalido: 'Informe um endereço da web válido (http ou https).',
  // Back-office: course contents (docs/behaviour/back-office.md#product-contents)
  conteudosDoProduto: 'Conteúdos do Produto',
  conteudoAdicionado: 'Conteúdo adicionado com sucesso!',
  conteudoExcluido: 'Conteúdo excluído com sucesso!',
  conteudoCamposObrigatorios: 'Preencha todos os campos',
  conteudoDuracaoInvalida: 'Formato de duração inválido. Use HH:MM:SS',
  conteudoOrdemInvalida: 'A ordem deve ser um número inteiro maior ou igual a 1.',
  conteudoOrdemEmUso: 'Já existe um conteúdo nesta ordem para este produto. Escolha outra ordem.',
  conteudoArquivoObrigatorio: 'Selecione o arquivo do conteúdo (PDF, MP4 ou AVI).',
  conteudoArquivoVazio: 'O arquivo enviado está vazio.',
  conteudoFormatoInvalido: 'Formato de arquivo não aceito: envie um PDF, um vídeo MP4 ou um vídeo AVI.',
  conteudoExtensaoNaoConfere:
    'A extensão do arquivo não corresponde ao seu conteúdo. Envie um PDF, MP4 ou AVI com o nome correto.',
  conteudoArquivoGrande: 'O arquivo passa do tamanho máximo permitido para conteúdos.',
  conteudoExtensaoDupla: 'Nomes de arquivo com extensão dupla (como aula.exe.pdf) não são aceitos. Renomeie o arquivo.',
  conteudoArquivoCorrompido: 'O arquivo parece incompleto ou corrompido. Confira o arquivo e envie novamente.',
  conteudoEnvieMultipart: 'Envie o conteúdo como formulário multipart (campos conteudo, titulo e duracao).',
  conteudoUmArquivo: 'Envie um único arquivo no campo conteudo.',
  conteudoProdutoFisico: 'Conteúdos só podem ser adicionados a produtos digitais.',
  conteudoProdutoNaoEncontrado: 'Produto não encontrado.',
  conteudoProcessando: 'Processando…',
  conteudoFalhou: 'Falha na conversão',
  conteudoEmProcessamento: 'O vídeo está sendo convertido para MP4 e ficará disponível em instantes.',
  conteudoExcluirConfirmacao: 'Excluir este conteúdo? O arquivo também será apagado.',
  conteudoNenhum: 'Nenhum conteúdo cadastrado para este produto.',
  conteudoErroCarregar: 'Erro ao carregar os conteúdos do produto.',
  conteudoSelecione: 'Selecione...',
  // Back-office: products and image uploads (docs/behaviour/back-office.md#products, #product-images)
  produtoCriado: 'Produto criado com sucesso',
  produtoAtualizado: 'Produto atualizado com sucesso!',
  /** Brand and code of a physical product (ADR 044). */
  marcaECodigo: 'Marca e código',
  marcaECodigoDetalhe: 'A marca aparece nos filtros da loja; o código (SKU) é único e aparece na página do produto.',
  marca: 'Marca',
  sku: 'Código (SKU)',
  skuAjuda: 'Letras, números, ponto, hífen ou barra; único na loja.',
  marcaLonga: 'A marca pode ter no máximo 60 caracteres.',
  skuInvalido: 'Código (SKU) inválido: use até 40 letras, números, ponto, hífen, barra ou sublinhado.',
  skuEmUso: 'Já existe um produto com este código (SKU).',
  brindeAtivoDuplicado:
    'Só pode haver um produto brinde ativo por vez. Desative o brinde atual (ou desmarque “brinde”) antes de salvar outro.',
  categoriaProdutoInexistente: 'A categoria informada não existe.',
  categoriaDeveSerDigital: 'Um produto digital precisa de uma categoria de produtos digitais.',
  categoriaDeveSerFisica: 'Um produto físico precisa de uma categoria de produtos físicos.',
  autoresInexistentes: 'Um ou mais autores informados não existem.',
  produtoComConteudosDigital:
    'Este produto tem conteúdos cadastrados e precisa continuar digital. Exclua os conteúdos antes de torná-lo físico.',
  selecioneAutor: 'Selecione um autor',
  tagVazia: 'Preencha o campo da tag',
  fichaTecnicaIncompleta: 'Preencha todos os campos da ficha técnica',
  descricaoMax255: 'A descrição pode ter no máximo 255 caracteres.',
  tempoEstimadoInvalido: 'Informe o tempo no formato HH:MM:SS (horas de 00 a 23, minutos e segundos de 00 a 59).',
  medidaInvalida: 'Informe uma medida entre 0 e 99.999, com até duas casas decimais.',
  pesoInvalido: 'Informe um peso entre 0 e 99.999 kg, com até três casas decimais.',
  autoresDemais: 'Informe no máximo 20 autores.',
  fichaTecnicaDemais: 'A ficha técnica pode ter no máximo 50 linhas.',
  tagsDemais: 'Informe no máximo 30 tags.',
  imagemHomeParametro: 'Informe true (imagem do site) ou false (imagem da galeria).',
  selecioneImagem: 'Selecione uma imagem',
  imagemAdicionada: 'Imagem adicionada com sucesso!',
  imagemExcluida: 'Imagem excluída com sucesso!',
  imagemEditada: 'Imagem editada com sucesso',
  imagemNaoEncontrada: 'Imagem não encontrada.',
  imagemVazia: 'O arquivo enviado está vazio.',
  imagemMuitoGrande: 'A imagem passa do tamanho máximo de {max}.',
  imagemNomeInvalido:
    'Nome de arquivo não aceito: use um nome com uma só extensão de imagem (.jpg, .jpeg, .jfif, .png ou .webp), como foto.jpg.',
  imagemSvgRecusada: 'Imagens SVG não são aceitas. Envie uma imagem JPEG, PNG ou WebP.',
  imagemFormatoInvalido: 'O arquivo não é uma imagem JPEG, PNG ou WebP. Envie uma imagem num desses formatos.',
  imagemCorrompida: 'Não foi possível ler a imagem: o arquivo está corrompido ou incompleto.',
  imagemDadosExtras:
    'O arquivo tem outros dados além da imagem (por exemplo, um documento ou código escondido) e foi recusado. Salve a foto novamente como JPEG, PNG ou WebP.',
  imagemPixelsDemais: 'A imagem tem pixels demais: o máximo é {max} megapixels.',
  imagemDimensoesInvalidas: 'As dimensões da imagem não são aceitas: ela é estreita ou comprida demais.',
  imagensOrdenadas: 'Ordem das imagens salva.',
  imagensOrdemNaoSalva: 'Erro ao salvar a ordem das imagens',
  imagensOrdemInvalida:
    'A ordem não foi salva: a lista mudou enquanto você a editava. Recarregue as imagens e tente de novo.',
  // Back-office: product screens (docs/behaviour/back-office.md#products, #product-images)
  produtoDigitalSemConteudo: 'Campo obrigatório para produto digital, insira pelo menos um conteúdo.',
  imagemNCadastrada: 'Imagem {n} cadastrada com sucesso',
  imagemNNaoCadastrada: 'Imagem {n} não foi cadastrada',
  conteudoNomeCadastrado: 'Conteudo: {titulo} cadastrado com sucesso',
  conteudoNomeNaoCadastrado: 'Ocorreu um erro! conteudo: {titulo} não foi cadastrado',
  imagemHomeCadastrada: 'Imagem da home cadastrada com sucesso',
  imagemHomeNaoCadastrada: 'Imagem da home não foi cadastrada',
  erroCarregarImagens: 'Erro ao carregar imagens',
  erroExcluirImagem: 'Erro ao excluir a imagem',
  produtoPrecoInvalido: 'Informe um preço válido em reais, por exemplo 49,90.',
  produtoMedidaObrigatoria: 'Informe um número maior que zero, com até duas casas decimais.',
  produtoImagemInvalida: 'Envie uma imagem JPEG, PNG ou WebP.',
  conteudoOrdemRepetida: 'Esta ordem já está em uso na lista.',
  // Back-office web: the unitários hub and forms (docs/behaviour/back-office.md#unitarys)
  erroListaAutores: 'erro ao buscar a lista de autores: ',
  erroListaCategorias: 'erro ao buscar a lista de categorias: ',
  fotoAutorTipoInvalido: 'Escolha uma foto JPEG, JPG, PNG ou WEBP.',
  // Users and access (docs/behaviour/back-office.md#users-and-access):
  usuarioCadastrado: 'Usuario cadastrado com sucesso',
  usuarioAtivoAlterado: 'ativo alterado com sucesso',
  usuarioPermissaoAlterada: 'Permissao alterada com sucesso',
  usuarioEditado: 'Usuário atualizado com sucesso',
  permissaoVazia: 'Selecione uma permissão.',
  permissaoInvalida: 'Permissão inválida: use 1 (Gerente), 2 (Cliente) ou 3 (Usuário).',
  ativoParametroInvalido: 'Informe true (ativo) ou false (inativo).',
  usuarioClienteNaoCadastra:
    'Clientes não são cadastrados aqui: o próprio cliente cria a conta na loja, com CPF ou CNPJ e endereço. Escolha Gerente ou Usuário.',
  usuarioClientePermissaoFixa:
    'A permissão de um cliente não pode ser alterada: a conta dele está ligada ao cadastro de cliente (CPF ou CNPJ e endereço).',
  usuarioEquipeNaoViraCliente: 'Um usuário da equipe não pode virar cliente. Escolha Gerente ou Usuário.',
  usuarioClienteSemEdicao:
    'Os dados de um cliente são alterados por ele mesmo, no perfil da loja. Aqui só é possível ativar ou desativar a conta.',
  usuarioUltimoGerente:
    'Este é o último gerente ativo: ele não pode ser desativado nem deixar de ser gerente. Torne outro usuário gerente antes.',
  usuarioProprioAcesso:
    'Você não pode desativar a sua própria conta nem deixar de ser gerente. Peça a outro gerente para fazer essa alteração.',
  usuarioProprioCredencial:
    'Para alterar o seu próprio e-mail ou a sua senha, use os botões “Redefinir meu e-mail” e “Redefinir minha senha” da Configuração de acesso.',
  erroListaUsuarios: 'Erro ao buscar lista de usuários: ',
  erroBuscarUsuario: 'Erro ao buscar os dados do usuário: ',
  // Clients (docs/behaviour/back-office.md#clients):
  clienteCpfCnpjFiltroInvalido: 'Informe um CPF ou CNPJ (ou parte dele) com até 14 números ou letras.',
  clienteBuscaNomeVazia: 'Informe o nome a pesquisar.',
  erroListaClientes: 'Erro ao buscar lista de clientes: ',
  erroDetalheCliente: 'Erro ao buscar os dados do cliente: ',
  erroPedidosCliente: 'Erro ao buscar os pedidos do cliente: ',
  clientesNenhumEncontrado: 'Nenhum cliente encontrado',
  clientesNenhumEncontradoTexto: 'Nenhum cliente corresponde aos filtros informados.',
  clientesNenhumCadastrado: 'Nenhum cliente cadastrado',
  clientesNenhumCadastradoTexto: 'Os clientes aparecem aqui assim que se cadastram na loja.',
  clienteSemPedidos: 'Este cliente ainda não fez pedidos.',
  clienteSemEndereco: 'Endereço não cadastrado.',
  // Staff order moves (docs/behaviour/back-office.md#orders):
  pedidoEnviado: 'Pedido marcado como enviado. O cliente recebeu o código de rastreio por e-mail.',
  pedidoEntregue: 'Pedido marcado como entregue.',
  codigoRastreioInvalido: 'Informe o código de rastreio: de 4 a 50 letras, números ou hífens, sem espaços.',
  pedidoNaoPagoNaoEnvia: 'Este pedido ainda não foi pago e não pode ser enviado.',
  pedidoJaEnviado: 'Este pedido já foi enviado.',
  pedidoJaEntregue: 'Este pedido já foi entregue.',
  pedidoCanceladoNaoEnvia: 'Este pedido foi cancelado e não pode ser enviado.',
  pedidoCanceladoNaoEntrega: 'Este pedido foi cancelado e não pode ser entregue.',
  pedidoSemEnvio:
    'Este pedido não tem produtos físicos a entregar (os produtos digitais ficam na biblioteca do cliente) e não pode ser marcado como enviado.',
  pedidoEntregarNaoEnviado: 'Só um pedido enviado pode ser marcado como entregue.',
  erroListaPedidos: 'Erro ao buscar a lista de pedidos: ',
  pedidoCancelarConfirmacao: 'Cancelar o pedido #{id}? Esta ação não pode ser desfeita.',
  pedidoEstornarConfirmacao:
    'O pedido #{id} já foi pago: cancelar estorna o pagamento de {valor} ao cliente. Esta ação não pode ser desfeita.',
  pedidoCodigoRastreioAjuda: 'O código que a transportadora informou (por exemplo, AA123456789BR nos Correios).',
  // Audit log (docs/behaviour/back-office.md#audit-log):
  auditoriaEntidadeInvalida: 'Tipo de registro inválido para o histórico de alterações.',
  auditoriaTitulo: 'Histórico de alterações',
  auditoriaVazia: 'Nenhuma alteração registrada.',
  auditoriaErro: 'Erro ao carregar o histórico de alterações: ',
  auditoriaCarregarMais: 'Carregar mais',
  // Sales dashboard (docs/behaviour/back-office.md#sales-dashboard):
  painelVendas: 'Painel de vendas',
  painelPeriodoLongo: 'Escolha um período de no máximo 366 dias.',
  painelSemVendas: 'Nenhuma venda no período.',
  painelErro: 'Erro ao carregar o painel de vendas: ',
  painelInformeDatas: 'Informe as datas de início e de fim.',
  // Discount coupons (docs/behaviour/back-office.md#coupons; ADR 025):
  cupons: 'Cupons',
  cupomCadastrado: 'Cupom cadastrado com sucesso!',
  cupomAtualizado: 'Cupom atualizado com sucesso!',
  cupomDesativadoComSucesso: 'Cupom desativado: ele não vale mais em novos pedidos.',
  cupomNaoEncontrado: 'Cupom não encontrado.',
  cupomCodigoEmUso: 'Já existe um cupom com este código.',
  cupomCodigoFormato: 'Use de 3 a 30 letras (sem acento) e números, sem espaços. Ex.: BEMVINDO10.',
  cupomTipoInvalido: 'Escolha o tipo de desconto: percentual ou valor fixo.',
  cupomEscopoInvalido: 'Escolha onde o cupom vale.',
  cupomPercentualInvalido: 'Informe um percentual de 0,01 a 100, com até duas casas decimais.',
  cupomValorZero: 'O valor do desconto deve ser maior que zero.',
  cupomValorMinimoZero: 'Informe um valor mínimo maior que zero, ou deixe o campo vazio.',
  cupomLimiteInvalido: 'Informe um número inteiro de 1 a 1.000.000, ou deixe o campo vazio.',
  cupomSemCategorias: 'Escolha ao menos uma categoria.',
  cupomSemProdutos: 'Escolha ao menos um produto.',
  cupomCategoriasDemais: 'Escolha no máximo 100 categorias.',
  cupomProdutosDemais: 'Escolha no máximo 200 produtos.',
  cupomCategoriasInexistentes:
    'Uma ou mais categorias escolhidas não existem mais. Recarregue a página e escolha de novo.',
  cupomProdutosInexistentes: 'Um ou mais produtos escolhidos não existem mais. Recarregue a página e escolha de novo.',
  cupomDesativarConfirmacao:
    'O cupom {codigo} deixará de valer em novos pedidos. Os pedidos que já o usaram não mudam. Você pode ativá-lo de novo editando o cupom.',
  erroListaCupons: 'Erro ao buscar a lista de cupons: ',
  erroUsosCupom: 'Erro ao buscar os usos do cupom: ',
  cuponsNenhumEncontrado: 'Nenhum cupom encontrado',
  cuponsNenhumEncontradoTexto: 'Nenhum cupom corresponde aos filtros informados.',
  cuponsNenhumCadastrado: 'Nenhum cupom cadastrado',
  cuponsNenhumCadastradoTexto: 'Cadastre o primeiro cupom de desconto da loja.',
  cupomSemUsos: 'Este cupom ainda não foi usado',
  cupomSemUsosTexto: 'Os pedidos que usarem o cupom aparecem aqui, com o desconto de cada um.',
  // Background jobs (the 'Tarefas' screen, ADMIN; ADR 007):
  tarefas: 'Tarefas',
  tarefaNaoEncontrada: 'Tarefa não encontrada.',
  tarefaNaoRepetivel:
    'Esta tarefa não está com falha: só uma tarefa que falhou de vez ou que está falhando pode ser tentada novamente.',
  tarefaChaveOcupada:
    'Já existe outra tarefa igual na fila (mesma chave): ela fará este trabalho, e esta não precisa ser tentada novamente.',
  tarefaRepetida: 'Tarefa colocada na fila para rodar agora.',
  tarefaTipoInvalido: 'Tipo de tarefa inválido.',
  tarefaSituacaoInvalida: 'Situação inválida: use falhando ou falhou.',
  erroListaTarefas: 'Erro ao buscar a lista de tarefas: ',
  tarefaErroDetalhe: 'Erro ao carregar a tarefa: ',
  tarefasNenhumaComFalha: 'Nenhuma tarefa com falha',
  tarefasNenhumaComFalhaTexto: 'Os e-mails, pagamentos e demais tarefas em segundo plano estão rodando normalmente.',
  tarefasNenhumaEncontrada: 'Nenhuma tarefa encontrada',
  tarefasNenhumaEncontradaTexto: 'Nenhuma tarefa com falha corresponde aos filtros informados.',
  painelTarefasDinheiro: 'Pagamentos com falha em segundo plano',
  painelTarefasVer: 'Ver tarefas',
} as const;

/**
 * The sales dashboard's notice about money jobs, in words and with plurals:
 * '2 tarefas de pagamento estão falhando e 1 falhou de vez. …'.
 */
export function avisoTarefasDinheiro(falhando: number, falhou: number): string {
  const partes = [
    ...(falhando > 0
      ? [falhando === 1 ? '1 tarefa de pagamento está falhando' : `${falhando} tarefas de pagamento estão falhando`]
      : []),
    ...(falhou > 0
      ? [
          falhando > 0
            ? `${falhou} ${falhou === 1 ? 'falhou' : 'falharam'} de vez`
            : falhou === 1
              ? '1 tarefa de pagamento falhou de vez'
              : `${falhou} tarefas de pagamento falharam de vez`,
        ]
      : []),
  ];
  return `${partes.join(' e ')}. Estornos e confirmações de pagamento podem estar atrasados.`;
}

/**
 * The background jobs' types in words (the 'Tarefas' screen); a type not
 * listed here shows its code. Add a line when a module registers a new type.
 */
export const ROTULOS_TAREFA: Readonly<Record<string, string>> = {
  'email.enviar': 'Envio de e-mail',
  'pagamento.sincronizar': 'Sincronização de pagamento',
  'pagamento.estornar': 'Estorno de pagamento',
  'pagamento.expirar-pix': 'Expiração de PIX',
  'pagamento.expirar-boleto': 'Vencimento de boleto (cancela o pedido não pago)',
  'checkout.reconciliar': 'Conferência dos pagamentos com o provedor',
  'conteudo.converter': 'Conversão de vídeo (AVI → MP4)',
  'retencao.limpar': 'Limpeza de registros antigos',
};

/** The freight services the rule may make free: the local freight table's (PAC 1, SEDEX 2), also Melhor Envio's ids. */
export const SERVICOS_FRETE = [
  { id: 1, nome: 'PAC (Correios)' },
  { id: 2, nome: 'SEDEX (Correios)' },
] as const;
