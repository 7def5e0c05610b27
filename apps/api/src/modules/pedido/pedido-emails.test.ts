/**
 * The order e-mails' templates (pedido-emails.ts, docs/behaviour/orders.md#order-e-mails): every value escaped in
 * the HTML, the text and the HTML carrying the same facts, money in pt-BR.
 */
import { describe, expect, it } from 'vitest';
import { CLINICA_NOME, LOGO_CID, type EmailRenderizado } from '../../integrations/mail/templates.js';
import {
  cursoProntoEmail,
  linksDaLoja,
  motivoDaRecusa,
  pagamentoAprovadoEmail,
  pagamentoRecusadoEmail,
  pedidoCanceladoEmail,
  pedidoConfirmadoEmail,
  pedidoEntregueEmail,
  pedidoEnviadoEmail,
  pedidoEstornadoEmail,
  pedidoRecebidoEmail,
  pixExpiradoEmail,
  type PagamentoEmail,
  type PedidoParaEmail,
} from './pedido-emails.js';

const links = linksDaLoja('https://loja.sorrisopleno.com.br');
const MAL = '<img src=x onerror=alert(1)> & "Cia"';

const pedido = (over: Partial<PedidoParaEmail> = {}): PedidoParaEmail => ({
  id: 1234,
  usuarioId: 7,
  email: 'maria@exemplo.com.br',
  nome: 'Maria Silva',
  itens: [
    { produtoId: 1, nome: 'Espelho bucal', quantidade: 2, valorTotal: 4980, brinde: false, digital: false },
    { produtoId: 2, nome: 'Kit de brinde', quantidade: 1, valorTotal: 0, brinde: true, digital: false },
    {
      produtoId: 3,
      nome: 'Biossegurança no consultório',
      quantidade: 1,
      valorTotal: 119700,
      brinde: false,
      digital: true,
    },
  ],
  valorProdutos: 124680,
  valorFrete: 1590,
  descontoPix: 5984,
  cupomCodigo: 'BEMVINDO10',
  descontoCupom: 12468,
  freteGratis: false,
  valorTotal: 107818,
  parcelamento: null,
  endereco: {
    recebedor: 'Maria Silva',
    logradouro: 'Avenida Paulista',
    numero: '1000',
    complemento: 'Sala 12',
    bairro: 'Bela Vista',
    cep: '01310100',
    cidade: 'São Paulo',
    uf: 'SP',
  },
  entrega: { transportadora: 'Correios', servico: 'PAC', prazoDias: 7 },
  ...over,
});

const cartao: PagamentoEmail = {
  tipo: 'credit',
  valor: 106788,
  aprovadoEm: new Date('2025-05-12T17:32:00Z'),
  parcelamento: { parcelas: 6, valorParcela: 17798, total: 106788 },
  bandeira: 'master',
  final: '6351',
};

/** The HTML's visible text: tags dropped, entities decoded, whitespace folded. */
const visivel = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** Each fact is in the text body and in the HTML's visible text. */
function nosDois(email: EmailRenderizado, fatos: string[]) {
  const html = visivel(email.html);
  for (const fato of fatos) {
    expect(email.texto, `texto: ${fato}`).toContain(fato);
    expect(html, `html: ${fato}`).toContain(fato);
  }
  expect(email.html).toContain(`src="cid:${LOGO_CID}"`);
  expect(email.texto).toContain(CLINICA_NOME);
}

const RESUMO = [
  'Resumo do pedido #1234',
  'Espelho bucal',
  'R$ 49,80',
  'Brinde',
  'Biossegurança no consultório (curso on-line)',
  'R$ 1.197,00',
  'Subtotal dos produtos',
  'R$ 1.246,80',
  'Cupom BEMVINDO10',
  '−R$ 124,68',
  'Desconto PIX',
  '−R$ 59,84',
  'Frete',
  'R$ 15,90',
  'Total',
  'R$ 1.078,18',
];

describe('e-mails do pedido', () => {
  it('recebido por PIX: código copia e cola, validade em horário de Brasília, resumo, endereço e link do pedido', () => {
    const email = pedidoRecebidoEmail(
      pedido(),
      {
        tipo: 'pix',
        codigo: '00020126580014BR.GOV.BCB.PIX0136chave5204000053039865406107818',
        expiraEm: new Date('2025-05-12T17:42:00Z'),
      },
      links,
    );
    expect(email.assunto).toBe('Recebemos seu pedido #1234');
    nosDois(email, [
      'Olá, Maria Silva!',
      '00020126580014BR.GOV.BCB.PIX0136chave5204000053039865406107818',
      '12/05/2025 às 14:42',
      'PIX Copia e Cola',
      ...RESUMO,
      'Avenida Paulista, 1000 – Sala 12',
      'Bela Vista – São Paulo/SP',
      'CEP 01310-100',
      'Correios – PAC',
      'até 7 dias úteis',
    ]);
    expect(email.texto).toContain('Ver o pedido e o QR Code: https://loja.sorrisopleno.com.br/orders/7?idPedido=1234');
    expect(email.html).toContain('href="https://loja.sorrisopleno.com.br/orders/7?idPedido=1234"');
    // The confirmation PDF is kept in the order (ADR 035), with the terms of purchase.
    expect(email.texto).toContain(
      'Comprovante do pedido (PDF): https://loja.sorrisopleno.com.br/orders/7?idPedido=1234',
    );
    expect(email.texto).toContain('Termos de compra: https://loja.sorrisopleno.com.br/termos');
    expect(email.html).toContain('href="https://loja.sorrisopleno.com.br/termos"');
    expect(email.texto).toContain('desistir da compra em até 7 dias');
  });

  it('recebido por boleto: linha digitável, vencimento e o PDF; sem PDF do provedor, o link do pedido', () => {
    const boleto = {
      tipo: 'boleto' as const,
      linhaDigitavel: '23793.38128 60000.000003 00000.000400 1 84340000107818',
      vencimento: '2025-05-15',
    };
    const email = pedidoRecebidoEmail(pedido(), { ...boleto, pdfUrl: 'https://mp.example/ticket?a=1&b=2' }, links);
    nosDois(email, [boleto.linhaDigitavel, 'Vencimento', '15/05/2025', 'Linha digitável', 'R$ 1.078,18']);
    expect(email.html).toContain('href="https://mp.example/ticket?a=1&amp;b=2"');
    expect(email.texto).toContain('Baixar o boleto (PDF): https://mp.example/ticket?a=1&b=2');
    const semPdf = pedidoRecebidoEmail(pedido(), { ...boleto, pdfUrl: null }, links);
    expect(semPdf.texto).toContain('Ver o boleto: https://loja.sorrisopleno.com.br/orders/7?idPedido=1234');
  });

  it('confirmado (cartão aprovado na hora) e aprovado: recibo com forma, parcelas e data; próximos passos', () => {
    const confirmado = pedidoConfirmadoEmail(pedido({ parcelamento: cartao.parcelamento }), cartao, links);
    expect(confirmado.assunto).toBe('Pedido #1234 confirmado');
    nosDois(confirmado, [
      'Valor pago',
      'R$ 1.067,88',
      'Cartão de crédito Mastercard final 6351',
      '6x de R$ 177,98 (total R$ 1.067,88)',
      '12/05/2025 às 14:32',
      'Os cursos já estão na sua Biblioteca',
      ...RESUMO,
    ]);
    const pix: PagamentoEmail = { ...cartao, tipo: 'pix', parcelamento: null, bandeira: null, final: null };
    const aprovado = pagamentoAprovadoEmail(pedido({ itens: pedido().itens.slice(0, 1) }), pix, links);
    expect(aprovado.assunto).toBe('Pagamento aprovado – pedido #1234');
    nosDois(aprovado, ['Forma de pagamento', 'PIX', 'você recebe o código de rastreio por e-mail']);
    expect(aprovado.texto).not.toContain('Parcelamento');
  });

  it('recusado: motivo em pt-BR quando o provedor dá um, link para pagar de novo', () => {
    const email = pagamentoRecusadoEmail(
      pedido(),
      { tipo: 'credit', statusDetalhe: 'cc_rejected_insufficient_amount' },
      links,
    );
    expect(email.assunto).toBe('Pagamento não aprovado – pedido #1234');
    nosDois(email, ['não foi aprovado', 'Motivo informado: saldo ou limite insuficiente.', 'Pagar novamente']);
    expect(email.texto).toContain('Pagar novamente: https://loja.sorrisopleno.com.br/orders/7?idPedido=1234');
    expect(motivoDaRecusa('cc_rejected_desconhecido')).toBeNull();
    expect(pagamentoRecusadoEmail(pedido(), { tipo: 'credit', statusDetalhe: null }, links).texto).not.toContain(
      'Motivo',
    );
  });

  it('cancelado diz por quem ou por quê; estorno diz valor, forma e onde o dinheiro volta', () => {
    const motivos = {
      CLIENTE: 'foi cancelado, como você pediu',
      EQUIPE: 'foi cancelado pela equipe da clínica',
      BOLETO_VENCIDO: 'o boleto venceu sem pagamento',
      CURSO_JA_ADQUIRIDO: 'um curso que você já tem na sua Biblioteca',
    } as const;
    for (const [motivo, frase] of Object.entries(motivos)) {
      const email = pedidoCanceladoEmail(pedido(), motivo as keyof typeof motivos, links);
      expect(email.assunto).toBe('Pedido #1234 cancelado');
      nosDois(email, [frase]);
    }
    const estorno = pedidoEstornadoEmail(pedido(), cartao, links);
    expect(estorno.assunto).toBe('Estorno do pedido #1234');
    nosDois(estorno, ['R$ 1.067,88', 'o estorno aparece na fatura do cartão em até 2 faturas'.replace('o e', 'O e')]);
    const pix = pedidoEstornadoEmail(pedido(), { ...cartao, tipo: 'pix' }, links);
    nosDois(pix, ['O valor volta para a conta que fez o PIX']);
    nosDois(pixExpiradoEmail(pedido(), links), ['O código PIX do pedido #1234 expirou', 'Pagar o pedido']);
  });

  it('curso pronto: cada curso com o link da sala de aula; vários cursos, o botão da Biblioteca', () => {
    const um = cursoProntoEmail(pedido(), links);
    expect(um.assunto).toBe('Seu curso já está na sua Biblioteca');
    nosDois(um, ['Biossegurança no consultório', 'Começar o curso']);
    expect(um.texto).toContain('- Biossegurança no consultório: https://loja.sorrisopleno.com.br/classRoom/3');
    const dois = cursoProntoEmail(
      pedido({
        itens: [
          ...pedido().itens,
          { produtoId: 9, nome: 'Ergonomia', quantidade: 1, valorTotal: 100, brinde: false, digital: true },
        ],
      }),
      links,
    );
    expect(dois.assunto).toBe('Seus cursos já estão na sua Biblioteca');
    expect(dois.texto).toContain('Abrir a Biblioteca: https://loja.sorrisopleno.com.br/library');
    expect(dois.texto).toContain('/classRoom/9');
  });

  it('enviado e entregue trazem o resumo; frete grátis aparece como Grátis; parcelas do cartão', () => {
    const p = pedido({ freteGratis: true, valorFrete: 0, parcelamento: cartao.parcelamento, descontoPix: 0 });
    const enviado = pedidoEnviadoEmail(p, 'AA473124829BR', links);
    nosDois(enviado, [
      'AA473124829BR',
      'Rastrear pedido',
      'Grátis',
      'Pagamento no cartão: 6x de R$ 177,98 (total R$ 1.067,88).',
    ]);
    expect(enviado.texto).not.toContain('Desconto PIX');
    nosDois(pedidoEntregueEmail(p, links), ['O pedido #1234 foi entregue', 'Resumo do pedido #1234']);
  });

  it('escapa todo valor no HTML (nome, produto, cupom, endereço, código, motivo) e os mantém no texto', () => {
    const p = pedido({
      nome: MAL,
      cupomCodigo: MAL,
      itens: [{ produtoId: 1, nome: MAL, quantidade: 1, valorTotal: 100, brinde: false, digital: true }],
      endereco: { ...pedido().endereco!, logradouro: MAL, complemento: MAL, recebedor: MAL },
      entrega: { transportadora: MAL, servico: MAL, prazoDias: 1 },
    });
    const emails = [
      pedidoRecebidoEmail(p, { tipo: 'pix', codigo: MAL, expiraEm: new Date() }, links),
      pedidoRecebidoEmail(
        p,
        { tipo: 'boleto', linhaDigitavel: MAL, vencimento: '2025-01-02', pdfUrl: `https://x/"${MAL}` },
        links,
      ),
      pedidoConfirmadoEmail(p, { ...cartao, bandeira: MAL, final: MAL }, links),
      pagamentoAprovadoEmail(p, cartao, links),
      pagamentoRecusadoEmail(p, { tipo: 'pix', statusDetalhe: MAL }, links),
      pedidoCanceladoEmail(p, 'CLIENTE', links),
      pedidoEstornadoEmail(p, cartao, links),
      cursoProntoEmail(p, linksDaLoja(`https://x/"${MAL}`)),
      pedidoEnviadoEmail(p, MAL, links),
      pedidoEntregueEmail(p, links),
      pixExpiradoEmail(p, links),
    ];
    for (const email of emails) {
      expect(email.html).not.toContain('<img src=x');
      expect(email.html).not.toContain('"Cia"');
      expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Cia&quot;');
      expect(email.texto).toContain(MAL);
    }
  });
});
