import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `fn` and settles no sooner than `minMs` after the start, whether it
 * returns or throws: the response time then says nothing about which path ran.
 */
export async function takeAtLeast<T>(minMs: number, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const pad = async () => {
    const remaining = minMs - (performance.now() - started);
    if (remaining > 0) await sleep(Math.ceil(remaining));
  };
  try {
    const result = await fn();
    await pad();
    return result;
  } catch (err) {
    await pad();
    throw err;
  }
}
