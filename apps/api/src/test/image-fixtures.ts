/**
 * Files for the upload tests: real pictures drawn with sharp, and the hostile
 * shapes the image reader must refuse (lib/image-upload.ts), plus a multipart
 * body builder for `app.inject`.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';

/** A small real picture (a gradient, so every encoding differs by seed) in a format. */
export async function imagemReal(
  formato: 'jpeg' | 'png' | 'webp',
  opts: { largura?: number; altura?: number; semente?: number } = {},
): Promise<Buffer> {
  const largura = opts.largura ?? 64;
  const altura = opts.altura ?? 48;
  const semente = opts.semente ?? 1;
  const raw = Buffer.alloc(largura * altura * 3);
  for (let y = 0; y < altura; y++) {
    for (let x = 0; x < largura; x++) {
      const i = (y * largura + x) * 3;
      raw[i] = (x * 4 + semente * 37) % 256;
      raw[i + 1] = (y * 5 + semente * 11) % 256;
      raw[i + 2] = (x + y + semente * 53) % 256;
    }
  }
  const img = sharp(raw, { raw: { width: largura, height: altura, channels: 3 } });
  if (formato === 'jpeg') return img.jpeg({ quality: 90 }).toBuffer();
  if (formato === 'png') return img.png().toBuffer();
  return img.webp({ quality: 90 }).toBuffer();
}

/** A JPEG with EXIF (camera, GPS-like comment) written into it. */
export async function jpegComExif(): Promise<Buffer> {
  return sharp(await imagemReal('jpeg', { semente: 7 }))
    .withExif({ IFD0: { Make: 'CameraSecreta', Model: 'Modelo X', ImageDescription: 'GPS -23.5505 -46.6333' } })
    .jpeg()
    .toBuffer();
}

export const SVG_COM_SCRIPT = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);

/** A minimal PDF document. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A JPEG with a PDF glued after its end (opens as either). */
export async function jpegComPdfNoFim(): Promise<Buffer> {
  return Buffer.concat([await imagemReal('jpeg', { semente: 3 }), PDF]);
}

/** A PDF behind a JPEG header: a comment segment (COM) holding the PDF, then the picture. */
export async function pdfComCabecalhoJpeg(): Promise<Buffer> {
  const jpeg = await imagemReal('jpeg', { semente: 4 });
  const com = Buffer.alloc(4);
  com[0] = 0xff;
  com[1] = 0xfe;
  com.writeUInt16BE(PDF.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), com, PDF, jpeg.subarray(2)]);
}

/** A PNG whose text chunk carries PHP (a web shell hidden in metadata). */
export async function pngComPhp(): Promise<Buffer> {
  const png = await imagemReal('png', { semente: 5 });
  const iend = png.length - 12;
  return Buffer.concat([
    png.subarray(0, iend),
    pngChunk('tEXt', Buffer.from('Comment\0<?php system($_GET["c"]); ?>')),
    png.subarray(iend),
  ]);
}

/** A PNG chunk: length, type, data and CRC. */
export function pngChunk(tipo: string, dados: Buffer): Buffer {
  const tamanho = Buffer.alloc(4);
  tamanho.writeUInt32BE(dados.length);
  const corpo = Buffer.concat([Buffer.from(tipo, 'latin1'), dados]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(corpo) >>> 0);
  return Buffer.concat([tamanho, corpo, crc]);
}

/**
 * A decompression bomb: a PNG of a few hundred bytes whose header declares
 * `lado` × `lado` pixels (100,000² = 10 gigapixels by default).
 */
export function pngBomba(lado = 100_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(lado, 0);
  ihdr.writeUInt32BE(lado, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grayscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(4096))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF (a real picture, but not a format the store takes). */
export const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** A Windows executable's first bytes. */
export const EXE = Buffer.concat([Buffer.from('MZ'), crypto.randomBytes(510)]);

/** One part of a multipart body: a field (string) or a file (`{ nome, dados, tipo }`). */
export type ParteMultipart = [campo: string, valor: string | { nome: string; dados: Buffer; tipo?: string }];

/**
 * A multipart/form-data body for `app.inject`: `{ payload, headers }`. The parts are a record, or a list when
 * their order matters or a field repeats.
 */
export function multipart(partes: Record<string, ParteMultipart[1]> | ParteMultipart[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const limite = `----teste${crypto.randomBytes(8).toString('hex')}`;
  const pedacos: Buffer[] = [];
  for (const [campo, valor] of Array.isArray(partes) ? partes : Object.entries(partes)) {
    pedacos.push(Buffer.from(`--${limite}\r\n`));
    if (typeof valor === 'string') {
      pedacos.push(Buffer.from(`Content-Disposition: form-data; name="${campo}"\r\n\r\n${valor}\r\n`));
    } else {
      pedacos.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${campo}"; filename="${valor.nome}"\r\nContent-Type: ${valor.tipo ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        valor.dados,
        Buffer.from('\r\n'),
      );
    }
  }
  pedacos.push(Buffer.from(`--${limite}--\r\n`));
  return { payload: Buffer.concat(pedacos), headers: { 'content-type': `multipart/form-data; boundary=${limite}` } };
}
