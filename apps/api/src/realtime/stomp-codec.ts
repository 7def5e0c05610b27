/**
 * STOMP 1.2 frames (https://stomp.github.io/stomp-specification-1.2.html):
 * parsing a byte stream into frames and serializing frames to text. Pure; no I/O.
 *
 *   frame = command EOL *(header EOL) EOL *OCTET NUL *(EOL)
 *
 * Sizes are counted in UTF-8 bytes, as `content-length` is. SockJS delivers
 * text messages, and a client may (in principle) split a frame over several
 * messages or put several frames in one, so the parser is incremental.
 */

export type StompHeaders = Readonly<Record<string, string>>;

export interface StompFrame {
  command: string;
  headers: StompHeaders;
  /** The body as UTF-8 text ('' when none). */
  body: string;
}

/** A malformed or oversized frame: a fatal protocol error (the server answers ERROR and closes). */
export class StompProtocolError extends Error {
  override readonly name = 'StompProtocolError';
}

/** 64 KiB: notifications are a few hundred bytes; anything near this is abuse. */
export const DEFAULT_MAX_FRAME_BYTES = 64 * 1024;
/** Headers per frame; STOMP clients send fewer than ten. */
const DEFAULT_MAX_HEADERS = 64;

/** A heart-beat is one end-of-line. */
export const HEARTBEAT_EOL = '\n';

/** CONNECT and CONNECTED headers are not escaped (STOMP 1.2 "Value Encoding"), so a colon in a passcode survives. */
const UNESCAPED_COMMANDS = new Set(['CONNECT', 'CONNECTED']);
/** STOMP is the 1.2 synonym of CONNECT and takes the same raw headers. */
const RAW_HEADER_COMMANDS = new Set(['CONNECT', 'STOMP', 'CONNECTED']);

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const COLON = ':';

export function escapeHeader(value: string): string {
  return value.replace(/[\\\r\n:]/g, (c) => (c === '\\' ? '\\\\' : c === '\r' ? '\\r' : c === '\n' ? '\\n' : '\\c'));
}

/** Undefined escape sequences (e.g. `\t`) are fatal, as the STOMP 1.2 specification demands. */
export function unescapeHeader(value: string): string {
  return value.replace(/\\(.?)/gs, (_m, c: string) => {
    switch (c) {
      case '\\':
        return '\\';
      case 'r':
        return '\r';
      case 'n':
        return '\n';
      case 'c':
        return ':';
      default:
        throw new StompProtocolError(`Sequência de escape inválida no cabeçalho: \\${c}`);
    }
  });
}

/**
 * A frame as text for a text transport. Headers are written in the given
 * order; `content-length` (UTF-8 bytes) is added for a non-empty body unless
 * given, so a body may contain NUL. Header names and values are escaped
 * except in CONNECT/CONNECTED.
 */
export function serializeFrame(frame: {
  command: string;
  headers?: Record<string, string | number> | Array<[string, string | number]>;
  body?: string;
}): string {
  const { command } = frame;
  if (!/^[A-Z]+$/.test(command)) throw new StompProtocolError(`Comando STOMP inválido: ${command}`);
  const body = frame.body ?? '';
  const raw = UNESCAPED_COMMANDS.has(command);
  const entries = Array.isArray(frame.headers) ? frame.headers : Object.entries(frame.headers ?? {});
  let out = `${command}\n`;
  let hasLength = false;
  for (const [name, value] of entries) {
    const text = String(value);
    if (raw && /[\r\n]/.test(name + text)) throw new StompProtocolError(`Cabeçalho ${command} com quebra de linha`);
    if (name === 'content-length') hasLength = true;
    out += raw ? `${name}:${text}\n` : `${escapeHeader(name)}:${escapeHeader(text)}\n`;
  }
  if (!hasLength && body.length > 0) out += `content-length:${Buffer.byteLength(body, 'utf8')}\n`;
  return `${out}\n${body}\0`;
}

export interface StompParserOptions {
  /** Largest frame accepted (command, headers and body), in bytes. */
  maxFrameBytes?: number;
  maxHeaders?: number;
}

/**
 * Incremental parser: `push()` the transport's messages as they come and get
 * the complete frames; heart-beats (EOLs between frames) are dropped and
 * counted in `heartbeats`. Throws StompProtocolError on a malformed frame or
 * once a frame (complete or still arriving) exceeds `maxFrameBytes`; after a
 * throw the parser is unusable (the connection is to be closed).
 */
export class StompParser {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly maxFrameBytes: number;
  private readonly maxHeaders: number;
  private failed = false;
  /** Heart-beat EOLs seen so far. */
  heartbeats = 0;

  constructor(options: StompParserOptions = {}) {
    this.maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
    this.maxHeaders = options.maxHeaders ?? DEFAULT_MAX_HEADERS;
  }

  /** Bytes received that do not yet form a complete frame. */
  get pendingBytes(): number {
    return this.buffer.length;
  }

  push(chunk: string | Buffer): StompFrame[] {
    if (this.failed) throw new StompProtocolError('Parser encerrado após erro de protocolo');
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.buffer = this.buffer.length === 0 ? bytes : Buffer.concat([this.buffer, bytes]);
    const frames: StompFrame[] = [];
    try {
      for (;;) {
        this.skipHeartbeats();
        if (this.buffer.length === 0) break;
        const frame = this.next();
        if (!frame) break;
        frames.push(frame);
      }
    } catch (err) {
      this.failed = true;
      this.buffer = Buffer.alloc(0);
      throw err;
    }
    return frames;
  }

  /** Drops leading EOLs (LF or CR LF); a lone CR at the end waits for its LF. */
  private skipHeartbeats(): void {
    let i = 0;
    const b = this.buffer;
    while (i < b.length) {
      if (b[i] === LF) {
        i += 1;
        this.heartbeats += 1;
      } else if (b[i] === CR && i + 1 < b.length && b[i + 1] === LF) {
        i += 2;
        this.heartbeats += 1;
      } else break;
    }
    if (i > 0) this.buffer = b.subarray(i);
  }

  /** One frame from the start of the buffer, or undefined when it is not complete yet. */
  private next(): StompFrame | undefined {
    const b = this.buffer;
    // The header section ends at the first empty line.
    let lineStart = 0;
    const lines: string[] = [];
    let bodyStart = -1;
    for (;;) {
      const lf = b.indexOf(LF, lineStart);
      if (lf < 0) break;
      const lineEnd = lf > lineStart && b[lf - 1] === CR ? lf - 1 : lf;
      if (lineEnd === lineStart && lines.length > 0) {
        bodyStart = lf + 1;
        break;
      }
      lines.push(b.toString('utf8', lineStart, lineEnd));
      if (lines.length > this.maxHeaders + 1) throw new StompProtocolError('Cabeçalhos demais no quadro');
      lineStart = lf + 1;
    }
    if (bodyStart < 0) {
      this.checkSize(b.length);
      return undefined;
    }
    const command = lines[0] ?? '';
    if (!/^[A-Z]+$/.test(command)) throw new StompProtocolError('Comando STOMP inválido');
    const headers = this.parseHeaders(command, lines.slice(1));

    let bodyEnd: number;
    const length = headers['content-length'];
    if (length !== undefined) {
      if (!/^\d{1,9}$/.test(length)) throw new StompProtocolError('content-length inválido');
      bodyEnd = bodyStart + Number(length);
      this.checkSize(bodyEnd + 1);
      if (b.length < bodyEnd + 1) return undefined;
      if (b[bodyEnd] !== NUL) throw new StompProtocolError('Quadro sem NUL após content-length bytes');
    } else {
      bodyEnd = b.indexOf(NUL, bodyStart);
      if (bodyEnd < 0) {
        this.checkSize(b.length);
        return undefined;
      }
    }
    this.checkSize(bodyEnd + 1);
    const body = b.toString('utf8', bodyStart, bodyEnd);
    this.buffer = b.subarray(bodyEnd + 1);
    return { command, headers, body };
  }

  private checkSize(bytes: number): void {
    if (bytes > this.maxFrameBytes) {
      throw new StompProtocolError(`Quadro maior que ${this.maxFrameBytes} bytes`);
    }
  }

  /** Repeated headers: the first one wins (STOMP 1.2 "Repeated Header Entries"). */
  private parseHeaders(command: string, lines: string[]): StompHeaders {
    const raw = RAW_HEADER_COMMANDS.has(command);
    const headers: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const line of lines) {
      const colon = line.indexOf(COLON);
      if (colon <= 0) throw new StompProtocolError('Cabeçalho sem nome ou sem dois-pontos');
      const name = raw ? line.slice(0, colon) : unescapeHeader(line.slice(0, colon));
      const value = raw ? line.slice(colon + 1) : unescapeHeader(line.slice(colon + 1));
      if (!(name in headers)) headers[name] = value;
    }
    return headers;
  }
}

/** Parses exactly one frame (heart-beats around it allowed); throws when the text holds less or more. */
export function parseFrame(text: string | Buffer, options?: StompParserOptions): StompFrame {
  const parser = new StompParser(options);
  const frames = parser.push(text);
  if (frames.length !== 1 || parser.pendingBytes > 0) {
    throw new StompProtocolError(frames.length === 0 ? 'Quadro STOMP incompleto' : 'Mais de um quadro STOMP');
  }
  return frames[0]!;
}
