import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CompressedBodies, compress, pickEncoding } from './compression.js';

describe('pickEncoding', () => {
  it('Brotli when accepted, else gzip, else nothing', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('x-gzip')).toBe('gzip');
    expect(pickEncoding('GZIP;q=0.5, BR;q=0.8')).toBe('br');
    expect(pickEncoding(['deflate', 'br'])).toBe('br');
    expect(pickEncoding('deflate, identity')).toBeNull();
    expect(pickEncoding('')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    // Names that merely contain the codings are other codings.
    expect(pickEncoding('brotli, gzipped')).toBeNull();
  });

  it('a coding listed with q=0 is refused', () => {
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('br; q=0.0, gzip;q=0')).toBeNull();
    expect(pickEncoding('br;q=0.001')).toBe('br');
  });
});

describe('CompressedBodies', () => {
  const text = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ id: i, nome: `Produto ${i}` })));

  it('compresses once per key and coding, and the bytes decompress to the body', () => {
    const cache = new CompressedBodies(1024 * 1024);
    let calls = 0;
    const body = text(200);
    const read = () => {
      calls++;
      return body;
    };
    const br = cache.get('br', 'k', read);
    expect(zlib.brotliDecompressSync(br).toString()).toBe(body);
    expect(cache.get('br', 'k', read)).toBe(br);
    const gz = cache.get('gzip', 'k', read);
    expect(zlib.gunzipSync(gz).toString()).toBe(body);
    expect(calls).toBe(2);
    expect(br.length).toBeLessThan(body.length / 3);
  });

  it('keeps at most its bytes, dropping the least recently used first', () => {
    const one = compress('gzip', text(300)).length;
    const cache = new CompressedBodies(one * 2 + 100);
    let calls = 0;
    const read = (n: number) => () => {
      calls++;
      return text(300).replace('Produto 0', `Item ${n}`);
    };
    cache.get('gzip', 'a', read(1));
    cache.get('gzip', 'b', read(2));
    cache.get('gzip', 'a', read(1)); // a is now the most recent
    cache.get('gzip', 'c', read(3)); // b goes
    expect(cache.size).toBe(2);
    expect(calls).toBe(3);
    cache.get('gzip', 'a', read(1));
    expect(calls).toBe(3);
    cache.get('gzip', 'b', read(2));
    expect(calls).toBe(4);
    // A body larger than the whole cache is compressed and sent, not kept.
    const tiny = new CompressedBodies(10);
    expect(zlib.gunzipSync(tiny.get('gzip', 'x', () => text(50))).toString()).toBe(text(50));
    expect(tiny.size).toBe(0);
  });
});
