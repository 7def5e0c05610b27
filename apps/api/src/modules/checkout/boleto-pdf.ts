import PDFDocument from 'pdfkit';
import { formatLinhaDigitavel, itfWidths } from '@clinica/shared/boleto';
import { formatCnpj, formatCpf } from '@clinica/shared/documents';
import { formatBRL, type Cents } from '@clinica/shared/money';

/** What the store's printable boleto shows (docs/behaviour/payments.md#boleto). */
interface DadosBoletoPdf {
  /** 3 digits: the bank the line names. */
  banco: string;
  linhaDigitavel: string;
  codigoBarras: string;
  /** 'YYYY-MM-DD'. */
  vencimento: string;
  valor: Cents;
  pedidoId: number;
  /** When the boleto was issued (also the document's date, so one boleto is always the same bytes). */
  emitidoEm: Date;
  beneficiario: { nome: string; cnpj: string | null; endereco: string | null };
  pagador: { nome: string; documento: string | null; endereco: string | null };
}

const dataBr = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}`;
const dataDe = (d: Date) => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(d);

function documento(numero: string | null): string {
  if (!numero) return '';
  return numero.length === 11 ? `CPF ${formatCpf(numero)}` : `CNPJ ${formatCnpj(numero)}`;
}

/** The bank's code with its check digit (modulo 11 of the three digits, as printed in the boleto's header). */
function bancoComDigito(banco: string): string {
  const soma = Array.from(banco)
    .reverse()
    .reduce((s, d, k) => s + Number(d) * (2 + k), 0);
  const dv = 11 - (soma % 11);
  return `${banco}-${dv >= 10 ? 0 : dv}`;
}

/**
 * The boleto as a one-page A4 PDF (pdfkit, standard fonts, as the course certificate): the payer's receipt on top and
 * the 'ficha de compensação' below, with the formatted line, the amounts, beneficiary and payer, and the barcode drawn
 * as ITF bars (packages/shared boleto.ts `itfWidths`; 103 mm by 13 mm, narrow to wide 1:3, as FEBRABAN asks).
 */
export function gerarBoletoPdf(d: DadosBoletoPdf): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 36,
    info: {
      Title: `Boleto — Pedido ${d.pedidoId}`,
      Author: d.beneficiario.nome,
      Subject: `Boleto ${formatLinhaDigitavel(d.linhaDigitavel)}`,
      CreationDate: d.emitidoEm,
      ModDate: d.emitidoEm,
    },
  });
  const partes: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => partes.push(chunk));
  const pronto = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(partes)));
    doc.on('error', reject);
  });

  const esquerda = 36;
  const largura = doc.page.width - 72;
  const linha = formatLinhaDigitavel(d.linhaDigitavel);
  const banco = bancoComDigito(d.banco);
  const beneficiario = [d.beneficiario.nome, d.beneficiario.cnpj ? documento(d.beneficiario.cnpj) : '']
    .filter(Boolean)
    .join(' — ');
  const pagador = [d.pagador.nome, documento(d.pagador.documento)].filter(Boolean).join(' — ');

  /** A labelled box of the form: small label on top, value below. */
  const campo = (x: number, y: number, w: number, h: number, rotulo: string, valor: string, alinhar = 'left') => {
    doc.lineWidth(0.6).strokeColor('#444444').rect(x, y, w, h).stroke();
    doc
      .fillColor('#555555')
      .font('Helvetica')
      .fontSize(6.5)
      .text(rotulo, x + 3, y + 2, { width: w - 6 });
    doc
      .fillColor('#111111')
      .font('Helvetica-Bold')
      .fontSize(9)
      .text(valor, x + 3, y + h - 13, { width: w - 6, align: alinhar as 'left' | 'right', lineBreak: false });
  };

  /** The header of each part: bank code and, on the right, the line or the part's name. */
  const cabecalho = (y: number, direita: string) => {
    doc
      .fillColor('#111111')
      .font('Helvetica-Bold')
      .fontSize(13)
      .text(banco, esquerda, y + 4, { width: 70 });
    doc
      .lineWidth(1.2)
      .strokeColor('#111111')
      .moveTo(esquerda, y + 22)
      .lineTo(esquerda + largura, y + 22)
      .stroke();
    doc
      .font('Helvetica-Bold')
      .fontSize(10.5)
      .text(direita, esquerda + 80, y + 6, {
        width: largura - 80,
        align: 'right',
      });
  };

  // Recibo do pagador.
  let y = 40;
  doc.fillColor('#0f6e74').font('Helvetica-Bold').fontSize(16).text(d.beneficiario.nome, esquerda, y);
  doc
    .fillColor('#333333')
    .font('Helvetica')
    .fontSize(9)
    .text(`Boleto do pedido ${d.pedidoId} — emitido em ${dataDe(d.emitidoEm)}`, esquerda, y + 20);
  y += 44;
  cabecalho(y, 'Recibo do pagador');
  y += 26;
  const col = largura / 4;
  campo(esquerda, y, col * 3, 28, 'Beneficiário', beneficiario);
  campo(esquerda + col * 3, y, col, 28, 'Vencimento', dataBr(d.vencimento), 'right');
  y += 28;
  campo(esquerda, y, col * 3, 28, 'Pagador', pagador);
  campo(esquerda + col * 3, y, col, 28, 'Valor do documento', formatBRL(d.valor), 'right');
  y += 28;
  campo(esquerda, y, col * 3, 28, 'Linha digitável', linha);
  campo(esquerda + col * 3, y, col, 28, 'Número do documento', `Pedido ${d.pedidoId}`, 'right');
  y += 40;
  doc
    .fillColor('#333333')
    .font('Helvetica')
    .fontSize(8.5)
    .text(
      'Pague em qualquer banco, lotérica ou aplicativo de banco até o vencimento. O pedido é confirmado quando o banco avisa o pagamento.',
      esquerda,
      y,
      { width: largura },
    );

  // Corte.
  y += 40;
  doc
    .lineWidth(0.6)
    .dash(3, { space: 3 })
    .strokeColor('#888888')
    .moveTo(esquerda, y)
    .lineTo(esquerda + largura, y)
    .stroke()
    .undash();
  doc
    .fillColor('#888888')
    .font('Helvetica')
    .fontSize(7)
    .text('Corte aqui', esquerda, y + 3);

  // Ficha de compensação.
  y += 22;
  cabecalho(y, linha);
  y += 26;
  const larguraDireita = col * 1.2;
  const larguraEsquerda = largura - larguraDireita;
  const direita = esquerda + larguraEsquerda;
  campo(esquerda, y, larguraEsquerda, 28, 'Local de pagamento', 'Pagável em qualquer banco até o vencimento');
  campo(direita, y, larguraDireita, 28, 'Vencimento', dataBr(d.vencimento), 'right');
  y += 28;
  campo(esquerda, y, larguraEsquerda, 28, 'Beneficiário', beneficiario);
  campo(direita, y, larguraDireita, 28, 'Espécie', 'R$', 'right');
  y += 28;
  campo(esquerda, y, larguraEsquerda / 2, 28, 'Data do documento', dataDe(d.emitidoEm));
  campo(esquerda + larguraEsquerda / 2, y, larguraEsquerda / 2, 28, 'Número do documento', `Pedido ${d.pedidoId}`);
  campo(direita, y, larguraDireita, 28, '(=) Valor do documento', formatBRL(d.valor), 'right');
  y += 28;
  campo(esquerda, y, larguraEsquerda, 56, 'Instruções', '');
  doc
    .fillColor('#111111')
    .font('Helvetica')
    .fontSize(8.5)
    .text(
      `Não receber após o prazo de tolerância. Referente ao pedido ${d.pedidoId} da loja ${d.beneficiario.nome}.`,
      esquerda + 3,
      y + 14,
      { width: larguraEsquerda - 6 },
    );
  campo(direita, y, larguraDireita, 28, '(-) Desconto', '', 'right');
  campo(direita, y + 28, larguraDireita, 28, '(=) Valor cobrado', formatBRL(d.valor), 'right');
  y += 56;
  doc.lineWidth(0.6).strokeColor('#444444').rect(esquerda, y, largura, 40).stroke();
  doc
    .fillColor('#555555')
    .font('Helvetica')
    .fontSize(6.5)
    .text('Pagador', esquerda + 3, y + 2);
  doc
    .fillColor('#111111')
    .font('Helvetica-Bold')
    .fontSize(9)
    .text(pagador, esquerda + 3, y + 12, { width: largura - 6 });
  if (d.pagador.endereco) {
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .text(d.pagador.endereco, esquerda + 3, y + 25, { width: largura - 6 });
  }
  y += 48;

  // The barcode: ITF bars at FEBRABAN's size, 103 mm long (405 narrow modules of 0.254 mm) and 13 mm tall.
  const modulo = (103 / 405) * (72 / 25.4);
  const altura = 13 * (72 / 25.4);
  let x = esquerda;
  itfWidths(d.codigoBarras).forEach((w, k) => {
    if (k % 2 === 0) doc.rect(x, y, w * modulo, altura).fill('#000000');
    x += w * modulo;
  });
  doc
    .fillColor('#555555')
    .font('Helvetica')
    .fontSize(7)
    .text('Autenticação mecânica — Ficha de compensação', esquerda + largura - 200, y + altura + 4, {
      width: 200,
      align: 'right',
    });

  doc.end();
  return pronto;
}
