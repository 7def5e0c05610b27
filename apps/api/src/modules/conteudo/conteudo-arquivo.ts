/**
 * What a course content file is, decided by its bytes (pdf, mp4,
 * avi; 'mvi' names no known format and is refused, ADR 015). The upload is a
 * stream: `createInspecao` looks at every chunk as it passes and keeps only a
 * few dozen kilobytes (the head for the magic bytes, the tail of a PDF, a partial
 * MP4 box header), so a file of any size is checked in constant memory.
 *
 *  - the name: one of .pdf/.mp4/.avi, and no double extension (aula.exe.pdf);
 *  - the head (file-type on the first 4 100 bytes): PDF, MP4 (ISO BMFF with an
 *    mp4 brand) or AVI (RIFF … AVI ), and it must agree with the name;
 *  - the structure: a PDF ends with `%%EOF` (only line ends or padding after
 *    it: a PDF with a ZIP or another file glued after it does not), carries no
 *    ZIP end-of-central-directory record reaching the end of the file (a ZIP
 *    whose comment ends in `%%EOF`, the PDF/ZIP polyglot) and no web page in
 *    its first kilobyte (the PDF/HTML polyglot); the top-level MP4 boxes start
 *    with `ftyp`, include `moov` and cover the file exactly, an AVI is at
 *    least as long as its RIFF header says.
 */
import { fileTypeFromBuffer } from 'file-type';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { badRequest } from '../../lib/errors.js';

export type FormatoConteudo = 'pdf' | 'mp4' | 'avi';

export const MIME_CONTEUDO: Record<FormatoConteudo, string> = {
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  avi: 'video/x-msvideo',
};

/** Bytes file-type needs to tell the formats apart. */
const TAMANHO_CABECALHO = 4100;
/**
 * The tail of a PDF kept for the end checks: a ZIP's end-of-central-directory
 * record (22 bytes) plus the longest ZIP comment (65 535 bytes).
 */
const CAUDA_PDF = 22 + 0xffff;
/** What may follow a PDF's last `%%EOF`: line ends, spaces, padding. */
const FIM_PDF = /^[\r\n\t\f \0]*$/;
/** Web-page markup no PDF starts with (a browser sniffing the first bytes would render it). */
const MARCADORES_HTML = ['<html', '<script', '<!doctype', '<body', '<iframe', '<svg'];
/** Bytes of a PDF's head looked into for markup. */
const CABECA_PDF = 1024;

/** Whether `cauda` (the last bytes of a file of `total` bytes) ends with a ZIP end-of-central-directory record. */
function terminaEmZip(cauda: Buffer, total: number): boolean {
  const inicio = total - cauda.length;
  for (let i = cauda.lastIndexOf('PK\x05\x06', undefined, 'latin1'); i >= 0;) {
    if (i + 22 <= cauda.length && inicio + i + 22 + cauda.readUInt16LE(i + 20) === total) return true;
    i = i > 0 ? cauda.lastIndexOf('PK\x05\x06', i - 1, 'latin1') : -1;
  }
  return false;
}

/** Whether a PDF's tail ends cleanly: its last `%%EOF` followed only by line ends or padding, no ZIP after it. */
function fimDePdfLimpo(cauda: Buffer, total: number): boolean {
  const eof = cauda.lastIndexOf('%%EOF', undefined, 'latin1');
  if (eof < 0 || eof < cauda.length - 1024) return false;
  return FIM_PDF.test(cauda.toString('latin1', eof + 5)) && !terminaEmZip(cauda, total);
}

/** Inner name parts that make a double extension (aula.exe.pdf, video.mp4.avi). */
const EXTENSOES_SUSPEITAS = new Set([
  'exe', 'com', 'bat', 'cmd', 'scr', 'pif', 'msi', 'dll', 'jar', 'js', 'mjs', 'vbs', 'vbe', 'wsf', 'ps1', 'sh',
  'php', 'phtml', 'py', 'pl', 'cgi', 'asp', 'aspx', 'jsp', 'html', 'htm', 'xhtml', 'svg', 'hta', 'lnk', 'apk',
  'app', 'deb', 'rpm', 'zip', 'rar', '7z', 'gz', 'pdf', 'mp4', 'avi', 'mvi', 'mov', 'mkv', 'webm', 'doc', 'docx',
  'xls', 'xlsx', 'ppt', 'pptx', 'rtf', 'iso', 'img', 'dmg',
]); // prettier-ignore

const ERRO = {
  formato: () => badRequest(MSG_BO.conteudoFormatoInvalido),
  extensao: () => badRequest(MSG_BO.conteudoExtensaoNaoConfere),
  dupla: () => badRequest(MSG_BO.conteudoExtensaoDupla),
  vazio: () => badRequest(MSG_BO.conteudoArquivoVazio),
  corrompido: () => badRequest(MSG_BO.conteudoArquivoCorrompido),
};

/**
 * The format a file name claims (its last extension), or an error: unknown
 * extension (.exe, .mvi, none) or a double extension.
 */
export function formatoDoNome(nome: string | undefined): FormatoConteudo {
  const partes = (nome ?? '').trim().toLowerCase().split('.');
  if (partes.length < 2) throw ERRO.formato();
  const ext = partes.at(-1)!;
  if (ext !== 'pdf' && ext !== 'mp4' && ext !== 'avi') throw ERRO.formato();
  if (partes.slice(1, -1).some((p) => EXTENSOES_SUSPEITAS.has(p.trim()))) throw ERRO.dupla();
  return ext;
}

/** The format the first bytes show (PDF, MP4 or AVI), or null for anything else (file-type). */
async function formatoDosBytes(cabecalho: Buffer): Promise<FormatoConteudo | null> {
  const tipo = await fileTypeFromBuffer(cabecalho);
  if (!tipo) return null;
  if (tipo.ext === 'pdf') return 'pdf';
  if (tipo.ext === 'mp4' || tipo.ext === 'm4v') {
    return cabecalho.subarray(4, 8).toString('latin1') === 'ftyp' ? 'mp4' : null;
  }
  if (tipo.ext === 'avi') return 'avi';
  return null;
}

/** Walks the top-level boxes of an ISO BMFF (MP4) stream, chunk by chunk, keeping at most 16 bytes. */
class CaixasMp4 {
  /** Stream offset of the next chunk. */
  private offset = 0;
  /** Where the next top-level box header starts (Infinity after a box of size 0, "to the end"). */
  private proxima = 0;
  /** The start of a box header cut by the end of the previous chunk. */
  private pendente: Buffer = Buffer.alloc(0);
  private primeira = true;
  private viuMoov = false;
  private erro = false;

  consumir(chunk: Buffer): void {
    const base = this.offset;
    this.offset += chunk.length;
    let i = this.pendente.length ? 0 : this.proxima - base;
    while (!this.erro && i < chunk.length) {
      const parte = chunk.subarray(i, i + 16 - this.pendente.length);
      const cabecalho = this.pendente.length ? Buffer.concat([this.pendente, parte]) : parte;
      const precisa = cabecalho.length >= 4 && cabecalho.readUInt32BE(0) === 1 ? 16 : 8;
      if (cabecalho.length < precisa) {
        // The chunk ended inside the header: keep its start (a copy, not a view of the chunk).
        this.pendente = Buffer.from(cabecalho);
        return;
      }
      this.pendente = Buffer.alloc(0);
      this.abrirCaixa(cabecalho);
      if (this.proxima === Infinity) return;
      i = this.proxima - base;
    }
  }

  private abrirCaixa(cabecalho: Buffer): void {
    const tamanho32 = cabecalho.readUInt32BE(0);
    const tipo = cabecalho.subarray(4, 8).toString('latin1');
    if (!/^[\x20-\x7e]{4}$/.test(tipo) || (this.primeira && tipo !== 'ftyp')) {
      this.erro = true;
      return;
    }
    this.primeira = false;
    if (tipo === 'moov') this.viuMoov = true;
    if (tamanho32 === 0) {
      this.proxima = Infinity;
      return;
    }
    const tamanho = tamanho32 === 1 ? Number(cabecalho.readBigUInt64BE(8)) : tamanho32;
    if (!Number.isSafeInteger(tamanho) || tamanho < (tamanho32 === 1 ? 16 : 8)) {
      this.erro = true;
      return;
    }
    this.proxima += tamanho;
  }

  /** Whether the boxes cover the stream exactly and hold a movie header (`moov`). */
  valido(total: number): boolean {
    const cobre = this.proxima === total || this.proxima === Infinity;
    return !this.erro && this.pendente.length === 0 && this.viuMoov && cobre;
  }
}

export interface InspecaoConteudo {
  /**
   * Feeds the next chunk. Returns the bytes to write now (the head is held
   * until the format is known) or throws the refusal (AppError, 400).
   */
  consumir(chunk: Buffer): Promise<Buffer[]>;
  /** At the end of the stream: the bytes still held, or the refusal (empty, wrong format, broken structure). */
  concluir(): Promise<Buffer[]>;
  readonly formato: FormatoConteudo;
  readonly tamanho: number;
}

/**
 * Checks an upload as it streams, for the format its name claims. Memory: the
 * 4 100-byte head, a PDF's last 64 KiB and at most 16 bytes of an MP4 box
 * header, whatever the file's size.
 */
export function createInspecao(formato: FormatoConteudo): InspecaoConteudo {
  let cabecalho: Buffer[] = [];
  let tamanhoCabecalho = 0;
  let decidido = false;
  let total = 0;
  let cauda = Buffer.alloc(0);
  const caixas = formato === 'mp4' ? new CaixasMp4() : null;
  let riffTamanho = 0;

  async function decidir(): Promise<Buffer[]> {
    const head = Buffer.concat(cabecalho);
    const real = await formatoDosBytes(head.subarray(0, TAMANHO_CABECALHO));
    if (real === null) throw ERRO.formato();
    if (real !== formato) throw ERRO.extensao();
    if (formato === 'pdf') {
      const inicio = head.toString('latin1', 0, CABECA_PDF).toLowerCase();
      if (MARCADORES_HTML.some((m) => inicio.includes(m))) throw ERRO.corrompido();
    }
    if (formato === 'avi') riffTamanho = head.readUInt32LE(4);
    decidido = true;
    cabecalho = [];
    return [head];
  }

  function observar(chunk: Buffer): void {
    total += chunk.length;
    caixas?.consumir(chunk);
    if (formato === 'pdf') {
      // Only the tail, copied (a view would keep the whole chunk alive).
      cauda =
        chunk.length >= CAUDA_PDF
          ? Buffer.from(chunk.subarray(-CAUDA_PDF))
          : Buffer.concat([cauda, chunk]).subarray(-CAUDA_PDF);
    }
  }

  return {
    get formato() {
      return formato;
    },
    get tamanho() {
      return total;
    },
    async consumir(chunk) {
      if (chunk.length === 0) return [];
      observar(chunk);
      if (decidido) return [chunk];
      cabecalho.push(chunk);
      tamanhoCabecalho += chunk.length;
      return tamanhoCabecalho >= TAMANHO_CABECALHO ? decidir() : [];
    },
    async concluir() {
      if (total === 0) throw ERRO.vazio();
      const restante = decidido ? [] : await decidir();
      if (formato === 'pdf' && !fimDePdfLimpo(cauda, total)) throw ERRO.corrompido();
      if (caixas && !caixas.valido(total)) throw ERRO.corrompido();
      if (formato === 'avi' && riffTamanho + 8 > total) throw ERRO.corrompido();
      return restante;
    },
  };
}
