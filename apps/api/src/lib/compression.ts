import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { ByteLru } from './byte-lru.js';

/**
 * Compression of what the server generates: the pages rendered with their
 * data (plugins/static-web.ts) and the public reads of the API
 * (plugins/http-cache.ts). The build's files are compressed once, at build
 * time, and are not concerned here. ADR 020.
 */
export type ContentEncoding = 'br' | 'gzip';

/**
 * Brotli 6 / gzip 6: what is compressed here changes with the catalogue, and Brotli 11 costs about ten times the
 * CPU for a few per cent less.
 */
const BROTLI_QUALITY = 6;
const GZIP_LEVEL = 6;

/** Below this size the headers outweigh what compression saves. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * The coding to send, from the request's Accept-Encoding (RFC 9110 §12.5.3): Brotli, else gzip, else none. A coding
 * the client lists with `q=0` is one it refuses; `*` is not read (browsers name the codings they take).
 */
export function pickEncoding(header: string | string[] | undefined): ContentEncoding | null {
  if (!header) return null;
  const text = (Array.isArray(header) ? header.join(',') : header).toLowerCase();
  let br = false;
  let gzip = false;
  for (const item of text.split(',')) {
    const [coding = '', ...params] = item.split(';');
    const name = coding.trim();
    if (name !== 'br' && name !== 'gzip' && name !== 'x-gzip') continue;
    let accepted = true;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim() === 'q') accepted = Number(value?.trim()) > 0;
    }
    if (name === 'br') br = accepted;
    else gzip = accepted;
  }
  return br ? 'br' : gzip ? 'gzip' : null;
}

export function compress(encoding: ContentEncoding, body: string | Buffer): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : zlib.gzipSync(body, { level: GZIP_LEVEL });
}

/**
 * Compressed bodies by a key that names their content (an ETag, a hash of the page), so an entry is never stale: new
 * content has a new key. Bounded by the bytes it keeps; the least recently used entries go first.
 */
export class CompressedBodies {
  private readonly entries: ByteLru<Buffer>;
  constructor(maxBytes: number) {
    this.entries = new ByteLru(maxBytes, (buffer) => buffer.length);
  }

  /** The compressed body of `key`, compressing `body` the first time (or again after it was evicted). */
  get(encoding: ContentEncoding, key: string, body: () => string | Buffer): Buffer {
    const entryKey = `${encoding}\n${key}`;
    const found = this.entries.get(entryKey);
    if (found) return found;
    const compressed = compress(encoding, body());
    this.entries.set(entryKey, compressed);
    return compressed;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Adds `Accept-Encoding` to the reply's Vary: shared caches must keep one copy per coding. */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'Accept-Encoding');
  else if (!/\baccept-encoding\b/i.test(String(vary))) reply.header('vary', `${String(vary)}, Accept-Encoding`);
}
