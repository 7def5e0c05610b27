import { describe, expect, it, vi } from 'vitest';
import { startEarly, takeEarly } from './early-requests';

describe('early requests (started by the router)', () => {
  it('hands the early answer to the query once, then fetches anew', async () => {
    startEarly('k1', async () => 'early');
    const fetcher = vi.fn(async () => 'fresh');
    expect(await takeEarly('k1', fetcher)).toBe('early');
    expect(fetcher).not.toHaveBeenCalled();
    expect(await takeEarly('k1', fetcher)).toBe('fresh');
  });

  it('falls back to a fetch when the early request failed or is old', async () => {
    startEarly('k2', async () => {
      throw new Error('rede');
    });
    expect(await takeEarly('k2', async () => 'fresh')).toBe('fresh');

    vi.useFakeTimers();
    startEarly('k3', async () => 'old');
    vi.advanceTimersByTime(11_000);
    expect(await takeEarly('k3', async () => 'fresh')).toBe('fresh');
    vi.useRealTimers();
  });

  it('does not start the same request twice while one is recent', () => {
    const run = vi.fn(async () => 1);
    startEarly('k4', run);
    startEarly('k4', run);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
