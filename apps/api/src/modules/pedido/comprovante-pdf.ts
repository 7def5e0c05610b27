import { formatarCro } from '@clinica/shared/anvisa';
import PDFDocument from 'pdfkit';
import { formatCnpj, formatCpf } from '@clinica/shared/documents';
import { formatInstallmentPlan } from '@clinica/shared/installment-plan';
import { MSG_TERMOS } from '@clinica/shared/messages-termos';
import { formatBRL } from '@clinica/shared/money';
import type { Empresa } from '@clinica/shared/schemas/empresa';
import type { Pedido } from '@clinica/shared/schemas/pedido';
import { dataDaVersao } from '@clinica/shared/termos';

/** A label and its value ('CNPJ', '12.345.678/0001-90'). */
interface LinhaComprovante {
  rotulo: string;
  valor: string;
}

/**
 * The order's confirmation as plain data (docs/behaviour/orders.md#order-confirmation-pdf, ADR 035): what the PDF
 * shows, section by section, so a new line (another helper's buyer's CRO, for example) is one more entry of a list and
 * not a change to the drawing.
 */
export interface Comprovante {
  loja: { nome: string; linhas: string[] };
  numero: number;
  /** When the order was placed. */
  data: Date;
  /** Sections of label/value lines: the customer, the payment, the delivery. */
  secoes: Array<{ titulo: string; linhas: LinhaComprovante[] }>;
  itens: Array<{ descricao: string; quantidade: number; unitario: string; total: string }>;
  totais: LinhaComprovante[];
  /** Closing paragraphs: the terms accepted and the right of withdrawal. */
  avisos: string[];
}

const dataHora = (d: Date) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' }).format(d);
const documento = (n: string) => (n.length === 11 ? `CPF ${formatCpf(n)}` : `CNPJ ${formatCnpj(n)}`);
// pdfkit's standard fonts are WinAnsi: no U+2212, so the minus sign is the ASCII hyphen.
const menos = (c: number) => `- ${formatBRL(c)}`;
const cep = (c: string) => c.replace(/^(\d{5})-?(\d{3})$/, '$1-$2');

const PAGAMENTO: Record<string, string> = { pix: 'PIX', boleto: 'Boleto bancário', credit: 'Cartão de crédito' };
const SITUACAO: Record<string, string> = {
  PENDENTE: 'Aguardando pagamento',
  PAGO: 'Pago',
  ENVIADO: 'Enviado',
  ENTREGUE: 'Entregue',
  CANCELADO: 'Cancelado',
  RECUSADO: 'Pagamento recusado',
};

/** The buyer's data kept with the order at checkout (pedidos.dados_*). */
export interface CompradorDoPedido {
  nome: string | null;
  email: string | null;
  documento: string | null;
}

/** The confirmation of `p` for the clinic `e` (GET /empresa/'s data) and the buyer's snapshot. */
export function montarComprovante(p: Pedido, e: Empresa, comprador: CompradorDoPedido): Comprovante {
  const end = e.endereco;
  const loja = {
    nome: e.nome,
    linhas: [
      `CNPJ ${formatCnpj(e.cnpj)}`,
      end
        ? `${end.logradouro}, ${end.numero}${end.complemento ? `, ${end.complemento}` : ''} — ${end.bairro} — ${end.municipio.nome}/${end.uf.sigla} — CEP ${cep(end.cep)}`
        : '',
      [e.email, e.whatsapp ? `WhatsApp ${e.whatsapp}` : ''].filter(Boolean).join(' — '),
    ].filter(Boolean),
  };
  const cliente: LinhaComprovante[] = [
    { rotulo: 'Nome', valor: comprador.nome ?? p.cliente.nome },
    ...(comprador.documento ? [{ rotulo: 'Documento', valor: documento(comprador.documento) }] : []),
    ...(comprador.email ? [{ rotulo: 'E-mail', valor: comprador.email }] : []),
    // A professional-use item's buyer (ADR 037): the CRO the order was placed with, as the invoice prints it.
    ...(p.cro ? [{ rotulo: 'CRO do comprador', valor: formatarCro(p.cro) }] : []),
  ];
  const pg = p.pagamento;
  const pagamento: LinhaComprovante[] = [
    {
      rotulo: 'Forma',
      valor: pg
        ? pg.tipoPagamento === 'credit' && pg.parcelamento
          ? `${PAGAMENTO.credit} — ${formatInstallmentPlan(pg.parcelamento)}`
          : (PAGAMENTO[pg.tipoPagamento] ?? pg.tipoPagamento)
        : 'Ainda não escolhida',
    },
    { rotulo: 'Situação do pedido', valor: SITUACAO[p.situacaoPedido] ?? p.situacaoPedido },
  ];
  const a = p.enderecoEntrega;
  const entrega: LinhaComprovante[] = a
    ? [
        {
          rotulo: 'Endereço',
          valor: `${a.logradouro}, ${a.numero}${a.complemento ? `, ${a.complemento}` : ''} — ${a.bairro} — ${a.municipio.nome}/${a.uf.sigla} — CEP ${cep(a.cep)}`,
        },
        ...(p.nomeRecebedor ? [{ rotulo: 'Quem recebe', valor: p.nomeRecebedor }] : []),
        ...(p.entrega
          ? [
              {
                rotulo: 'Envio',
                valor: `${[p.entrega.name, p.entrega.transportadora].filter(Boolean).join(' · ')}${
                  p.entrega.tempoEntrega !== null ? ` — em até ${p.entrega.tempoEntrega} dias úteis` : ''
                }`,
              },
            ]
          : []),
      ]
    : [{ rotulo: 'Entrega', valor: MSG_TERMOS.entregaDigital }];
  const totais: LinhaComprovante[] = [
    { rotulo: 'Subtotal dos produtos', valor: formatBRL(p.valorProdutos) },
    ...(p.cupom && p.cupom.desconto > 0
      ? [{ rotulo: MSG_TERMOS.cupom.replace('{codigo}', p.cupom.codigo), valor: menos(p.cupom.desconto) }]
      : []),
    ...(p.descontoPix > 0 ? [{ rotulo: MSG_TERMOS.descontoPix, valor: menos(p.descontoPix) }] : []),
    ...(a || p.entrega
      ? [{ rotulo: MSG_TERMOS.frete, valor: p.freteGratis ? MSG_TERMOS.freteGratis : formatBRL(p.valorFrete) }]
      : []),
    { rotulo: MSG_TERMOS.total, valor: formatBRL(p.valorTotal) },
  ];
  return {
    loja,
    numero: p.id,
    data: new Date(p.dtPedido),
    secoes: [
      { titulo: 'Cliente', linhas: cliente },
      { titulo: MSG_TERMOS.pagamento, linhas: pagamento },
      { titulo: MSG_TERMOS.entrega, linhas: entrega },
    ],
    itens: p.produtos.map((i) => ({
      descricao: i.brinde
        ? `${i.produtoNome} (brinde)`
        : i.digital
          ? `${i.produtoNome} (curso on-line)`
          : i.produtoNome,
      quantidade: i.quantidade,
      unitario: formatBRL(i.valor),
      total: formatBRL(i.valorTotal),
    })),
    totais,
    avisos: [
      p.versaoTermos
        ? `Pedido feito de acordo com os ${MSG_TERMOS.termosDeCompra.toLowerCase()} na ${MSG_TERMOS.versao.replace('{data}', dataDaVersao(p.versaoTermos))} (versão ${p.versaoTermos}), disponíveis em /termos.`
        : `Pedido feito antes da publicação dos ${MSG_TERMOS.termosDeCompra.toLowerCase()} com versão.`,
      `Direito de arrependimento: ${MSG_TERMOS.arrependimento} Para desistir, use 'Desistir da compra' no pedido ou fale com a clínica pelos canais acima.`,
    ],
  };
}

/**
 * The confirmation as an A4 PDF drawn with pdfkit, like the DANFE (modules/nota-fiscal/danfe-pdf.ts) and the boleto:
 * the clinic, the order's number and date, each section, the items, the totals and the notices; more pages when the
 * items do not fit. Its dates are the order's, so one order is always the same document.
 */
export function gerarComprovantePdf(c: Comprovante): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: {
      Title: `${MSG_TERMOS.comprovanteTitulo} nº ${c.numero}`,
      Author: c.loja.nome,
      CreationDate: c.data,
      ModDate: c.data,
    },
  });
  const partes: Buffer[] = [];
  pdf.on('data', (b: Buffer) => partes.push(b));
  const pronto = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(partes)));
    pdf.on('error', reject);
  });
  const x = 40;
  const w = pdf.page.width - 80;
  const fim = pdf.page.height - 50;
  let y = 40;
  const espaco = (h: number) => {
    if (y + h > fim) {
      pdf.addPage();
      y = 40;
    }
  };
  const texto = (t: string, opts: { tamanho?: number; negrito?: boolean; cor?: string; alinhar?: 'right' } = {}) => {
    pdf
      .fillColor(opts.cor ?? '#000000')
      .font(opts.negrito ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(opts.tamanho ?? 9);
    const h = pdf.heightOfString(t, { width: w });
    espaco(h);
    pdf.text(t, x, y, { width: w, align: opts.alinhar ?? 'left' });
    y += h + 2;
  };
  const titulo = (t: string) => {
    y += 8;
    espaco(30);
    texto(t.toUpperCase(), { tamanho: 8, negrito: true, cor: '#555555' });
    pdf
      .moveTo(x, y)
      .lineTo(x + w, y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    y += 4;
  };

  texto(c.loja.nome, { tamanho: 14, negrito: true });
  for (const l of c.loja.linhas) texto(l, { cor: '#333333' });
  y += 6;
  texto(`${MSG_TERMOS.comprovanteTitulo} nº ${c.numero}`, { tamanho: 16, negrito: true });
  texto(`Feito em ${dataHora(c.data)} (horário de Brasília)`, { cor: '#333333' });

  for (const s of c.secoes) {
    titulo(s.titulo);
    for (const l of s.linhas) texto(`${l.rotulo}: ${l.valor}`);
  }

  titulo(MSG_TERMOS.itens);
  const colunas = [
    { t: 'Produto', w: w - 210, alinhar: 'left' as const },
    { t: 'Qtd.', w: 40, alinhar: 'right' as const },
    { t: 'Preço unit.', w: 85, alinhar: 'right' as const },
    { t: 'Total', w: 85, alinhar: 'right' as const },
  ];
  const linha = (valores: string[], negrito = false) => {
    pdf.font(negrito ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const h = Math.max(12, pdf.heightOfString(valores[0]!, { width: colunas[0]!.w - 6 }) + 3);
    espaco(h);
    let cx = x;
    valores.forEach((v, k) => {
      pdf.fillColor('#000000').text(v, cx, y, { width: colunas[k]!.w - 6, align: colunas[k]!.alinhar });
      cx += colunas[k]!.w;
    });
    y += h;
  };
  linha(
    colunas.map((col) => col.t),
    true,
  );
  for (const i of c.itens) linha([i.descricao, String(i.quantidade), i.unitario, i.total]);
  y += 6;
  for (const t of c.totais) texto(`${t.rotulo}: ${t.valor}`, { alinhar: 'right', negrito: t.rotulo === 'Total' });

  titulo('Termos e direito de arrependimento');
  for (const a of c.avisos) texto(a);

  pdf.end();
  return pronto;
}
