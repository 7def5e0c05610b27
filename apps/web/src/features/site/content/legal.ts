/*
 * Textos dos termos de compra (/termos) e da política de privacidade (/privacidade): docs/behaviour/site.md#terms-and-privacy,
 * ADR 035. Cada texto tem uma versão (VERSAO_TERMOS e VERSAO_PRIVACIDADE em packages/shared/src/termos.ts): ao mudar um
 * texto aqui, mude a versão dele para a data em que passa a valer. O nome, o CNPJ, o endereço e os contatos da
 * clínica vêm dos dados da empresa (tela /empresa do back-office), não deste arquivo.
 */

/** A section of a legal text: its heading, its paragraphs and, optionally, a list. */
export interface SecaoLegal {
  id: string;
  titulo: string;
  paragrafos: string[];
  lista?: string[];
}

export const TERMOS_INTRO =
  'Estas são as condições das compras feitas na loja on-line da clínica: produtos odontológicos enviados pelo correio e cursos on-line. Leia antes de comprar; ao enviar um pedido você concorda com a versão em vigor, que fica registrada no pedido.';

export const TERMOS: SecaoLegal[] = [
  {
    id: 'como-comprar',
    titulo: 'Como comprar',
    paragrafos: [
      'Escolha os produtos, coloque-os na sacola e clique em "Finalizar compra". Para comprar é preciso ter uma conta na loja.',
      'Na finalização você informa seus dados, o endereço de entrega e a forma de pagamento. Antes de enviar o pagamento, a loja mostra o resumo da compra: os itens com os preços, o frete, os descontos (PIX e cupom), o total, as condições de pagamento (parcelas e juros, quando houver), o prazo de entrega e o seu direito de arrependimento. Você pode voltar e corrigir qualquer etapa antes de enviar.',
      'Logo após o pedido você recebe um e-mail de confirmação e pode baixar o comprovante do pedido em PDF em "Meus pedidos". Guarde-o: ele traz os dados da clínica, os itens, os valores, a forma de pagamento, o endereço de entrega e a versão destes termos.',
    ],
  },
  {
    id: 'precos-e-pagamento',
    titulo: 'Preços e formas de pagamento',
    paragrafos: [
      'Os preços estão em reais e já incluem os impostos. O valor que vale é o mostrado no resumo da compra no momento do pedido. O frete é somado ao total quando há produto a enviar.',
    ],
    lista: [
      'Cartão de crédito (American Express, Elo, Hipercard, Mastercard e Visa): à vista ou parcelado. O número de parcelas, o valor de cada uma, os juros (quando houver) e o total cobrado aparecem antes de você confirmar. Os dados do cartão vão direto para a processadora de pagamentos; a loja não os guarda.',
      'PIX: à vista, com o desconto indicado na finalização. O código PIX vale por tempo limitado; depois disso você pode gerar outro no pedido.',
      'Boleto bancário, quando oferecido: à vista, com vencimento indicado no boleto. A compensação leva até 3 dias úteis.',
      'Cupom de desconto: vale conforme as condições mostradas ao aplicá-lo (validade, valor mínimo, produtos incluídos e se acumula com o desconto do PIX).',
      'O pedido é confirmado quando o pagamento é aprovado. Um pedido sem pagamento pode ser cancelado por você a qualquer momento, sem custo; um boleto vencido sem pagamento cancela o pedido.',
    ],
  },
  {
    id: 'entrega',
    titulo: 'Entrega',
    paragrafos: [
      'Os produtos físicos são enviados pelos Correios ou por transportadora ao endereço informado, em todo o Brasil. O valor do frete e o prazo de entrega, em dias úteis contados a partir da confirmação do pagamento, aparecem antes de você confirmar o pedido. Quando o pedido é enviado você recebe por e-mail o código de rastreio.',
      'Os cursos on-line ficam disponíveis na sua Biblioteca assim que o pagamento é confirmado.',
    ],
  },
  {
    id: 'arrependimento',
    titulo: 'Direito de arrependimento (desistência em 7 dias)',
    paragrafos: [
      'Você pode desistir da compra em até 7 dias corridos, contados do recebimento do produto ou, para um curso on-line, da liberação do acesso, sem precisar justificar (art. 49 do Código de Defesa do Consumidor e Decreto 7.962/2013).',
      'Como desistir: em "Meus pedidos", abra o pedido e clique em "Desistir da compra"; ou fale com a clínica pelo e-mail ou WhatsApp indicados em "Quem vende e atende", nesta página, informando o número do pedido. Confirmamos o recebimento do seu pedido de desistência na hora, pelo mesmo meio.',
      'Devolvemos todo o valor pago, inclusive o frete, pela mesma forma de pagamento: no cartão, pedimos o estorno à operadora imediatamente (ele aparece em até 2 faturas); no PIX e no boleto, o valor volta para a conta de origem ou para a conta que você indicar. A devolução do produto é por nossa conta: enviamos as instruções de postagem sem custo para você.',
    ],
  },
  {
    id: 'trocas',
    titulo: 'Trocas e produtos com defeito',
    paragrafos: [
      'Se um produto chegar com defeito, avariado ou diferente do pedido, fale conosco em até 30 dias (produtos não duráveis) ou 90 dias (produtos duráveis) do recebimento. Enviamos as instruções de postagem sem custo e, em até 30 dias, trocamos o produto, devolvemos o valor pago ou abatemos o preço, como você preferir quando o defeito não for resolvido.',
      'Por higiene e segurança, produtos de uso pessoal (escovas, kits de clareamento e similares) só são trocados lacrados, salvo defeito, ou dentro do prazo de arrependimento.',
    ],
  },
  {
    id: 'atendimento',
    titulo: 'Atendimento ao cliente',
    paragrafos: [
      'Dúvidas, reclamações, pedidos de cancelamento ou de desistência: fale com a clínica pelo e-mail ou WhatsApp indicados em "Quem vende e atende", nesta página, ou pela página de contato. Respondemos em até 5 dias.',
    ],
  },
  {
    id: 'dados-pessoais',
    titulo: 'Seus dados pessoais',
    paragrafos: [
      'Usamos os seus dados para fazer e entregar o pedido, emitir a nota fiscal e atender você, como descrito na política de privacidade.',
    ],
  },
  {
    id: 'alteracoes',
    titulo: 'Alterações destes termos',
    paragrafos: [
      'Podemos atualizar estes termos; a nova versão vale para os pedidos feitos depois dela. Cada pedido guarda a versão aceita, que aparece no comprovante do pedido. Fica eleito o foro do domicílio do consumidor.',
    ],
  },
];

export const PRIVACIDADE_INTRO =
  'Esta política explica quais dados pessoais a clínica trata na loja e no site, por quê, por quanto tempo e como você exerce os seus direitos (Lei Geral de Proteção de Dados, Lei 13.709/2018).';

export const PRIVACIDADE: SecaoLegal[] = [
  {
    id: 'dados',
    titulo: 'Quais dados tratamos e por quê',
    paragrafos: ['Tratamos só o necessário para vender, entregar, cobrar, emitir a nota fiscal e atender você:'],
    lista: [
      'Conta: nome ou razão social, e-mail, CPF ou CNPJ, inscrição estadual (empresas), telefone e senha (guardada só como um código irreversível). Para entrar na loja e identificar quem compra.',
      'Endereços: o de cadastro e os do seu catálogo de endereços. Para calcular o frete e entregar.',
      'Pedidos e pagamentos: itens, valores, endereço de entrega, quem recebe, forma de pagamento e situação. Os dados do cartão são digitados direto na processadora de pagamentos (Mercado Pago); a loja recebe só um código do cartão, nunca o número.',
      'Nota fiscal: nome, CPF ou CNPJ e endereço do comprador, enviados à Secretaria da Fazenda pelo emissor da nota.',
      'Cursos: os cursos comprados, o progresso e os certificados emitidos.',
      'Contato e avaliações: o que você escreve no formulário de contato ou numa avaliação de produto.',
      'Segurança: o endereço IP e as tentativas de entrada, para limitar abusos e proteger a sua conta.',
    ],
  },
  {
    id: 'bases-legais',
    titulo: 'Bases legais',
    paragrafos: ['Cada tratamento tem uma base legal da LGPD (art. 7º):'],
    lista: [
      'Execução do contrato de compra: conta, endereços, pedidos, pagamentos, entrega e cursos.',
      'Cumprimento de obrigação legal: nota fiscal e registros fiscais e contábeis.',
      'Consentimento: e-mails de ofertas e novidades, só se você marcar "Quero receber ofertas e novidades por e-mail"; você pode desmarcar quando quiser.',
      'Legítimo interesse: segurança da conta e prevenção a fraudes.',
    ],
  },
  {
    id: 'compartilhamento',
    titulo: 'Com quem compartilhamos',
    paragrafos: [
      'Só com quem precisa dos dados para a compra acontecer: a processadora de pagamentos (Mercado Pago), os Correios e transportadoras (pela Melhor Envio), o emissor de notas fiscais e a Secretaria da Fazenda, e o serviço que envia os nossos e-mails. Não vendemos nem alugamos dados pessoais.',
    ],
  },
  {
    id: 'retencao',
    titulo: 'Por quanto tempo guardamos',
    paragrafos: [
      'Os dados da conta ficam enquanto ela existir. Os pedidos e as notas fiscais são guardados pelo prazo que a legislação tributária exige (5 anos a partir do ano seguinte ao da venda), mesmo que você exclua a conta. Os demais dados são apagados ou anonimizados quando deixam de ser necessários ou quando você exclui a conta.',
    ],
  },
  {
    id: 'direitos',
    titulo: 'Seus direitos e como exercê-los',
    paragrafos: [
      'Você pode pedir a confirmação de que tratamos seus dados, o acesso a eles, a correção, a portabilidade, a anonimização ou eliminação do que não for obrigatório guardar, a informação sobre com quem compartilhamos e a revogação do consentimento (LGPD, art. 18).',
      'No seu perfil: corrija os seus dados; use "Baixar meus dados" para receber uma cópia deles; use "Excluir minha conta" para encerrar a conta; e desmarque os e-mails de ofertas (ou use o link "descadastrar" no fim de cada um). Para qualquer outro pedido, escreva para o e-mail da clínica indicado em "Quem vende e atende", nesta página; respondemos em até 15 dias. Você também pode reclamar à Autoridade Nacional de Proteção de Dados (ANPD).',
    ],
  },
  {
    id: 'navegador',
    titulo: 'O que fica guardado no seu navegador',
    paragrafos: [
      'A loja não usa cookies, nem cookies de rastreamento, publicidade ou estatística de terceiros. Ela guarda no armazenamento local do navegador (localStorage) apenas o necessário para funcionar, e nada disso é enviado a terceiros:',
    ],
  },
  {
    id: 'seguranca',
    titulo: 'Segurança',
    paragrafos: [
      'O site só funciona por conexão segura (HTTPS), as senhas são guardadas como código irreversível e cada pessoa vê só os próprios pedidos e dados. Se acontecer um incidente que possa afetar você, avisaremos você e a ANPD.',
    ],
  },
  {
    id: 'alteracoes',
    titulo: 'Alterações desta política',
    paragrafos: ['Quando esta política mudar, a nova versão e a data dela aparecem no topo desta página.'],
  },
];

/**
 * Each key the store keeps in the browser's localStorage and why (apps/web/src/lib/storage.ts STORAGE_KEYS; a unit
 * test keeps both lists the same). The store sets no cookie.
 */
export const ARMAZENAMENTO_NAVEGADOR: Array<{ chave: string; para: string }> = [
  { chave: '@Token', para: 'A sua sessão: mantém você conectado até sair da conta ou a sessão expirar.' },
  { chave: '@authUser', para: 'Seu nome e tipo de conta, para mostrar o seu menu.' },
  { chave: '@shoppingCartItems', para: 'Os itens da sua sacola, também para quem ainda não entrou na conta.' },
  {
    chave: '@sacolaServidor',
    para: 'A cópia da sacola guardada na sua conta, para ela ser a mesma em todos os aparelhos.',
  },
  { chave: '@cupomSacola', para: 'O cupom de desconto aplicado à sacola.' },
  { chave: '@cepFrete', para: 'O último CEP em que você calculou o frete, para não precisar digitá-lo de novo.' },
  {
    chave: '@checkoutTentativa',
    para: 'A compra em andamento, para que um clique repetido ou uma página recarregada não crie um segundo pedido.',
  },
  { chave: '@pedidosVistos', para: 'Os pedidos já tirados da sacola neste aparelho.' },
  {
    chave: '@vistosRecentemente',
    para: 'Os últimos produtos que você viu neste aparelho, mostrados de novo na página de um produto.',
  },
];
