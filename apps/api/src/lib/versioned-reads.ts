import type { FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import { rememberEtag } from '../plugins/http-cache.js';
import { ByteLru } from './byte-lru.js';

/**
 * Public reads kept by a version the database raises in the same transaction as any change of what they show
 * (ADR 021). Each request reads the version (one small statement, shared by the requests waiting for it); when the
 * answer kept for the request's URL was made at that version it is sent as it is, without the handler, its
 * statement or its encoding. Otherwise the handler runs and its answer is kept under the version read before it.
 *
 * Why an answer is never stale: the version is read before the data, so data read after it holds every change up to
 * that version (and maybe later ones). A request that reads version v needs every change up to v, and the answer
 * kept at v holds them. The version moves in the transaction of the change, so a committed change is never visible
 * under an old version. Each instance of the API keeps its own answers and asks the same database.
 */
export interface VersionedReads {
  /** Sends the kept answer when its version is the current one; else notes the version for `onSend`. */
  readonly onRequest: onRequestHookHandler;
  /** Keeps a 200 answer under the version its request read. Must run before the hooks that compress or answer 304. */
  readonly onSend: onSendHookHandler;
  /** How many answers and bytes are kept (tests, diagnostics). */
  stats(): { entries: number; bytes: number };
}

interface KeptAnswer {
  version: string;
  body: Buffer;
  contentType: string;
}

/**
 * `read` shared by concurrent callers, so that under load one statement serves many requests, while each caller gets
 * the result of a read that started after it called (one in flight at a time; callers arriving meanwhile share the
 * next one). A read already in flight when a request arrives may have missed a change committed just before.
 */
export function coalesced<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const promise: Promise<T> = read().finally(() => {
      if (running === promise) running = undefined;
    });
    running = promise;
    return promise;
  };
  const settled = () => undefined;
  return () => {
    if (!running) return start();
    next ??= running.then(settled, settled).then(() => {
      next = undefined;
      return start();
    });
    return next;
  };
}

export function createVersionedReads(options: {
  /**
   * The current version, opaque, compared for equality only (a read of the database that started after the call:
   * see `coalesced`).
   */
  version: () => Promise<string>;
  /** Bound of the bytes kept; the least recently used answers go first. */
  maxBytes: number;
  /** Counts the kept answers sent and the reads that ran their handler (the metrics, ADR 040). */
  counter?: { hit(): void; miss(): void } | undefined;
}): VersionedReads {
  const counter = options.counter;
  const kept = new ByteLru<KeptAnswer>(options.maxBytes, (answer) => answer.body.length + answer.contentType.length);
  // The version each request read before its handler ran (only requests that missed).
  const readVersion = new WeakMap<FastifyRequest, string>();

  const onRequest: onRequestHookHandler = async (request, reply) => {
    const version = await options.version();
    // The URL with its query string: the same handler input, the same answer. Only GET routes use this.
    const answer = kept.get(request.url);
    if (answer && answer.version === version) {
      counter?.hit();
      reply.header('content-type', answer.contentType);
      return reply.send(answer.body);
    }
    counter?.miss();
    readVersion.set(request, version);
  };

  const onSend: onSendHookHandler = (request, reply, payload, done) => {
    const version = readVersion.get(request);
    if (
      version === undefined ||
      reply.statusCode !== 200 ||
      (typeof payload !== 'string' && !Buffer.isBuffer(payload))
    ) {
      done(null, payload);
      return;
    }
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    rememberEtag(body);
    // The latest answer made replaces the one kept, even if it read an earlier version than that one's (a slow
    // request): it is never sent for another version, so that costs at most one more run of the handler.
    kept.set(request.url, {
      version,
      body,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
    });
    done(null, body);
  };

  return { onRequest, onSend, stats: () => ({ entries: kept.size, bytes: kept.byteSize }) };
}
