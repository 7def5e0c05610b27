import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ByteLru } from './byte-lru.js';
import { coalesced, createVersionedReads } from './versioned-reads.js';

/** A promise with its resolve/reject outside. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('coalesced', () => {
  it('callers that arrive while a read is in flight share the next read, which starts after it', async () => {
    const reads: ReturnType<typeof deferred<number>>[] = [];
    const read = coalesced(() => {
      const d = deferred<number>();
      reads.push(d);
      return d.promise;
    });
    const a = read();
    const b = read();
    const c = read();
    expect(reads).toHaveLength(1);
    reads[0]!.resolve(1);
    expect(await a).toBe(1);
    // b and c called during the first read: they wait for a read that started after them.
    await Promise.resolve();
    await Promise.resolve();
    expect(reads).toHaveLength(2);
    reads[1]!.resolve(2);
    expect([await b, await c]).toEqual([2, 2]);
    // Nothing in flight: the next caller starts its own read.
    const d = read();
    expect(reads).toHaveLength(3);
    reads[2]!.resolve(3);
    expect(await d).toBe(3);
  });

  it('a failed read fails its callers only; the next call reads again', async () => {
    let n = 0;
    const read = coalesced(async () => {
      n += 1;
      if (n === 1) throw new Error('banco fora');
      return n;
    });
    await expect(read()).rejects.toThrow('banco fora');
    expect(await read()).toBe(2);
  });
});

describe('ByteLru', () => {
  it('keeps up to its bytes, dropping the least recently used; a value over the bound is not kept', () => {
    const lru = new ByteLru<string>(10, (v) => v.length);
    lru.set('a', 'aaaa');
    lru.set('b', 'bbbb');
    expect(lru.get('a')).toBe('aaaa'); // a is now the most recent
    lru.set('c', 'cccc');
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual(['aaaa', undefined, 'cccc']);
    expect(lru.byteSize).toBe(8);
    lru.set('a', 'a');
    expect([lru.size, lru.byteSize]).toEqual([2, 5]);
    lru.set('grande', 'x'.repeat(11));
    expect([lru.get('grande'), lru.size]).toEqual([undefined, 2]);
  });
});

describe('createVersionedReads', () => {
  async function app(initial = 1) {
    let version = initial;
    let calls = 0;
    const gates: Record<string, Promise<void>> = {};
    const reads = createVersionedReads({ version: async () => String(version), maxBytes: 1024 * 1024 });
    const server = Fastify();
    server.get<{ Querystring: { q?: string; falha?: string } }>(
      '/leitura',
      { onRequest: reads.onRequest, onSend: reads.onSend },
      async (request, reply) => {
        const chamada = ++calls;
        const seen = version;
        const gate = gates[request.query.q ?? ''];
        if (gate) await gate;
        if (request.query.falha) return reply.code(404).send({ message: 'não há' });
        return { q: request.query.q ?? null, versao: seen, chamada };
      },
    );
    await server.ready();
    return {
      server,
      reads,
      gates,
      setVersion: (v: number) => (version = v),
      calls: () => calls,
      get: async (url: string) => (await server.inject({ method: 'GET', url })).json() as Record<string, unknown>,
    };
  }

  it('runs the handler once per version and URL; another query string is another answer', async () => {
    const t = await app();
    expect(await t.get('/leitura?q=a')).toEqual({ q: 'a', versao: 1, chamada: 1 });
    expect(await t.get('/leitura?q=a')).toEqual({ q: 'a', versao: 1, chamada: 1 });
    expect(await t.get('/leitura?q=b')).toEqual({ q: 'b', versao: 1, chamada: 2 });
    t.setVersion(2);
    expect(await t.get('/leitura?q=a')).toEqual({ q: 'a', versao: 2, chamada: 3 });
    expect(await t.get('/leitura?q=a')).toEqual({ q: 'a', versao: 2, chamada: 3 });
    const kept = await t.server.inject({ method: 'GET', url: '/leitura?q=a' });
    expect(kept.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(t.reads.stats().entries).toBe(2);
    await t.server.close();
  });

  it('an answer other than 200 is not kept', async () => {
    const t = await app();
    expect((await t.server.inject({ method: 'GET', url: '/leitura?falha=1' })).statusCode).toBe(404);
    expect((await t.server.inject({ method: 'GET', url: '/leitura?falha=1' })).statusCode).toBe(404);
    expect(t.calls()).toBe(2);
    expect(t.reads.stats().entries).toBe(0);
    await t.server.close();
  });

  it('a slow request that read an older version keeps its answer for that version only, never for the newer one', async () => {
    const t = await app(1);
    const gate = deferred<void>();
    t.gates['lenta'] = gate.promise;
    const lenta = t.get('/leitura?q=lenta'); // reads version 1, then waits
    await new Promise((resolve) => setTimeout(resolve, 10));
    t.setVersion(2);
    delete t.gates['lenta'];
    expect(await t.get('/leitura?q=lenta')).toEqual({ q: 'lenta', versao: 2, chamada: 2 });
    gate.resolve();
    expect(await lenta).toEqual({ q: 'lenta', versao: 1, chamada: 1 });
    // Version 1's answer was kept last; at version 2 the handler runs again rather than send it.
    expect(await t.get('/leitura?q=lenta')).toEqual({ q: 'lenta', versao: 2, chamada: 3 });
    expect(await t.get('/leitura?q=lenta')).toEqual({ q: 'lenta', versao: 2, chamada: 3 });
    await t.server.close();
  });
});
