/**
 * A map bounded by the bytes of its values: the least recently used entries go first when a new one would pass the
 * bound, and a value larger than the bound is never kept. Used for what the server keeps of its own answers (the
 * compressed bodies of lib/compression.ts, the versioned reads of lib/versioned-reads.ts).
 */
export class ByteLru<V> {
  private readonly entries = new Map<string, V>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  /** The value of `key`, now the most recently used; undefined when absent. */
  get(key: string): V | undefined {
    const found = this.entries.get(key);
    if (found !== undefined) {
      // Most recently used last (a Map keeps insertion order).
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return found;
  }

  /** Keeps `value` under `key` (replacing what was there), then drops the oldest entries beyond the bound. */
  set(key: string, value: V): void {
    const size = this.sizeOf(value);
    this.delete(key);
    if (size > this.maxBytes) return;
    this.entries.set(key, value);
    this.bytes += size;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= this.sizeOf(old);
    }
  }

  delete(key: string): void {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.entries.delete(key);
    this.bytes -= this.sizeOf(old);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes of the values kept. */
  get byteSize(): number {
    return this.bytes;
  }
}
