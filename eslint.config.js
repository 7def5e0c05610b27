import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importRules } from './tools/eslint/import-rules.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      '**/drizzle/meta/**',
      'test-results/**',
      'playwright-report/**',
      '**/coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  ...importRules({
    cycleFiles: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    tsconfigs: ['apps/api/tsconfig.json', 'apps/web/tsconfig.json', 'packages/shared/tsconfig.json'],
  }),
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: [
      'scripts/**',
      'apps/*/scripts/**',
      'tools/**',
      'bench/**',
      '**/*.config.{js,ts}',
      'apps/api/src/server.ts',
      'apps/api/src/worker.ts',
      'apps/api/src/cli/admin-create.ts',
      'apps/api/src/cli/arquivos-copiar-para-s3.ts',
      'apps/api/src/cli/backup.ts',
      'apps/api/src/cli/restore.ts',
      'apps/api/src/db/seed/**',
      'apps/web/e2e/**',
    ],
    rules: { 'no-console': 'off' },
  },
);
