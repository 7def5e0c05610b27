/**
 * PIX BR Codes (EMV QRCPS-MPM) for the sandbox provider, made and read with
 * the maintained `pix-utils` library (docs/integrations.md#pix-br-code: never a
 * hand-rolled CRC), plus the QR image a bank app scans.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { toCents, type Cents } from '@clinica/shared/money';
import { createStaticPix, hasError, isStaticPix, parsePix } from 'pix-utils';
import QRCode from 'qrcode';

/** EMV limits of the fields we fill. */
export const MAX_NOME_RECEBEDOR = 25;
export const MAX_CIDADE_RECEBEDOR = 15;
const TAMANHO_TXID = 25;
/** Field 26 (merchant account) holds at most 99 characters. */
const MAX_CONTA = 99;
/** Longest PIX key (an e-mail); CPF, CNPJ, phone and random keys are shorter. */
export const MAX_CHAVE_PIX = 77;

/**
 * A text as banks print it in a BR Code: accents stripped, upper-case,
 * printable ASCII only (the EMV length counts characters while the CRC runs
 * over UTF-8 bytes, so a non-ASCII character would make both disagree), runs
 * of spaces collapsed, cut to `max`.
 */
export function textoBrCode(texto: string, max: number): string {
  return texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trimEnd();
}

/** A pasted copy-and-paste code as the parser wants it: surrounding blanks and wrapped lines removed. */
export function normalizarCodigo(codigo: string): string {
  return codigo.replace(/[\r\n]+/g, '').trim();
}

const ALFANUMERICOS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A random 25-character alphanumeric txid (the longest the BR Code allows):
 * 62^25 ≈ 2^148 values, so collisions are not a practical concern, and the
 * unique index on the column catches one anyway.
 */
export function novoTxid(): string {
  let txid = '';
  while (txid.length < TAMANHO_TXID) {
    for (const byte of crypto.randomBytes(32)) {
      // Rejection sampling keeps every character equally likely (248 = 4 × 62).
      if (byte < 248 && txid.length < TAMANHO_TXID) txid += ALFANUMERICOS[byte % 62];
    }
  }
  return txid;
}

export interface DadosBrCode {
  recebedorNome: string;
  recebedorCidade: string;
  chavePix: string;
  valorCents: Cents;
  txid: string;
  /** Free text shown by the payer's bank ("Pedido 123"); shortened or left out when the key leaves no room. */
  infoAdicional: string;
}

/**
 * The copy-and-paste code of a charge. It is a static BR Code carrying an
 * amount and a unique txid (what Mercado Pago hands out looks the same to
 * the payer); a dynamic code would need a PSP URL serving a signed payload,
 * which an offline sandbox does not have.
 */
export function montarBrCode(dados: DadosBrCode): string {
  const merchantName = textoBrCode(dados.recebedorNome, MAX_NOME_RECEBEDOR);
  const merchantCity = textoBrCode(dados.recebedorCidade, MAX_CIDADE_RECEBEDOR);
  if (!merchantName || !merchantCity) throw new Error('Nome e cidade do recebedor PIX são obrigatórios');
  if (!Number.isSafeInteger(dados.valorCents) || dados.valorCents <= 0) {
    throw new Error(`Valor de PIX inválido: ${dados.valorCents}`);
  }
  // Room left in field 26 after the GUI (4 + 14) and the key (4 + length), minus its own 4-character header.
  const espacoInfo = MAX_CONTA - 18 - (4 + dados.chavePix.length) - 4;
  const info = espacoInfo > 0 ? textoBrCode(dados.infoAdicional, espacoInfo) : '';
  const pix = createStaticPix({
    merchantName,
    merchantCity,
    pixKey: dados.chavePix,
    // The library takes reais as a number and writes it with toFixed(2); an
    // integer number of cents divided by 100 always prints back exactly (checked below).
    transactionAmount: dados.valorCents / 100,
    txid: dados.txid,
    ...(info ? { infoAdicional: info } : {}),
  });
  if (hasError(pix)) throw new Error(`BR Code não gerado: ${pix.message}`);
  const codigo = pix.toBRCode();
  const lido = lerBrCode(codigo);
  if (!lido || lido.valorCents !== dados.valorCents || lido.txid !== dados.txid) {
    throw new Error('BR Code gerado não confere com a cobrança');
  }
  return codigo;
}

export interface BrCodeLido {
  chavePix: string;
  txid: string;
  recebedor: string;
  cidade: string;
  valorCents: Cents;
  infoAdicional: string | null;
}

/**
 * Reads a BR Code: null unless it parses, its CRC matches, it is a PIX code
 * with a key (not a dynamic URL) in reais for Brazil, and it has an amount
 * and a txid.
 */
export function lerBrCode(codigo: string): BrCodeLido | null {
  const texto = normalizarCodigo(codigo);
  if (!texto) return null;
  let pix: ReturnType<typeof parsePix>;
  try {
    pix = parsePix(texto);
  } catch {
    // The parser throws on some malformed inputs instead of returning its error object.
    return null;
  }
  if (hasError(pix) || !isStaticPix(pix)) return null;
  if (pix.merchantCategoryCode !== '0000' || pix.transactionCurrency !== '986' || pix.countryCode !== 'BR') return null;
  if (!pix.txid || pix.txid === '***' || !pix.transactionAmount) return null;
  const valor = pix.transactionAmount;
  if (!Number.isFinite(valor) || valor <= 0) return null;
  return {
    chavePix: pix.pixKey,
    txid: pix.txid,
    recebedor: pix.merchantName,
    cidade: pix.merchantCity,
    valorCents: toCents(valor),
    infoAdicional: pix.infoAdicional ?? null,
  };
}

/** Quiet zone around the code, in modules: 2 scan well from a phone screen. */
const MARGEM_QR = 2;
/** Smallest side of the image in pixels; the scale is a whole number of pixels per module. */
const LADO_MIN_QR = 300;
const ASSINATURA_PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function blocoPng(tipo: string, dados: Buffer): Buffer {
  const bloco = Buffer.alloc(12 + dados.length);
  bloco.writeUInt32BE(dados.length, 0);
  bloco.write(tipo, 4, 'latin1');
  dados.copy(bloco, 8);
  bloco.writeUInt32BE(zlib.crc32(bloco.subarray(4, 8 + dados.length)), 8 + dados.length);
  return bloco;
}

/**
 * The QR image of a code as Mercado Pago's `qr_code_base64`: a PNG in base64
 * with no `data:` prefix. Medium error correction, a quiet zone of 2 modules,
 * a whole number of pixels per module and at least 300 px a side; the output
 * is deterministic, so it is recomputed on read rather than stored.
 *
 * `qrcode` computes the matrix; the picture is written here as a 1-bit grey
 * PNG (8 pixels a byte, each module row drawn once and repeated), because
 * `qrcode`'s PNG renderer goes through `pngjs`, which writes 8-bit pixels only:
 * one RGBA image per charge cost about 7 ms of CPU, a third of an order + PIX
 * request (bench profile, 24/11), and this costs a fraction of a millisecond.
 */
export function qrCodePngBase64(codigo: string): string {
  const { modules } = QRCode.create(codigo, { errorCorrectionLevel: 'M' });
  const lado = modules.size + 2 * MARGEM_QR;
  const escala = Math.ceil(LADO_MIN_QR / lado);
  const largura = lado * escala;
  const bytesLinha = 1 + Math.ceil(largura / 8); // filter byte (0: none) + the packed pixels
  const imagem = Buffer.alloc(bytesLinha * largura);
  const linhaClara = Buffer.alloc(bytesLinha, 0xff);
  linhaClara[0] = 0;
  const linha = Buffer.alloc(bytesLinha);
  for (let y = 0; y < lado; y++) {
    const l = y - MARGEM_QR;
    let fonte = linhaClara;
    if (l >= 0 && l < modules.size) {
      linha.fill(0xff, 1); // 1 is white in 1-bit grey
      for (let c = 0; c < modules.size; c++) {
        if (!modules.get(l, c)) continue;
        for (let x = (c + MARGEM_QR) * escala, fim = x + escala; x < fim; x++) {
          linha[1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
        }
      }
      fonte = linha;
    }
    for (let r = 0; r < escala; r++) fonte.copy(imagem, (y * escala + r) * bytesLinha);
  }
  const cabecalho = Buffer.alloc(13);
  cabecalho.writeUInt32BE(largura, 0);
  cabecalho.writeUInt32BE(largura, 4);
  cabecalho[8] = 1; // bit depth
  cabecalho[9] = 0; // colour type: grey
  const png = Buffer.concat([
    ASSINATURA_PNG,
    blocoPng('IHDR', cabecalho),
    blocoPng('IDAT', zlib.deflateSync(imagem)),
    blocoPng('IEND', Buffer.alloc(0)),
  ]);
  return png.toString('base64');
}
