import crypto from 'node:crypto';
import type { onSendHookHandler } from 'fastify';
import { CompressedBodies, MIN_COMPRESSED_BYTES, pickEncoding, varyOnAcceptEncoding } from '../lib/compression.js';

/**
 * How long browsers and shared caches may reuse a public read without asking
 * again. Short: prices, stock and the catalogue change from the back-office,
 * and after this the client revalidates with If-None-Match (a 304 costs the
 * query but not the transfer).
 */
export const PUBLIC_MAX_AGE_SECONDS = 60;

/**
 * Cache policy of a public GET endpoint (lib/route.ts `cache` option):
 * `{ maxAge }` (the default, PUBLIC_MAX_AGE_SECONDS) or `'no-store'` for public
 * reads that must always be fresh (health, the sandbox mailbox, anything that
 * varies by caller). A `cache-control` the handler sets itself wins.
 */
export type CachePolicy = { maxAge: number } | 'no-store';

/** A strong validator of the exact bytes sent: SHA-1 (fast, native) in base64url. */
export function etagOf(payload: string | Buffer): string {
  return `"${crypto.hash('sha1', payload, 'base64url')}"`;
}

/**
 * The ETags of bodies kept to be sent again as the same Buffer (lib/versioned-reads.ts): hashed once, when kept. A
 * WeakMap of every answer's body would cost each garbage collection a pass over its entries.
 */
const etagsOfKeptBodies = new WeakMap<Buffer, string>();

/** Hashes a body that will be sent again as this same Buffer, so its later answers skip the hash. */
export function rememberEtag(body: Buffer): void {
  if (!etagsOfKeptBodies.has(body)) etagsOfKeptBodies.set(body, etagOf(body));
}

/**
 * Compressed public reads, by ETag and coding: the same answer for every visitor, compressed once. 16 MB holds the
 * store's front lists and a few thousand product pages.
 */
const compressedReads = new CompressedBodies(16 * 1024 * 1024);

/** If-None-Match (RFC 9110 §13.1.2): `*`, or a list of tags, weak or strong (weak comparison). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  for (const raw of header.split(',')) {
    const tag = raw.trim();
    if ((tag.startsWith('W/') ? tag.slice(2) : tag) === etag) return true;
  }
  return false;
}

/**
 * The onSend hook lib/route.ts puts on public GET endpoints (only there: an
 * authenticated answer is never marked public). On a 200 it adds `ETag` (a
 * hash of the serialized body) and `Cache-Control: public, max-age=…`, and
 * answers 304 without a body when the request's If-None-Match names that ETag.
 *
 * A body of 1 KB or more goes Brotli- or gzip-compressed to a client that
 * accepts it (ADR 020), from a cache keyed by the ETag; the compressed
 * representation has its own strong ETag (`"…-br"`, `"…-gzip"`, RFC 9110
 * §8.8.3), and every answer says `Vary: Accept-Encoding`.
 */
export function publicReadCache(policy: CachePolicy): onSendHookHandler {
  if (policy === 'no-store') {
    return (_request, reply, payload, done) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      done(null, payload);
    };
  }
  const cacheControl = `public, max-age=${policy.maxAge}`;
  return (request, reply, payload, done) => {
    // Errors (404, 429, 500, …) are never marked cacheable.
    if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      done(null, payload);
      return;
    }
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', cacheControl);
    varyOnAcceptEncoding(reply);
    // Encoded once: hashed, then sent as it is (Node would encode a string again).
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const etag = etagsOfKeptBodies.get(body) ?? etagOf(body);
    const encoding =
      body.length >= MIN_COMPRESSED_BYTES && !reply.hasHeader('content-encoding')
        ? pickEncoding(request.headers['accept-encoding'])
        : null;
    const sentEtag = encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;
    reply.header('etag', sentEtag);
    if (matchesIfNoneMatch(request.headers['if-none-match'], sentEtag)) {
      reply.code(304);
      done(null, null);
      return;
    }
    if (!encoding) {
      done(null, body);
      return;
    }
    reply.header('content-encoding', encoding);
    done(
      null,
      compressedReads.get(encoding, etag, () => body),
    );
  };
}
