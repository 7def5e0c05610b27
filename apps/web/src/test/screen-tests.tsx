/**
 * Helpers for the tests of whole screens (sign-in, sign-up, recovery,
 * profile): the per-test set-up, rendering a screen among its neighbour
 * routes, a signed-in session and the queries the form tests repeat.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { session } from '../lib/session';
import { resetSession } from './reset-session';
import { renderRoutes, storeSession } from './test-utils';

/**
 * Registers (inside a `describe`) what every screen test needs: the
 * waits off, a clean session before and after each test, the DOM cleaned, the
 * fake `fetch` removed and real timers back.
 */
export function setupScreenTests() {
  beforeAll(() => {
    globalThis.__CLINICA_NO_DELAYS__ = true;
  });
  afterAll(() => {
    globalThis.__CLINICA_NO_DELAYS__ = undefined;
  });
  beforeEach(resetSession);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    resetSession();
  });
}

/** Renders the routes (path → element) in a memory router opened at `initialPath`. */
export function renderAt(initialPath: string, routes: Record<string, ReactNode>) {
  return renderRoutes(
    Object.entries(routes).map(([path, element]) => ({ path, element })),
    initialPath,
  );
}

/** Signs in (stored as the app stores it) and reloads the in-memory session. */
export function signInAs(user: Parameters<typeof storeSession>[0]) {
  storeSession(user);
  session.reload();
}

/** The input of a label. */
export const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** The button of a name. */
export const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
/** Types a value into the input of a label. */
export const typeInto = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
/** Clicks the button of a name. */
export const click = (name: string) => fireEvent.click(button(name));
