/**
 * The one reader of uploaded pictures (product images, author photos): a
 * multipart file in the field `imagem`, judged by its bytes, never by its name
 * or its declared type. A picture is taken only when
 *  1. its name has a single image extension (`foto.jpg`; not `foto.php.jpg`,
 *     `x.jpg.exe`, `semextensao`);
 *  2. it fits the size limit (read with a cap: a larger file is cut off and refused);
 *  3. its signature (magic bytes, `file-type`) is JPEG, PNG or WebP: SVG and
 *     everything else are refused, whatever the name says;
 *  4. its container ends where the picture ends: nothing after the JPEG EOI, the
 *     PNG IEND or the RIFF size (no PDF, ZIP or script glued behind it), and no
 *     script, HTML or PDF in its metadata (JPEG APPn/COM, PNG text chunks, WebP
 *     EXIF/XMP): the shapes of polyglot files;
 *  5. its header declares at most `maxPixels` pixels (decompression bombs are
 *     refused before any pixel is decoded) and proportions a WebP can hold;
 *  6. sharp decodes all of it, with `limitInputPixels` as a second guard and
 *     any decoder warning (truncated, corrupt) as a failure.
 * Each refusal is an AppError with a 4xx and a pt-BR message, thrown before the
 * caller stores anything. What gets stored is never these bytes: the caller
 * re-encodes them (integrations/files/images.ts, WebP without metadata).
 */
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { CAMPO_IMAGEM, EXTENSOES_IMAGEM } from '@clinica/shared/schemas/imagem';
import { LARGURAS_IMAGEM } from '../integrations/files/images.js';
import { AppError } from './errors.js';
import { tamanhoLegivel } from './tamanho.js';

type FormatoImagem = 'jpeg' | 'png' | 'webp';

export interface LimitesImagem {
  /** Largest file, in bytes. */
  maxBytes: number;
  /** Most pixels (width × height) the header may declare. */
  maxPixels: number;
}

export interface ImagemConferida {
  formato: FormatoImagem;
  /** Size as shown (EXIF orientation applied). */
  largura: number;
  altura: number;
}

export interface ImagemEnviada extends ImagemConferida {
  buffer: Buffer;
  /** The sent file name, without folders or control characters (at most 255 characters). */
  nome: string;
}

/** Default limits: 10 MiB and 50 megapixels (config IMAGE_UPLOAD_MAX_BYTES, IMAGE_MAX_PIXELS). */
export const LIMITES_IMAGEM_PADRAO: LimitesImagem = { maxBytes: 10 * 1024 * 1024, maxPixels: 50_000_000 };

/** The largest side libwebp writes. */
const WEBP_LADO_MAX = 16_383;

const MIME_FORMATO: Record<string, FormatoImagem> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/apng': 'png',
  'image/webp': 'webp',
};

/**
 * Extensions that must not appear inside a name either (`foto.php.jpg`): a
 * server misconfigured to look at any extension of a name would run or render them.
 */
const EXTENSOES_PERIGOSAS = new Set([
  'php',
  'php3',
  'php4',
  'php5',
  'php7',
  'php8',
  'phtml',
  'pht',
  'phps',
  'phar',
  'inc',
  'asp',
  'aspx',
  'ashx',
  'asmx',
  'asa',
  'cer',
  'jsp',
  'jspx',
  'cfm',
  'cgi',
  'pl',
  'py',
  'rb',
  'sh',
  'bash',
  'exe',
  'com',
  'bat',
  'cmd',
  'msi',
  'dll',
  'scr',
  'vbs',
  'vbe',
  'js',
  'mjs',
  'jse',
  'wsf',
  'wsh',
  'ps1',
  'psm1',
  'hta',
  'jar',
  'war',
  'swf',
  'html',
  'htm',
  'xhtml',
  'shtml',
  'svg',
  'svgz',
  'xml',
  'xsl',
  'pdf',
  'htaccess',
  'lnk',
  'reg',
  'apk',
  'elf',
  'so',
]);

/** What no picture's metadata holds: the start of a script, a web page or a PDF. */
const MARCADORES_POLIGLOTA = ['<?php', '<script', '<html', '<!doctype html', '<svg', '<iframe', 'javascript:', '%pdf-'];

const recusa = (status: number, message: string) => new AppError(status, message);

const emMegapixels = (pixels: number) =>
  new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(pixels / 1_000_000);

/**
 * The name a picture is kept under (its last path segment, without control
 * characters, at most 255 characters), or a 422 when it does not end in one
 * image extension or carries a dangerous one inside (`foto.php.jpg`, `x.jpg.exe`).
 */
export function conferirNomeImagem(enviado: string | undefined): string {
  const base = (enviado ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(base)) throw recusa(422, MSG_BO.imagemNomeInvalido);
  const nome = base.trim();
  const partes = nome.split('.');
  if (nome !== base || partes.length < 2 || partes[0] === '') throw recusa(422, MSG_BO.imagemNomeInvalido);
  const extensao = partes[partes.length - 1]!.toLowerCase();
  if (!(EXTENSOES_IMAGEM as readonly string[]).includes(extensao)) throw recusa(422, MSG_BO.imagemNomeInvalido);
  for (const parte of partes.slice(1, -1)) {
    if (EXTENSOES_PERIGOSAS.has(parte.trim().toLowerCase())) throw recusa(422, MSG_BO.imagemNomeInvalido);
  }
  return nome.length <= 255 ? nome : `${nome.slice(0, 250 - extensao.length)}….${extensao}`;
}

/** Whether text bytes look like an SVG (or any XML that may be one). */
function pareceSvg(buffer: Buffer): boolean {
  const inicio = buffer
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return inicio.startsWith('<svg') || inicio.startsWith('<?xml') || (inicio.startsWith('<') && inicio.includes('<svg'));
}

interface Container {
  /** Offset just past the picture's last byte. */
  fim: number;
  /** Metadata bytes (not pixel data) to look into. */
  metadados: Buffer[];
}

/**
 * The end of a JPEG (past its EOI) and its APPn/COM segments: markers are
 * walked by their lengths, and the entropy-coded data after each SOS up to the
 * next marker that is not a stuffed byte or a restart. Null when malformed.
 */
export function containerJpeg(buf: Buffer): Container | null {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8) return null;
  const metadados: Buffer[] = [];
  let i = 2;
  while (i < buf.length) {
    if (buf[i] !== 0xff) return null;
    while (i < buf.length && buf[i] === 0xff) i++;
    if (i >= buf.length) return null;
    const marcador = buf[i++]!;
    if (marcador === 0xd9) return { fim: i, metadados };
    if (marcador === 0xd8 || marcador === 0x00) return null;
    if ((marcador >= 0xd0 && marcador <= 0xd7) || marcador === 0x01) continue;
    if (i + 2 > buf.length) return null;
    const tamanho = buf.readUInt16BE(i);
    if (tamanho < 2 || i + tamanho > buf.length) return null;
    if ((marcador >= 0xe0 && marcador <= 0xef) || marcador === 0xfe) metadados.push(buf.subarray(i + 2, i + tamanho));
    i += tamanho;
    if (marcador === 0xda) {
      // Entropy-coded data: 0xFF is followed by 0x00 (a stuffed byte), a restart marker or more 0xFF fill.
      for (;;) {
        const ff = buf.indexOf(0xff, i);
        if (ff < 0 || ff + 1 >= buf.length) return null;
        const seguinte = buf[ff + 1]!;
        if (seguinte === 0x00 || (seguinte >= 0xd0 && seguinte <= 0xd7)) {
          i = ff + 2;
        } else if (seguinte === 0xff) {
          i = ff + 1;
        } else {
          i = ff;
          break;
        }
      }
    }
  }
  return null;
}

const PNG_ASSINATURA = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** PNG chunks of pixel data (not looked into: compressed bytes match anything by chance). */
const PNG_PIXELS = new Set(['IDAT', 'fdAT']);

/** The end of a PNG (past IEND's CRC) and its non-pixel chunks. Null when malformed. */
export function containerPng(buf: Buffer): Container | null {
  if (buf.length < 8 || !buf.subarray(0, 8).equals(PNG_ASSINATURA)) return null;
  const metadados: Buffer[] = [];
  let i = 8;
  while (i + 12 <= buf.length) {
    const tamanho = buf.readUInt32BE(i);
    const tipo = buf.toString('latin1', i + 4, i + 8);
    if (!/^[A-Za-z]{4}$/.test(tipo) || i + 12 + tamanho > buf.length) return null;
    if (!PNG_PIXELS.has(tipo)) metadados.push(buf.subarray(i + 8, i + 8 + tamanho));
    i += 12 + tamanho;
    if (tipo === 'IEND') return { fim: i, metadados };
  }
  return null;
}

/** WebP chunks of pixel data or structure (not looked into). */
const WEBP_PIXELS = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF']);

/** The end of a WebP (the RIFF size) and its metadata chunks (EXIF, XMP, unknown). Null when malformed. */
export function containerWebp(buf: Buffer): Container | null {
  if (buf.length < 20 || buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WEBP') {
    return null;
  }
  const fim = 8 + buf.readUInt32LE(4);
  if (fim > buf.length || fim < 20) return null;
  const metadados: Buffer[] = [];
  let i = 12;
  while (i + 8 <= fim) {
    const tipo = buf.toString('latin1', i, i + 4);
    const tamanho = buf.readUInt32LE(i + 4);
    if (i + 8 + tamanho > fim) return null;
    if (!WEBP_PIXELS.has(tipo)) metadados.push(buf.subarray(i + 8, i + 8 + tamanho));
    i += 8 + tamanho + (tamanho % 2);
  }
  return i >= fim ? { fim, metadados } : null;
}

const CONTAINERS: Record<FormatoImagem, (buf: Buffer) => Container | null> = {
  jpeg: containerJpeg,
  png: containerPng,
  webp: containerWebp,
};

/**
 * Steps 3 to 6 of the module comment on the bytes of a file: its format and
 * shown size, or an AppError (415 not an accepted picture, 422 polyglot,
 * corrupt, too many pixels or impossible proportions).
 */
export async function conferirImagem(
  buffer: Buffer,
  limites: Pick<LimitesImagem, 'maxPixels'>,
): Promise<ImagemConferida> {
  const tipo = await fileTypeFromBuffer(buffer);
  const formato = tipo ? MIME_FORMATO[tipo.mime] : undefined;
  if (!formato) {
    const svg = (!tipo || tipo.ext === 'xml' || tipo.ext === 'svg') && pareceSvg(buffer);
    throw recusa(415, svg ? MSG_BO.imagemSvgRecusada : MSG_BO.imagemFormatoInvalido);
  }

  const container = CONTAINERS[formato](buffer);
  if (!container) throw recusa(422, MSG_BO.imagemCorrompida);
  // Padding (zeros, 0xFF fill) after the end is harmless; anything else is another file glued on.
  const resto = buffer.subarray(container.fim);
  if (resto.some((b) => b !== 0x00 && b !== 0xff)) throw recusa(422, MSG_BO.imagemDadosExtras);
  for (const bloco of container.metadados) {
    const texto = bloco.toString('latin1').toLowerCase();
    if (MARCADORES_POLIGLOTA.some((m) => texto.includes(m))) throw recusa(422, MSG_BO.imagemDadosExtras);
  }

  const opcoes = { limitInputPixels: limites.maxPixels, failOn: 'warning' as const };
  let meta: Metadata;
  try {
    // The header only (no pixel is decoded): the pixel count is judged below, with its own message.
    meta = await sharp(buffer, { ...opcoes, limitInputPixels: false }).metadata();
  } catch {
    throw recusa(422, MSG_BO.imagemCorrompida);
  }
  if (!meta.width || !meta.height) throw recusa(422, MSG_BO.imagemCorrompida);
  if (meta.width * meta.height > limites.maxPixels) {
    throw recusa(422, MSG_BO.imagemPixelsDemais.replace('{max}', emMegapixels(limites.maxPixels)));
  }
  const largura = meta.autoOrient?.width ?? meta.width;
  const altura = meta.autoOrient?.height ?? meta.height;
  // The widest variant (images.ts) keeps the proportion: its height must fit a WebP.
  const maiorLargura = Math.min(largura, Math.max(...LARGURAS_IMAGEM));
  if (Math.round((altura * maiorLargura) / largura) > WEBP_LADO_MAX) throw recusa(422, MSG_BO.imagemDimensoesInvalidas);

  try {
    // A full decode (every scan, every row) at a small size: truncated or corrupt data fails here.
    await sharp(buffer, opcoes).resize(16, 16, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw recusa(422, MSG_BO.imagemCorrompida);
  }
  return { formato, largura, altura };
}

/**
 * Reads the one picture of a multipart request (field `imagem`) and checks it
 * (module comment): its bytes, kept name, format and size, or an AppError.
 * Registered on the API scope by app.ts; the size cap applies to this call.
 */
export async function lerImagemEnviada(request: FastifyRequest, limites: LimitesImagem): Promise<ImagemEnviada> {
  if (!request.isMultipart()) throw recusa(400, MSG_BO.selecioneImagem);
  const arquivo = await request.file({
    limits: { fileSize: limites.maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
  if (!arquivo) throw recusa(400, MSG_BO.selecioneImagem);
  if (arquivo.fieldname !== CAMPO_IMAGEM) {
    arquivo.file.resume();
    throw recusa(400, MSG_BO.selecioneImagem);
  }
  let buffer: Buffer;
  try {
    buffer = await arquivo.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw recusa(413, MSG_BO.imagemMuitoGrande.replace('{max}', tamanhoLegivel(limites.maxBytes)));
    }
    throw err;
  }
  const nome = conferirNomeImagem(arquivo.filename);
  if (buffer.length === 0) throw recusa(400, MSG_BO.imagemVazia);
  const conferida = await conferirImagem(buffer, limites);
  return { ...conferida, buffer, nome };
}
