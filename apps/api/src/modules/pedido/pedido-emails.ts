/**
 * The customer's order e-mails (docs/behaviour/orders.md#order-e-mails, ADR 030), all on the clinic's one layout
 * (integrations/mail/templates.ts renderEmail): received, confirmed (a card approved at once), payment approved,
 * refused, PIX expired, cancelled, refunded, course ready, shipped and delivered. Each carries the order's summary
 * block where it helps. Pure: the data come from the order's rows (pedido-situacao.repository.ts colunasEmail) and
 * the links from PUBLIC_URL; who sends them and when is pedido-avisos.ts.
 */
import { FUSO_CLINICA } from '@clinica/shared/clinic-day';
import { formatInstallmentPlan, type InstallmentPlan } from '@clinica/shared/installment-plan';
import { maskCep } from '@clinica/shared/masks';
import { MSG_NFE } from '@clinica/shared/messages-nfe';
import { MSG_TERMOS } from '@clinica/shared/messages-termos';
import { formatBRL, type Cents } from '@clinica/shared/money';
import { renderEmail, type BlocoEmail, type EmailRenderizado } from '../../integrations/mail/templates.js';
import { urlRastreio } from './pedido-rastreio.js';

/** An order as its e-mails show it (read with the order's rows: colunasEmail). */
export interface PedidoParaEmail {
  id: number;
  /** The customer's user id: the order page's path is /orders/{usuarioId}. */
  usuarioId: number | null;
  /** The buyer's e-mail given at checkout, else the account's. */
  email: string | null;
  nome: string | null;
  itens: Array<{
    produtoId: number;
    nome: string;
    quantidade: number;
    valorTotal: Cents;
    brinde: boolean;
    digital: boolean;
  }>;
  valorProdutos: Cents;
  valorFrete: Cents;
  descontoPix: Cents;
  cupomCodigo: string | null;
  descontoCupom: Cents;
  freteGratis: boolean;
  valorTotal: Cents;
  /** A card's installments (null by PIX or boleto). */
  parcelamento: InstallmentPlan | null;
  /** The delivery address; null for an order of courses only. */
  endereco: {
    recebedor: string | null;
    logradouro: string;
    numero: string;
    complemento: string | null;
    bairro: string;
    cep: string;
    cidade: string;
    uf: string;
  } | null;
  entrega: { transportadora: string | null; servico: string | null; prazoDias: number | null } | null;
}

/** The store's pages the e-mails link to, absolute from PUBLIC_URL (relative when it is not set: demo only). */
export function linksDaLoja(publicUrl: string | undefined) {
  const base = publicUrl ?? '';
  return {
    /** The customer's order list, filtered to this order (the order page of the routes, /orders/{id}). */
    pedido: (p: Pick<PedidoParaEmail, 'id' | 'usuarioId'>) =>
      p.usuarioId !== null ? `${base}/orders/${p.usuarioId}?idPedido=${p.id}` : `${base}/loja`,
    biblioteca: `${base}/library`,
    salaDeAula: (produtoId: number) => `${base}/classRoom/${produtoId}`,
    loja: `${base}/loja`,
    /** The terms of purchase (ADR 035). */
    termos: `${base}/termos`,
  };
}
export type LinksDaLoja = ReturnType<typeof linksDaLoja>;

export type TipoPagamentoEmail = 'pix' | 'boleto' | 'credit';

const saudacao = (nome: string | null) => (nome?.trim() ? `Olá, ${nome.trim()}!` : 'Olá!');
const dias = (n: number) => (n === 1 ? '1 dia útil' : `${n} dias úteis`);
const menos = (c: Cents) => `−${formatBRL(c)}`;

/** Built once: an Intl formatter costs far more to make than to use (every order's e-mail formats a date). */
const FORMATO_DATA_HORA = new Intl.DateTimeFormat('pt-BR', {
  timeZone: FUSO_CLINICA,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const dataHora = (d: Date) => FORMATO_DATA_HORA.format(d).replace(', ', ' às ');

/** '2025-05-12' → '12/05/2025'. */
const diaBR = (dia: string) => dia.split('-').reverse().join('/');

const BANDEIRAS: Record<string, string> = {
  master: 'Mastercard',
  visa: 'Visa',
  elo: 'Elo',
  amex: 'American Express',
  hipercard: 'Hipercard',
};

/** 'Cartão de crédito Mastercard final 6351', 'PIX', 'Boleto'. */
function formaDePagamento(tipo: TipoPagamentoEmail, cartao?: { bandeira: string | null; final: string | null }) {
  if (tipo === 'pix') return 'PIX';
  if (tipo === 'boleto') return 'Boleto bancário';
  const bandeira = cartao?.bandeira ? (BANDEIRAS[cartao.bandeira] ?? null) : null;
  return ['Cartão de crédito', bandeira, cartao?.final ? `final ${cartao.final}` : null].filter(Boolean).join(' ');
}

/** The order's items and totals: products, coupon, PIX discount, freight (or 'Grátis'), total and installments. */
function resumoDoPedido(p: PedidoParaEmail): BlocoEmail {
  const totais: Array<{ rotulo: string; valor: string; destaque?: boolean }> = [
    { rotulo: 'Subtotal dos produtos', valor: formatBRL(p.valorProdutos) },
  ];
  if (p.cupomCodigo && p.descontoCupom > 0)
    totais.push({ rotulo: `Cupom ${p.cupomCodigo}`, valor: menos(p.descontoCupom) });
  if (p.descontoPix > 0) totais.push({ rotulo: 'Desconto PIX', valor: menos(p.descontoPix) });
  if (p.endereco || p.valorFrete > 0 || p.freteGratis) {
    totais.push({ rotulo: 'Frete', valor: p.freteGratis || p.valorFrete === 0 ? 'Grátis' : formatBRL(p.valorFrete) });
  }
  totais.push({ rotulo: 'Total', valor: formatBRL(p.valorTotal), destaque: true });
  if (p.parcelamento && p.parcelamento.parcelas > 1) {
    totais.push({ rotulo: 'No cartão', valor: formatInstallmentPlan(p.parcelamento) });
  }
  return {
    tipo: 'itens',
    titulo: `Resumo do pedido #${p.id}`,
    linhas: p.itens.map((i) => ({
      descricao: i.digital ? `${i.nome} (curso on-line)` : i.nome,
      quantidade: i.quantidade,
      valor: i.brinde ? 'Brinde' : formatBRL(i.valorTotal),
    })),
    totais,
  };
}

/** The delivery address and freight option, when the order ships something. */
function entregaDoPedido(p: PedidoParaEmail): BlocoEmail[] {
  const e = p.endereco;
  if (!e) return [];
  const envio = p.entrega ? [p.entrega.transportadora, p.entrega.servico].filter(Boolean).join(' – ') : '';
  return [
    {
      tipo: 'dados',
      titulo: 'Entrega',
      pares: [
        ...(e.recebedor ? [{ rotulo: 'Recebedor', valor: e.recebedor }] : []),
        {
          rotulo: 'Endereço',
          valor:
            `${e.logradouro}, ${e.numero}${e.complemento ? ` – ${e.complemento}` : ''}\n` +
            `${e.bairro} – ${e.cidade}/${e.uf}\nCEP ${maskCep(e.cep)}`,
        },
        ...(envio ? [{ rotulo: 'Envio', valor: envio }] : []),
        ...(p.entrega?.prazoDias ? [{ rotulo: 'Prazo estimado', valor: `até ${dias(p.entrega.prazoDias)}` }] : []),
      ],
    },
  ];
}

const RODAPE_PEDIDO = 'Você acompanha este pedido em Lista de pedidos, na sua conta da loja.';

/** How a new order is paid, as the 'received' e-mail explains it. */
export type PagamentoRecebido =
  | { tipo: 'pix'; codigo: string; expiraEm: Date }
  | { tipo: 'boleto'; linhaDigitavel: string; vencimento: string; pdfUrl: string | null }
  | { tipo: 'credit'; emAnalise: true };

/** 'Order received': the summary, the delivery address and how to pay (PIX code, boleto line, or a card in review). */
export function pedidoRecebidoEmail(p: PedidoParaEmail, pag: PagamentoRecebido, links: LinksDaLoja): EmailRenderizado {
  const comoPagar: BlocoEmail[] =
    pag.tipo === 'pix'
      ? [
          {
            tipo: 'texto',
            texto: `Pague com PIX até ${dataHora(pag.expiraEm)} (horário de Brasília): copie o código abaixo e cole no app do seu banco, em "PIX Copia e Cola". Depois desse horário o código expira.`,
          },
          { tipo: 'codigo', titulo: 'PIX Copia e Cola', valor: pag.codigo },
        ]
      : pag.tipo === 'boleto'
        ? [
            {
              tipo: 'dados',
              titulo: 'Boleto bancário',
              pares: [
                { rotulo: 'Valor', valor: formatBRL(p.valorTotal) },
                { rotulo: 'Vencimento', valor: diaBR(pag.vencimento) },
              ],
            },
            { tipo: 'codigo', titulo: 'Linha digitável', valor: pag.linhaDigitavel },
            {
              tipo: 'texto',
              texto:
                'Pague no app ou site do seu banco, em lotéricas ou agências. A compensação do boleto leva até 3 dias úteis.',
            },
          ]
        : [
            {
              tipo: 'texto',
              texto:
                'O pagamento no cartão está em análise pela operadora. Avisaremos por e-mail assim que ele for aprovado.',
            },
          ];
  const acao =
    pag.tipo === 'boleto' && pag.pdfUrl
      ? { rotulo: 'Baixar o boleto (PDF)', url: pag.pdfUrl }
      : {
          rotulo:
            pag.tipo === 'pix' ? 'Ver o pedido e o QR Code' : pag.tipo === 'boleto' ? 'Ver o boleto' : 'Ver o pedido',
          url: links.pedido(p),
        };
  return renderEmail({
    assunto: `Recebemos seu pedido #${p.id}`,
    titulo: 'Pedido recebido!',
    paragrafos: [
      saudacao(p.nome),
      pag.tipo === 'credit'
        ? `Recebemos o seu pedido #${p.id}. Veja abaixo o resumo.`
        : `Recebemos o seu pedido #${p.id}. Ele será confirmado assim que o pagamento for aprovado; veja abaixo como pagar e o resumo do pedido.`,
    ],
    blocos: [...comoPagar, resumoDoPedido(p), ...entregaDoPedido(p), ...comprovanteDoPedido(p, links)],
    acao,
    rodape: RODAPE_PEDIDO,
  });
}

/**
 * Where the order's confirmation is kept (ADR 035): its PDF is downloaded from the order's dialog (the download needs
 * the customer's session, so the e-mail links to the order), and the terms of purchase accepted.
 */
function comprovanteDoPedido(p: PedidoParaEmail, links: LinksDaLoja): BlocoEmail[] {
  return [
    {
      tipo: 'texto',
      texto: `Guarde o comprovante do pedido: abra o pedido #${p.id} em "Meus pedidos" e clique em "${MSG_TERMOS.comprovante}". Ele traz os itens, os valores, a forma de pagamento, o endereço de entrega, a versão dos termos de compra aceita e o seu direito de desistir da compra em até 7 dias.`,
    },
    {
      tipo: 'links',
      links: [
        { rotulo: MSG_TERMOS.comprovante, url: links.pedido(p) },
        { rotulo: MSG_TERMOS.termosDeCompra, url: links.termos },
      ],
    },
  ];
}

/** A payment as its receipt shows it. */
export interface PagamentoEmail {
  tipo: TipoPagamentoEmail;
  valor: Cents;
  aprovadoEm: Date | null;
  parcelamento: InstallmentPlan | null;
  bandeira: string | null;
  final: string | null;
}

function recibo(pag: PagamentoEmail): BlocoEmail {
  return {
    tipo: 'dados',
    titulo: 'Pagamento',
    pares: [
      { rotulo: 'Valor pago', valor: formatBRL(pag.valor) },
      { rotulo: 'Forma de pagamento', valor: formaDePagamento(pag.tipo, { bandeira: pag.bandeira, final: pag.final }) },
      ...(pag.parcelamento ? [{ rotulo: 'Parcelamento', valor: formatInstallmentPlan(pag.parcelamento) }] : []),
      ...(pag.aprovadoEm ? [{ rotulo: 'Aprovado em', valor: dataHora(pag.aprovadoEm) }] : []),
    ],
  };
}

/** What happens next to a paid order: shipping, the library, or both. */
function proximosPassos(p: PedidoParaEmail): string {
  const fisico = p.itens.some((i) => !i.digital);
  const digital = p.itens.some((i) => i.digital);
  if (fisico && digital) {
    return 'Os cursos já estão na sua Biblioteca; os produtos serão separados e enviados, e você recebe o código de rastreio por e-mail.';
  }
  if (digital) return 'Os cursos já estão na sua Biblioteca.';
  return 'Agora vamos separar e enviar os produtos; você recebe o código de rastreio por e-mail assim que o pedido sair.';
}

/** A card approved at once at checkout: 'received' and 'approved' in one message (ADR 030). */
export function pedidoConfirmadoEmail(p: PedidoParaEmail, pag: PagamentoEmail, links: LinksDaLoja): EmailRenderizado {
  return renderEmail({
    assunto: `Pedido #${p.id} confirmado`,
    titulo: 'Pedido confirmado!',
    paragrafos: [
      saudacao(p.nome),
      `Recebemos o seu pedido #${p.id} e o pagamento foi aprovado. Obrigado pela compra!`,
      proximosPassos(p),
    ],
    blocos: [recibo(pag), resumoDoPedido(p), ...entregaDoPedido(p)],
    acao: { rotulo: 'Ver o pedido', url: links.pedido(p) },
    rodape: RODAPE_PEDIDO,
  });
}

/** The receipt of an order paid after it was received (a PIX paid, a boleto compensated, a card on a later attempt). */
export function pagamentoAprovadoEmail(p: PedidoParaEmail, pag: PagamentoEmail, links: LinksDaLoja): EmailRenderizado {
  return renderEmail({
    assunto: `Pagamento aprovado – pedido #${p.id}`,
    titulo: 'Pagamento aprovado',
    paragrafos: [saudacao(p.nome), `Recebemos o pagamento do pedido #${p.id}. Obrigado!`, proximosPassos(p)],
    blocos: [recibo(pag), resumoDoPedido(p)],
    acao: { rotulo: 'Ver o pedido', url: links.pedido(p) },
    rodape: 'Guarde este e-mail como comprovante. ' + RODAPE_PEDIDO,
  });
}

/** Mercado Pago's refusal details (status_detail) as the customer reads them. */
const MOTIVOS_RECUSA: Record<string, string> = {
  cc_rejected_insufficient_amount: 'saldo ou limite insuficiente.',
  cc_rejected_bad_filled_security_code: 'código de segurança (CVV) inválido.',
  cc_rejected_bad_filled_date: 'data de validade inválida.',
  cc_rejected_bad_filled_card_number: 'número do cartão inválido.',
  cc_rejected_bad_filled_other: 'algum dado do cartão está incorreto.',
  cc_rejected_call_for_authorize:
    'o banco emissor pede que você autorize o pagamento; ligue para o banco e tente de novo.',
  cc_rejected_card_disabled: 'o cartão não está ativo; fale com o banco emissor.',
  cc_rejected_duplicated_payment: 'já houve um pagamento igual há pouco.',
  cc_rejected_high_risk: 'recusado pela análise de segurança.',
  cc_rejected_max_attempts: 'limite de tentativas atingido; use outro cartão.',
  cc_rejected_blacklist: 'o cartão não pôde ser aceito.',
  cc_rejected_card_error: 'o cartão não pôde ser processado.',
  cc_rejected_invalid_installments: 'o cartão não aceita esse número de parcelas.',
  cc_rejected_other_reason: 'recusado pelo banco emissor.',
  cc_rejected_invalid_token: 'os dados do cartão não puderam ser validados.',
};

/** The refusal reason in pt-BR for a provider's detail, or null when it gives none we know. */
export const motivoDaRecusa = (detalhe: string | null): string | null =>
  detalhe ? (MOTIVOS_RECUSA[detalhe] ?? null) : null;

/** 'Payment refused', with the reason when the provider gives one and the link to pay again. */
export function pagamentoRecusadoEmail(
  p: PedidoParaEmail,
  pag: { tipo: TipoPagamentoEmail; statusDetalhe: string | null },
  links: LinksDaLoja,
): EmailRenderizado {
  const motivo = motivoDaRecusa(pag.statusDetalhe);
  return renderEmail({
    assunto: `Pagamento não aprovado – pedido #${p.id}`,
    titulo: 'Pagamento não aprovado',
    paragrafos: [
      saudacao(p.nome),
      `O pagamento do pedido #${p.id} (${formaDePagamento(pag.tipo)}) não foi aprovado.`,
      ...(motivo ? [`Motivo informado: ${motivo}`] : []),
      'O pedido continua aberto: você pode pagar de novo com outro cartão, por PIX ou por boleto, pelo botão abaixo.',
    ],
    blocos: [resumoDoPedido(p)],
    acao: { rotulo: 'Pagar novamente', url: links.pedido(p) },
    rodape: 'Nenhum valor foi cobrado por este pagamento. ' + RODAPE_PEDIDO,
  });
}

/** A PIX charge that ran out before it was paid: the order stays open and can be paid again. */
export function pixExpiradoEmail(p: PedidoParaEmail, links: LinksDaLoja): EmailRenderizado {
  return renderEmail({
    assunto: `O PIX do pedido #${p.id} expirou`,
    titulo: 'O código PIX expirou',
    paragrafos: [
      saudacao(p.nome),
      `O código PIX do pedido #${p.id} expirou sem pagamento e não pode mais ser usado.`,
      'O pedido continua aberto: gere um novo PIX ou pague com cartão ou boleto na página do pedido.',
    ],
    blocos: [resumoDoPedido(p)],
    acao: { rotulo: 'Pagar o pedido', url: links.pedido(p) },
    rodape: 'Se não quiser mais o pedido, você pode cancelá-lo na mesma página. Nenhum valor foi cobrado.',
  });
}

/** Why an order was cancelled. */
export type MotivoCancelamento = 'CLIENTE' | 'EQUIPE' | 'BOLETO_VENCIDO' | 'CURSO_JA_ADQUIRIDO';

const MOTIVOS_CANCELAMENTO: Record<MotivoCancelamento, (id: number) => string> = {
  CLIENTE: (id) => `O pedido #${id} foi cancelado, como você pediu.`,
  EQUIPE: (id) => `O pedido #${id} foi cancelado pela equipe da clínica.`,
  BOLETO_VENCIDO: (id) => `O pedido #${id} foi cancelado porque o boleto venceu sem pagamento.`,
  CURSO_JA_ADQUIRIDO: (id) =>
    `O pedido #${id} foi cancelado porque traz um curso que você já tem na sua Biblioteca. O valor pago será estornado, e avisaremos por e-mail quando o estorno for confirmado.`,
};

/** 'Order cancelled', saying by whom or why. */
export function pedidoCanceladoEmail(
  p: PedidoParaEmail,
  motivo: MotivoCancelamento,
  links: LinksDaLoja,
): EmailRenderizado {
  return renderEmail({
    assunto: `Pedido #${p.id} cancelado`,
    titulo: 'Pedido cancelado',
    paragrafos: [
      saudacao(p.nome),
      MOTIVOS_CANCELAMENTO[motivo](p.id),
      ...(motivo === 'CURSO_JA_ADQUIRIDO' ? [] : ['Nenhum valor foi cobrado por este pedido.']),
      'Se quiser, é só fazer um novo pedido na loja.',
    ],
    blocos: [resumoDoPedido(p)],
    acao: { rotulo: 'Ir para a loja', url: links.loja },
    rodape: 'Dúvidas? Fale com a clínica pelos nossos canais de atendimento.',
  });
}

/** 'Payment refunded': the amount, the method and where the money goes back to. */
export function pedidoEstornadoEmail(p: PedidoParaEmail, pag: PagamentoEmail, links: LinksDaLoja): EmailRenderizado {
  const onde =
    pag.tipo === 'credit'
      ? 'O estorno aparece na fatura do cartão em até 2 faturas, conforme o banco emissor.'
      : pag.tipo === 'pix'
        ? 'O valor volta para a conta que fez o PIX, normalmente em poucos minutos.'
        : 'O valor volta para a conta de onde saiu o pagamento do boleto, em até 10 dias úteis.';
  return renderEmail({
    assunto: `Estorno do pedido #${p.id}`,
    titulo: 'Pagamento estornado',
    paragrafos: [
      saudacao(p.nome),
      `Estornamos ${formatBRL(pag.valor)} do pedido #${p.id}, pago com ${formaDePagamento(pag.tipo, { bandeira: pag.bandeira, final: pag.final })}. O pedido foi cancelado.`,
      onde,
    ],
    blocos: [
      {
        tipo: 'dados',
        titulo: 'Estorno',
        pares: [
          { rotulo: 'Valor estornado', valor: formatBRL(pag.valor) },
          {
            rotulo: 'Forma de pagamento',
            valor: formaDePagamento(pag.tipo, { bandeira: pag.bandeira, final: pag.final }),
          },
        ],
      },
      resumoDoPedido(p),
    ],
    acao: { rotulo: 'Ver o pedido', url: links.pedido(p) },
    rodape: 'Dúvidas? Fale com a clínica pelos nossos canais de atendimento.',
  });
}

/** 'Your course is in your library': the paid order's courses, each with its classroom link, and the library. */
export function cursoProntoEmail(p: PedidoParaEmail, links: LinksDaLoja): EmailRenderizado {
  const cursos = p.itens.filter((i) => i.digital);
  const um = cursos.length === 1;
  return renderEmail({
    assunto: um ? 'Seu curso já está na sua Biblioteca' : 'Seus cursos já estão na sua Biblioteca',
    titulo: um ? 'Seu curso já está na sua Biblioteca' : 'Seus cursos já estão na sua Biblioteca',
    paragrafos: [
      saudacao(p.nome),
      `O pagamento do pedido #${p.id} foi aprovado e ${um ? 'o curso abaixo já pode ser assistido' : 'os cursos abaixo já podem ser assistidos'}, quando e onde você quiser.`,
    ],
    blocos: [
      {
        tipo: 'links',
        titulo: um ? 'Seu curso' : 'Seus cursos',
        links: cursos.map((c) => ({ rotulo: c.nome, url: links.salaDeAula(c.produtoId) })),
      },
    ],
    acao: um
      ? { rotulo: 'Começar o curso', url: links.salaDeAula(cursos[0]!.produtoId) }
      : { rotulo: 'Abrir a Biblioteca', url: links.biblioteca },
    rodape: 'Os cursos ficam na Biblioteca da sua conta, com o seu progresso e o certificado ao concluir.',
  });
}

/** "Your order is on its way": carrier and service, tracking code and, when known, the tracking page; the summary. */
export function pedidoEnviadoEmail(
  p: PedidoParaEmail,
  codigo: string,
  links: LinksDaLoja,
  /** NF-e (ADR 031): the order's issued invoice, named in the e-mail; its DANFE is on the order's page (owner-only). */
  notaFiscal: { numero: number } | null = null,
): EmailRenderizado {
  const url = urlRastreio(codigo);
  const envio = p.entrega ? [p.entrega.transportadora, p.entrega.servico].filter(Boolean).join(' – ') : '';
  return renderEmail({
    assunto: `Seu pedido #${p.id} foi enviado`,
    titulo: 'Seu pedido está a caminho!',
    paragrafos: [
      saudacao(p.nome),
      `O pedido #${p.id} (total de ${formatBRL(p.valorTotal)}) foi enviado${envio ? ` por ${envio}` : ''}.`,
      ...(p.parcelamento && p.parcelamento.parcelas > 1
        ? [`Pagamento no cartão: ${formatInstallmentPlan(p.parcelamento)}.`]
        : []),
      `Código de rastreio: ${codigo}`,
      ...(notaFiscal ? [MSG_NFE.emailNota.replace('{numero}', String(notaFiscal.numero))] : []),
      ...(p.entrega?.prazoDias ? [`Prazo estimado de entrega: até ${dias(p.entrega.prazoDias)}.`] : []),
      url
        ? 'Acompanhe a entrega pelo botão abaixo ou no site da transportadora.'
        : 'Acompanhe a entrega com este código no site da transportadora.',
    ],
    blocos: [resumoDoPedido(p), ...entregaDoPedido(p)],
    acao: url ? { rotulo: 'Rastrear pedido', url } : { rotulo: 'Ver o pedido', url: links.pedido(p) },
    rodape: RODAPE_PEDIDO,
  });
}

/** "Your order was delivered". */
export function pedidoEntregueEmail(p: PedidoParaEmail, links: LinksDaLoja): EmailRenderizado {
  return renderEmail({
    assunto: `Seu pedido #${p.id} foi entregue`,
    titulo: 'Pedido entregue',
    paragrafos: [
      saudacao(p.nome),
      `O pedido #${p.id} foi entregue. Esperamos que você goste!`,
      'Se algo não chegou como esperado, fale com a clínica pelos nossos canais de atendimento.',
    ],
    blocos: [resumoDoPedido(p)],
    acao: { rotulo: 'Ver o pedido', url: links.pedido(p) },
    rodape: 'Você pode avaliar os produtos na página de cada um, na loja.',
  });
}

/**
 * 'Withdrawal received' (the right of withdrawal, ADR 036): what happens next. A course's access has ended and the
 * refund of the whole amount was asked for; goods: the clinic sends the return instructions, the store pays the
 * return's freight, and the whole amount (products and freight) comes back once the goods arrive.
 */
export function desistenciaRecebidaEmail(
  p: PedidoParaEmail,
  links: LinksDaLoja,
  motivo: string | null,
): EmailRenderizado {
  const produtos = p.itens.some((i) => !i.digital);
  return renderEmail({
    assunto: `Recebemos sua desistência – pedido #${p.id}`,
    titulo: 'Desistência registrada',
    paragrafos: [
      saudacao(p.nome),
      `Registramos a sua desistência do pedido #${p.id}, dentro do prazo de 7 dias do direito de arrependimento (Código de Defesa do Consumidor, art. 49).`,
      ...(produtos
        ? [
            'Próximos passos: a clínica vai enviar as instruções para a devolução dos produtos. O frete da devolução é por nossa conta.',
            `Assim que os produtos chegarem à clínica, devolvemos o valor total de ${formatBRL(p.valorTotal)}, incluindo o frete, pelo mesmo meio de pagamento.`,
          ]
        : [
            `O acesso ${p.itens.filter((i) => i.digital).length === 1 ? 'ao curso' : 'aos cursos'} deste pedido foi encerrado e o estorno do valor total de ${formatBRL(p.valorTotal)} já foi pedido ao meio de pagamento.`,
            'Avisaremos por e-mail quando o estorno for confirmado.',
          ]),
      ...(motivo ? [`Motivo informado: ${motivo}`] : []),
    ],
    blocos: [resumoDoPedido(p)],
    acao: { rotulo: 'Ver o pedido', url: links.pedido(p) },
    rodape: 'Dúvidas? Fale com a clínica pelos nossos canais de atendimento.',
  });
}

/** 'Course access ended': the withdrawn order's courses left the library and their certificates stopped counting. */
export function acessoCursoEncerradoEmail(p: PedidoParaEmail, links: LinksDaLoja): EmailRenderizado {
  const cursos = p.itens.filter((i) => i.digital);
  const um = cursos.length === 1;
  return renderEmail({
    assunto: um ? 'Acesso ao curso encerrado' : 'Acesso aos cursos encerrado',
    titulo: um ? 'Acesso ao curso encerrado' : 'Acesso aos cursos encerrado',
    paragrafos: [
      saudacao(p.nome),
      `Com a desistência do pedido #${p.id}, ${um ? 'o curso abaixo saiu' : 'os cursos abaixo saíram'} da sua Biblioteca.`,
      'Um certificado já emitido para esse conteúdo deixa de valer: a página pública de verificação passa a mostrá-lo como revogado.',
      'Se quiser fazer o curso no futuro, é só comprá-lo de novo na loja.',
    ],
    blocos: [
      {
        tipo: 'dados',
        titulo: um ? 'Curso' : 'Cursos',
        pares: cursos.map((c) => ({ rotulo: 'Curso', valor: c.nome })),
      },
    ],
    acao: { rotulo: 'Ir para a loja', url: links.loja },
    rodape: 'Dúvidas? Fale com a clínica pelos nossos canais de atendimento.',
  });
}

/** 'Return received': the staff recorded the returned goods' arrival; the whole amount's refund was asked for. */
export function devolucaoRecebidaEmail(p: PedidoParaEmail, links: LinksDaLoja): EmailRenderizado {
  return renderEmail({
    assunto: `Recebemos a devolução do pedido #${p.id}`,
    titulo: 'Devolução recebida',
    paragrafos: [
      saudacao(p.nome),
      `Os produtos do pedido #${p.id} chegaram à clínica.`,
      `Já pedimos o estorno do valor total de ${formatBRL(p.valorTotal)} (produtos e frete) ao meio de pagamento. Avisaremos por e-mail quando ele for confirmado.`,
    ],
    blocos: [resumoDoPedido(p)],
    acao: { rotulo: 'Ver o pedido', url: links.pedido(p) },
    rodape: 'Dúvidas? Fale com a clínica pelos nossos canais de atendimento.',
  });
}
