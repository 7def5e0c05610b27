import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  artificialDelay,
  CODE_REQUEST_DELAY_MS,
  LOGIN_DELAY_MS,
  PRODUCT_CREATE_DELAY_MS,
  PROFILE_SAVE_DELAY_MS,
  RECOVERY_DELAY_MS,
  SIGN_UP_DELAY_MS,
} from './delays';

describe('artificial delays (docs/behaviour/timings-and-limits.md#waits)', () => {
  afterEach(() => {
    vi.useRealTimers();
    globalThis.__CLINICA_NO_DELAYS__ = undefined;
  });

  it('has the documented values', () => {
    expect(LOGIN_DELAY_MS).toBe(1000);
    expect([
      SIGN_UP_DELAY_MS,
      RECOVERY_DELAY_MS,
      PRODUCT_CREATE_DELAY_MS,
      PROFILE_SAVE_DELAY_MS,
      CODE_REQUEST_DELAY_MS,
    ]).toEqual([3000, 3000, 3000, 3000, 3000]);
  });

  it('waits by default', async () => {
    vi.useFakeTimers();
    let done = false;
    void artificialDelay(LOGIN_DELAY_MS).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('is 0 when globalThis.__CLINICA_NO_DELAYS__ is true', async () => {
    vi.useFakeTimers();
    globalThis.__CLINICA_NO_DELAYS__ = true;
    let done = false;
    void artificialDelay(SIGN_UP_DELAY_MS).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });
});
