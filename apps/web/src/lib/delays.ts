/**
 * The artificial waits (docs/behaviour/timings-and-limits.md#waits). They live only in the web app,
 * never in the API (docs/architecture.md#artificial-waits).
 *
 * Test-only switch: when `globalThis.__CLINICA_NO_DELAYS__ === true` every wait
 * is 0 ms. The Playwright journeys set it before the app loads with
 * `page.addInitScript(() => { globalThis.__CLINICA_NO_DELAYS__ = true })`.
 * It is read at call time, so it can also be flipped in a unit test.
 */
declare global {
  var __CLINICA_NO_DELAYS__: boolean | undefined;
}

export const LOGIN_DELAY_MS = 1000;
export const SIGN_UP_DELAY_MS = 3000;
export const RECOVERY_DELAY_MS = 3000;
export const PRODUCT_CREATE_DELAY_MS = 3000;
export const PROFILE_SAVE_DELAY_MS = 3000;
export const CODE_REQUEST_DELAY_MS = 3000;

export const delaysDisabled = (): boolean => globalThis.__CLINICA_NO_DELAYS__ === true;

/** Resolves after `ms` (immediately when delays are disabled or `ms` <= 0). */
export function artificialDelay(ms: number): Promise<void> {
  if (delaysDisabled() || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => setTimeout(resolve, ms));
}
