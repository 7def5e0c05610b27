import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { MSG_API } from '@clinica/shared/messages-api';
import { assertValidKey, PUBLIC_PREFIX, type FileStorage } from '../../integrations/files/index.js';
import { notFound } from '../../lib/errors.js';

export interface PublicFile {
  key: string;
  size: number;
  contentType: string;
  etag: string;
  open(): Readable;
}

/** `produtos/a.webp` → `public/produtos/a.webp`; null for anything that could leave the public area. */
function publicKey(rest: string): string | null {
  const key = PUBLIC_PREFIX + rest;
  try {
    assertValidKey(key);
    return key;
  } catch {
    return null;
  }
}

export function createArquivoService({ storage }: { storage: FileStorage }) {
  return {
    /** A file of the public storage area; 404 for anything else (traversal, private/, missing). */
    async openPublic(rest: string): Promise<PublicFile> {
      const key = publicKey(rest);
      if (!key) throw notFound(MSG_API.arquivoNaoEncontrado);
      const stat = await storage.stat(key);
      if (!stat) throw notFound(MSG_API.arquivoNaoEncontrado);
      // Stored files are never rewritten in place (a new upload gets a new key).
      const etag = `"${crypto.createHash('sha256').update(`${key}:${stat.size}`).digest('base64url').slice(0, 27)}"`;
      return {
        key,
        size: stat.size,
        contentType: stat.contentType ?? 'application/octet-stream',
        etag,
        open: () => storage.createReadStream(key),
      };
    },
  };
}

export type ArquivoService = ReturnType<typeof createArquivoService>;
