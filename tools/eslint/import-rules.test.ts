import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRules } from './import-rules.js';

/** A throw-away repository with a web app's layers, where files are planted and linted with the real rules. */
let root: string;

function plant(files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
}

async function lint(...files: string[]): Promise<string[]> {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser, sourceType: 'module' } },
      ...importRules({ cycleFiles: ['apps/*/src/**/*.ts'] }),
    ],
  });
  const results = await eslint.lintFiles(files);
  return results.flatMap((r) => r.messages.map((m) => `${path.relative(root, r.filePath)}: ${m.ruleId}`));
}

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'import-rules-'));
  plant({
    'tsconfig.json': JSON.stringify({
      compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true },
    }),
    'apps/web/src/lib/money.ts': 'export const cents = (n: number) => Math.round(n * 100);\n',
    'apps/web/src/components/price.ts': "import { cents } from '../lib/money.js';\nexport const price = cents;\n",
    'apps/web/src/features/cart/total.ts':
      "import { price } from '../../components/price.js';\nexport const total = price;\n",
  });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('import rules on planted files', () => {
  it('pass on clean files: a feature uses components/, components/ use lib/', async () => {
    expect(
      await lint(
        'apps/web/src/lib/money.ts',
        'apps/web/src/components/price.ts',
        'apps/web/src/features/cart/total.ts',
      ),
    ).toEqual([]);
  });

  it('fail on a planted cycle, on both of its files', async () => {
    plant({
      'apps/api/src/a.ts': "import { b } from './b.js';\nexport const a = (): number => b() + 1;\n",
      'apps/api/src/b.ts': "import { a } from './a.js';\nexport const b = (): number => a() - 1;\n",
    });
    expect(await lint('apps/api/src/a.ts', 'apps/api/src/b.ts')).toEqual([
      'apps/api/src/a.ts: import-x/no-cycle',
      'apps/api/src/b.ts: import-x/no-cycle',
    ]);
  });

  it('fail on components/ or lib/ importing a feature or the app', async () => {
    plant({
      'apps/web/src/components/badge.ts':
        "import { total } from '../features/cart/total.js';\nexport const badge = total;\n",
      'apps/web/src/app/routes.ts': 'export const routes = [];\n',
      'apps/web/src/lib/nav.ts': "import { routes } from '../app/routes.js';\nexport const nav = routes;\n",
    });
    expect(await lint('apps/web/src/components/badge.ts', 'apps/web/src/lib/nav.ts')).toEqual([
      'apps/web/src/components/badge.ts: local/boundaries',
      'apps/web/src/lib/nav.ts: local/boundaries',
    ]);
  });
});
