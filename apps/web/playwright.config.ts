import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

/** Journeys in Debian's Chromium (no browser download) against the built app. */
export default defineConfig({
  testDir: './e2e',
  outputDir: '../../test-results/playwright',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  // A journey's safety limit, not a speed target: the long ones (sign-up, profile, back-office forms) took 25-31 s on
  // the 2-core CI with the whole suite running beside them.
  timeout: 60_000,
  // Waits for what a person sees; generous because the whole suite shares 2 cores (never a speed assertion).
  expect: { timeout: 12_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // Recording a trace of every journey costs about a third of the suite's time on 2 cores
    // (4.4 → 2.8 min on 24 journeys); E2E_TRACE=retain-on-failure (or on) records them when needed.
    trace: (process.env.E2E_TRACE as 'on' | 'off' | 'retain-on-failure' | 'on-first-retry' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // Every journey runs at 1440 px; those tagged @mobile also at 375 px, and @mobile-only only there.
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
      grepInvert: /@mobile-only/,
    },
    { name: 'mobile', use: { ...devices['Pixel 5'], viewport: { width: 375, height: 812 } }, grep: /@mobile/ },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    cwd: '../..',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(port) },
  },
});
