import { inflateSync } from 'node:zlib';

/** The text a pdfkit PDF shows: its (deflated) content streams' hex strings, decoded as WinAnsi. */
export function textoDoPdf(pdf: Buffer): string {
  const bruto = pdf.toString('latin1');
  let texto = '';
  for (const m of bruto.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let conteudo: string;
    try {
      conteudo = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      conteudo = m[1]!;
    }
    for (const t of conteudo.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      texto += [...t[1]!.matchAll(/<([0-9a-fA-F]+)>/g)]
        .map((h) => Buffer.from(h[1]!, 'hex').toString('latin1'))
        .join('');
      texto += '\n';
    }
  }
  return texto;
}
