/**
 * Hostile files for the upload corpus (docs/quality.md#r8-uploads), beyond the pictures of
 * image-fixtures.ts: ZIP archives (plain, a deflate bomb, glued to a PDF),
 * PDF polyglots, HTML, and decompression-bomb pictures whose headers or
 * pixel data declare far more pixels than the file's size suggests.
 */
import zlib from 'node:zlib';
import { imagemReal, PDF, pngChunk } from './image-fixtures.js';

/** A ZIP archive (deflated entries), optionally with a comment after the end-of-central-directory record. */
export function zip(entradas: Array<{ nome: string; dados: Buffer }>, comentario = ''): Buffer {
  const locais: Buffer[] = [];
  const centrais: Buffer[] = [];
  let offset = 0;
  for (const { nome, dados } of entradas) {
    const nomeBytes = Buffer.from(nome, 'utf8');
    const comprimido = zlib.deflateRawSync(dados, { level: 9 });
    const crc = zlib.crc32(dados) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(comprimido.length, 18);
    local.writeUInt32LE(dados.length, 22);
    local.writeUInt16LE(nomeBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(comprimido.length, 20);
    central.writeUInt32LE(dados.length, 24);
    central.writeUInt16LE(nomeBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locais.push(local, nomeBytes, comprimido);
    centrais.push(central, nomeBytes);
    offset += local.length + nomeBytes.length + comprimido.length;
  }
  const diretorio = Buffer.concat(centrais);
  const comentarioBytes = Buffer.from(comentario, 'latin1');
  const fim = Buffer.alloc(22);
  fim.writeUInt32LE(0x06054b50, 0);
  fim.writeUInt16LE(entradas.length, 8);
  fim.writeUInt16LE(entradas.length, 10);
  fim.writeUInt32LE(diretorio.length, 12);
  fim.writeUInt32LE(offset, 16);
  fim.writeUInt16LE(comentarioBytes.length, 20);
  return Buffer.concat([...locais, diretorio, fim, comentarioBytes]);
}

/** A zip bomb: 64 MiB of zeros deflated to some 64 KB. */
export function zipBomba(): Buffer {
  return zip([{ nome: 'zeros.bin', dados: Buffer.alloc(64 * 1024 * 1024) }]);
}

/**
 * A PDF/ZIP polyglot a reader opens as a PDF and an unzipper as an archive:
 * the PDF, then the archive whose comment ends in `%%EOF`, so the file still
 * ends like a PDF.
 */
export function pdfZipPoliglota(): Buffer {
  return Buffer.concat([
    PDF,
    zip([{ nome: 'leia.html', dados: Buffer.from('<script>alert(1)</script>') }], '\n%%EOF\n'),
  ]);
}

/** A PDF/HTML polyglot: a PDF whose first lines are a web page with a script (sniffed as HTML by old browsers). */
export const PDF_HTML = Buffer.concat([
  Buffer.from('%PDF-1.4\n%<html><body><script>fetch("/api/usuario").then(r=>r.text()).then(alert)</script>\n'),
  PDF.subarray(PDF.indexOf('\n') + 1),
]);

/** A web page with a script. */
export const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

/**
 * A real PNG decompression bomb: `lado` × `lado` grayscale pixels (8 000² = 64
 * megapixels, 64 MB decoded) of zeros, some 60 KB on disk.
 */
export function pngBombaReal(lado = 8000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(lado, 0);
  ihdr.writeUInt32BE(lado, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  // One filter byte (0) and `lado` zero bytes per row.
  const pixels = zlib.deflateSync(Buffer.alloc((lado + 1) * lado), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small real JPEG whose frame header (SOF) declares 65 000 × 65 000 pixels (4,2 gigapixels). */
export async function jpegBomba(): Promise<Buffer> {
  const jpeg = Buffer.from(await imagemReal('jpeg', { semente: 31 }));
  for (let i = 2; i + 9 < jpeg.length;) {
    const marcador = jpeg[i + 1]!;
    if (marcador >= 0xc0 && marcador <= 0xc2) {
      jpeg.writeUInt16BE(65_000, i + 5);
      jpeg.writeUInt16BE(65_000, i + 7);
      return jpeg;
    }
    i += 2 + jpeg.readUInt16BE(i + 2);
  }
  throw new Error('JPEG sem SOF');
}
