import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded and seeded files live: the local disk (local-file-storage.ts) or an S3 bucket
 * (s3-file-storage.ts), chosen by STORAGE (index.ts, ADR 039). Keys are relative POSIX paths:
 * `public/produtos/<file>.webp`, `public/autores/…`, `public/banners/…`
 * (served at `/api/arquivos/<key without "public/">`) and
 * `private/conteudos/…` (served only through signed URLs).
 */
export interface FileStorage {
  put(key: string, data: Buffer | Readable, contentType?: string): Promise<void>;
  /** A stream of the file, or of the inclusive byte range [start, end]. Errors (ENOENT) surface on the stream. */
  createReadStream(key: string, range?: { start: number; end: number }): Readable;
  /** Size and content type, or null when there is no such file. */
  stat(key: string): Promise<{ size: number; contentType?: string } | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Every file whose key starts with `prefix` (all files when empty), in key order; for copies and backups. */
  list(prefix?: string): AsyncIterable<{ key: string; size: number }>;
  /** Resolves when the store can be read and written (GET /api/ready); rejects with the reason otherwise. */
  check(): Promise<void>;
  /**
   * Prepares the store before its first use, idempotently: S3 creates its bucket when missing (ADR 039). Called by
   * buildApp and the server's start; `initFileStorage` calls it where there is one.
   */
  init?(): Promise<void>;
}

/** Prepares a store (its `init`, when it has one) and returns it. */
export async function initFileStorage<T extends FileStorage>(storage: T): Promise<T> {
  await storage.init?.();
  return storage;
}

export class InvalidFileKeyError extends Error {
  constructor(key: string) {
    super(`Chave de arquivo inválida: ${JSON.stringify(key)}`);
    this.name = 'InvalidFileKeyError';
  }
}

/** A path segment: ASCII letters, digits, `.`, `_`, `-`; at most 200 characters (file systems take 255 bytes). */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;

/**
 * Throws InvalidFileKeyError unless `key` is a relative path of safe segments
 * (letters, digits, `.`, `_`, `-`; no `..`, no leading `/`, no backslash; each
 * segment short enough for any file system).
 */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > 500) throw new InvalidFileKeyError(String(key));
  const segments = key.split('/');
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment === '.' || segment === '..') throw new InvalidFileKeyError(key);
  }
}

export const PUBLIC_PREFIX = 'public/';
/** URL prefix under which public files are served. */
const PUBLIC_URL_PREFIX = '/api/arquivos/';

/** `public/produtos/a.webp` → `/api/arquivos/produtos/a.webp` (the path stored in the database). */
export function publicUrlForKey(key: string): string {
  assertValidKey(key);
  if (!key.startsWith(PUBLIC_PREFIX)) throw new InvalidFileKeyError(key);
  return PUBLIC_URL_PREFIX + key.slice(PUBLIC_PREFIX.length);
}

/** `/api/arquivos/produtos/a.webp` → `public/produtos/a.webp`; null for any other path. */
export function keyForPublicUrl(urlPath: string): string | null {
  if (!urlPath.startsWith(PUBLIC_URL_PREFIX)) return null;
  const key = PUBLIC_PREFIX + urlPath.slice(PUBLIC_URL_PREFIX.length);
  try {
    assertValidKey(key);
    return key;
  } catch {
    return null;
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.jfif': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.avif': 'image/avif',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
  '.avi': 'video/x-msvideo',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
};

/** Content type from the key's extension (undefined when unknown). */
export function contentTypeForKey(key: string): string | undefined {
  return CONTENT_TYPES[path.posix.extname(key).toLowerCase()];
}
