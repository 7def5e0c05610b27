/**
 * Requests the router starts before a store page's code has arrived, so the
 * first banner (the LCP) or the product waits for one round trip less. The
 * page's query takes the answer if it is recent; otherwise it fetches anew.
 */
const MAX_AGE_MS = 10_000;
const early = new Map<string, { at: number; promise: Promise<unknown> }>();

export function startEarly(key: string, run: () => Promise<unknown>): void {
  const current = early.get(key);
  if (current && Date.now() - current.at < MAX_AGE_MS) return;
  early.set(key, { at: Date.now(), promise: run().catch(() => undefined) });
}

/** The early answer for `key` when there is a recent one, else `fetcher()`. An early failure falls back to `fetcher()`. */
export async function takeEarly<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
  const entry = early.get(key);
  early.delete(key);
  if (entry && Date.now() - entry.at < MAX_AGE_MS) {
    const value = (await entry.promise) as T | undefined;
    if (value !== undefined) return value;
  }
  return fetcher();
}
