import PDFDocument from 'pdfkit';
import { formatCnpj, formatCpf } from '@clinica/shared/documents';
import { MSG_NFE } from '@clinica/shared/messages-nfe';
import { formatBRL } from '@clinica/shared/money';
import { code128C } from '@clinica/shared/code128';
import { chaveEmGrupos, formatarNcm } from '@clinica/shared/nfe';
import type { DadosNota, EnderecoNota } from './nota-fiscal.dados.js';

/** The numbers the authorisation gave the invoice. */
export interface Autorizacao {
  numero: number;
  serie: number;
  chaveAcesso: string;
  emitidaEm: Date;
}

const dataHora = (d: Date) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' }).format(d);
const doc = (tipo: 'CPF' | 'CNPJ', n: string) => (tipo === 'CPF' ? `CPF ${formatCpf(n)}` : `CNPJ ${formatCnpj(n)}`);
const endereco = (e: EnderecoNota) =>
  `${e.logradouro}, ${e.numero}${e.complemento ? ` ${e.complemento}` : ''} — ${e.bairro} — ${e.municipio}/${e.uf} — CEP ${e.cep.slice(0, 5)}-${e.cep.slice(5)}`;

/**
 * The sandbox's DANFE (ADR 031): a one-page A4 PDF drawn with pdfkit like the boleto (modules/checkout/boleto-pdf.ts),
 * marked 'SEM VALOR FISCAL', with the issuer, the buyer, the lines (NCM, CFOP, quantity, unit, values, discount), the
 * freight, the totals and the access key in groups of 4 under its CODE-128 C barcode (packages/shared/src/code128.ts).
 * Its dates are the invoice's, so one invoice is always the same
 * document.
 */
export function gerarDanfePdf(d: DadosNota, a: Autorizacao): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 36,
    info: {
      Title: `DANFE — NF-e ${a.numero} série ${a.serie}`,
      Author: d.emitente.nome,
      Subject: `${MSG_NFE.semValorFiscal} — chave ${a.chaveAcesso}`,
      CreationDate: a.emitidaEm,
      ModDate: a.emitidaEm,
    },
  });
  const partes: Buffer[] = [];
  pdf.on('data', (c: Buffer) => partes.push(c));
  const pronto = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(partes)));
    pdf.on('error', reject);
  });

  const x = 36;
  const w = pdf.page.width - 72;
  const caixa = (y: number, h: number, rotulo: string, linhas: string[]) => {
    pdf.lineWidth(0.6).strokeColor('#444444').rect(x, y, w, h).stroke();
    pdf
      .fillColor('#555555')
      .font('Helvetica')
      .fontSize(7)
      .text(rotulo, x + 4, y + 3, { width: w - 8 });
    pdf.fillColor('#000000').font('Helvetica').fontSize(9);
    linhas.forEach((l, i) => pdf.text(l, x + 4, y + 13 + i * 12, { width: w - 8 }));
  };

  // The sandbox's mark, across the top and as a watermark.
  pdf.save().rotate(-30, { origin: [pdf.page.width / 2, pdf.page.height / 2] });
  pdf
    .fillColor('#dddddd')
    .font('Helvetica-Bold')
    .fontSize(64)
    .text(MSG_NFE.semValorFiscal, 40, pdf.page.height / 2 - 40, {
      width: pdf.page.width - 80,
      align: 'center',
    });
  pdf.restore();

  pdf.fillColor('#000000').font('Helvetica-Bold').fontSize(14).text('DANFE', x, 36);
  pdf.font('Helvetica').fontSize(8).text('Documento Auxiliar da Nota Fiscal Eletrônica — 1 - Saída', x, 54);
  pdf
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`NF-e nº ${String(a.numero).padStart(9, '0')}   Série ${a.serie}`, x, 36, {
      width: w,
      align: 'right',
    });
  pdf
    .font('Helvetica')
    .fontSize(8)
    .text(`Emissão: ${dataHora(a.emitidaEm)}`, x, 52, { width: w, align: 'right' });
  pdf
    .fillColor('#b00020')
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(MSG_NFE.semValorFiscal, x, 70, { width: w, align: 'center' });
  pdf
    .fillColor('#b00020')
    .font('Helvetica')
    .fontSize(8)
    .text(MSG_NFE.semValorFiscalDetalhe, x, 85, { width: w, align: 'center' });

  // The access key: its CODE-128 C barcode (277 modules of 0.9 pt, 32 pt tall, with quiet zones) above its digits.
  caixa(102, 64, 'CHAVE DE ACESSO', []);
  const modulo = 0.9;
  let bx = x + 12;
  code128C(a.chaveAcesso).forEach((largura, k) => {
    if (k % 2 === 0) pdf.rect(bx, 114, largura * modulo, 32).fill('#000000');
    bx += largura * modulo;
  });
  pdf
    .fillColor('#000000')
    .font('Helvetica')
    .fontSize(9)
    .text(chaveEmGrupos(a.chaveAcesso), x + 4, 150, { width: w - 8 });
  pdf
    .fillColor('#555555')
    .fontSize(7)
    .text(
      'Consulta de autenticidade no portal nacional da NF-e (www.nfe.fazenda.gov.br/portal) ou no site da Sefaz autorizadora.',
      bx + 16,
      118,
      { width: x + w - bx - 24 },
    );
  const dy = 24;
  caixa(146 + dy, 52, 'EMITENTE', [
    `${d.emitente.nome} — ${doc('CNPJ', d.emitente.cnpj)}`,
    endereco(d.emitente.endereco),
    `Natureza da operação: ${d.naturezaOperacao}`,
  ]);
  const b = d.destinatario;
  caixa(202 + dy, 52, 'DESTINATÁRIO', [
    `${b.nome} — ${doc(b.documento.tipo, b.documento.numero)}${b.inscricaoEstadual ? ` — IE ${b.inscricaoEstadual}` : ''}`,
    endereco(b.endereco),
    b.email ?? '',
  ]);

  // The lines.
  const colunas = [
    { t: 'CÓDIGO', w: 40 },
    { t: 'DESCRIÇÃO', w: 170 },
    { t: 'NCM', w: 55 },
    { t: 'CFOP', w: 32 },
    { t: 'UN', w: 22 },
    { t: 'QTD', w: 30 },
    { t: 'V. UNIT.', w: 58 },
    { t: 'DESC.', w: 52 },
    { t: 'V. TOTAL', w: 64 },
  ];
  let y = 262 + dy;
  pdf.fillColor('#555555').font('Helvetica-Bold').fontSize(7);
  let cx = x;
  for (const c of colunas) {
    pdf.text(c.t, cx + 2, y, { width: c.w - 4 });
    cx += c.w;
  }
  y += 12;
  pdf
    .moveTo(x, y - 2)
    .lineTo(x + w, y - 2)
    .lineWidth(0.4)
    .stroke();
  pdf.fillColor('#000000').font('Helvetica').fontSize(8);
  for (const i of d.itens) {
    const valores = [
      i.codigo,
      i.descricao,
      formatarNcm(i.ncm),
      i.cfop,
      i.unidade,
      String(i.quantidade),
      formatBRL(i.valorUnitario),
      formatBRL(i.desconto),
      formatBRL(i.valorBruto - i.desconto),
    ];
    const altura = Math.max(12, pdf.heightOfString(i.descricao, { width: colunas[1]!.w - 4 }) + 3);
    cx = x;
    valores.forEach((v, k) => {
      pdf.text(v, cx + 2, y, { width: colunas[k]!.w - 4, align: k >= 5 ? 'right' : 'left' });
      cx += colunas[k]!.w;
    });
    y += altura;
  }
  y += 8;
  caixa(y, 40, 'CÁLCULO DO IMPOSTO / TOTAIS', [
    `Produtos: ${formatBRL(d.valorProdutos)}    Desconto: ${formatBRL(d.desconto)}    Frete: ${formatBRL(d.frete)}    Total da nota: ${formatBRL(d.total)}`,
  ]);
  y += 44;
  caixa(y, d.informacoesComplementares ? 52 : 40, 'DADOS ADICIONAIS', [
    `Pedido ${d.pedidoId} — emitida no ambiente de demonstração da loja.`,
    // The buyer's CRO of a professional-use sale (ADR 037).
    ...(d.informacoesComplementares ? [d.informacoesComplementares] : []),
  ]);

  pdf.end();
  return pronto;
}
