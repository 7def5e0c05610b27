import { FUSO_CLINICA } from '@clinica/shared/clinic-day';
import PDFDocument from 'pdfkit';
import { formatarCodigoCertificado } from './codigo-certificado.js';

export interface DadosCertificado {
  codigo: string;
  nomeCliente: string;
  curso: string;
  cargaHoraria: string | null;
  concluidoEm: Date;
  emitidoEm: Date;
  /** Where anyone can check the code: `${PUBLIC_URL}/certificado/<code>` or the bare path. */
  enderecoVerificacao: string;
  /** The clinic's name as it signs the certificate. */
  emissor: string;
}

const dataPorExtenso = (d: Date) =>
  new Intl.DateTimeFormat('pt-BR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: FUSO_CLINICA,
  }).format(d);

/**
 * The certificate as a one-page A4 landscape PDF (pdfkit, standard fonts:
 * their WinAnsi encoding covers Portuguese). Built in memory: it is a few
 * kilobytes, and a known length lets the response carry Content-Length.
 * The document's dates are the certificate's, so the same certificate is
 * always the same bytes.
 */
export function gerarCertificadoPdf(d: DadosCertificado): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 56,
    info: {
      Title: `Certificado — ${d.curso}`,
      Author: d.emissor,
      Subject: `Certificado de conclusão ${formatarCodigoCertificado(d.codigo)}`,
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

  const { width, height } = doc.page;
  const largura = width - 112;
  doc
    .lineWidth(3)
    .strokeColor('#0f6e74')
    .rect(28, 28, width - 56, height - 56)
    .stroke();
  doc
    .lineWidth(1)
    .rect(36, 36, width - 72, height - 72)
    .stroke();

  doc
    .fillColor('#0f6e74')
    .font('Helvetica-Bold')
    .fontSize(34)
    .text('CERTIFICADO', 56, 96, { width: largura, align: 'center' });
  doc
    .fillColor('#333333')
    .font('Helvetica')
    .fontSize(14)
    .text('de conclusão de curso', { width: largura, align: 'center' });
  doc.moveDown(2.2);
  doc.fontSize(15).text('Certificamos que', { width: largura, align: 'center' });
  doc.moveDown(0.6);
  doc.fillColor('#111111').font('Helvetica-Bold').fontSize(26).text(d.nomeCliente, { width: largura, align: 'center' });
  doc.moveDown(0.6);
  doc.fillColor('#333333').font('Helvetica').fontSize(15).text('concluiu o curso', { width: largura, align: 'center' });
  doc.moveDown(0.4);
  doc.fillColor('#111111').font('Helvetica-Bold').fontSize(20).text(d.curso, { width: largura, align: 'center' });
  doc.moveDown(1);
  doc.fillColor('#333333').font('Helvetica').fontSize(14);
  if (d.cargaHoraria) doc.text(`Carga horária: ${d.cargaHoraria}`, { width: largura, align: 'center' });
  doc.text(`Concluído em ${dataPorExtenso(d.concluidoEm)}`, { width: largura, align: 'center' });

  doc.fontSize(11).fillColor('#555555');
  doc.text(d.emissor, 56, height - 140, { width: largura, align: 'center' });
  doc.text(`Código de verificação: ${formatarCodigoCertificado(d.codigo)}`, { width: largura, align: 'center' });
  doc.text(`Confira a autenticidade em ${d.enderecoVerificacao}`, { width: largura, align: 'center' });
  doc.end();
  return pronto;
}
