import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One Vitest run for the whole repository, one project per workspace.
 * `source` resolves @clinica/shared to its TypeScript sources.
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    // Vitest's default is one worker less than the cores: a single worker on the 2-core CI, with the CPU half idle
    // while the API files wait on their databases. One more than the cores: 11.3 → 8.2 min there (both databases).
    maxWorkers: os.availableParallelism() + 1,
    projects: [
      {
        extends: true,
        test: { name: 'tools', root: 'tools', include: ['**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        extends: true,
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // A safety limit, not a speed target: a page rendered in jsdom took 5.9 s beside a CI run (the default is 5 s).
          testTimeout: 30_000,
          setupFiles: ['src/test/setup.ts'],
          css: { modules: { classNameStrategy: 'non-scoped' } },
        },
      },
    ],
  },
});
