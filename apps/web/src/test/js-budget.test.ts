// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { BUDGET_KB, measureRoutes, staticClosure } from '../../scripts/js-budget.mjs';

/** A file of about `kb` KB gzip: random bytes do not compress. */
const incompressible = (kb: number) => randomBytes(Math.round(kb * 1024));

const manifest = {
  'index.html': { file: 'assets/index.js', imports: ['_react.js'], dynamicImports: ['src/home.tsx', 'src/loja.tsx'] },
  'src/boot.ts': { file: 'assets/boot.js', imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  '_swiper.js': { file: 'assets/swiper.js' },
  'src/home.tsx': { file: 'assets/home.js', imports: ['_react.js'], dynamicImports: ['_swiper.js'] },
  'src/loja.tsx': { file: 'assets/loja.js', imports: ['_big.js'] },
  '_big.js': { file: 'assets/big.js' },
};
const sizes: Record<string, number> = {
  'assets/index.js': 20,
  'assets/boot.js': 1,
  'assets/react.js': 100,
  'assets/swiper.js': 30,
  'assets/home.js': 10,
  'assets/loja.js': 10,
  'assets/big.js': 45,
};
const files = new Map(Object.entries(sizes).map(([f, kb]) => [f, incompressible(kb)]));
const read = (f: string) => files.get(f)!;

// The JavaScript budget of the public pages: docs/quality.md#p6-javascript-of-the-public-pages.
describe('js-budget (P6)', () => {
  it('counts the entry and the route module with their static imports, each file once, not dynamic imports', () => {
    expect([...staticClosure(manifest, 'src/home.tsx', staticClosure(manifest, 'index.html'))].sort()).toEqual(
      ['assets/home.js', 'assets/index.js', 'assets/react.js'].sort(),
    );
    const [home] = measureRoutes(manifest, read, [{ route: '/', module: 'src/home.tsx' }]);
    expect(home.files).toContain('assets/boot.js');
    expect(home.kb).toBeGreaterThan(130);
    expect(home.kb).toBeLessThan(BUDGET_KB);
    expect(home.ok).toBe(true);
  });

  it('fails a route over the budget: one budget for every route, no ceiling of its own', () => {
    const [loja] = measureRoutes(manifest, read, [{ route: '/loja', module: 'src/loja.tsx' }]);
    expect(loja.kb).toBeGreaterThan(BUDGET_KB);
    expect(loja.ok).toBe(false);
    const [withCeiling] = measureRoutes(manifest, read, [{ route: '/loja', module: 'src/loja.tsx', ceilingKb: 190 }]);
    expect(withCeiling.ok).toBe(false);
  });

  it('counts each file as served: gzip, or the file itself when gzip would make it larger', () => {
    const tiny = Buffer.from('export{a as b};'); // gzip's header alone is longer
    const text = Buffer.from('const a = 1;\n'.repeat(400)); // compresses well
    const onlyEntries = { 'index.html': { file: 'assets/t.js' }, 'src/boot.ts': { file: 'assets/b.js' } };
    const [route] = measureRoutes(
      { ...onlyEntries, 'src/p.tsx': { file: 'assets/p.js' } },
      (f: string) => (f === 'assets/t.js' ? tiny : f === 'assets/b.js' ? text : Buffer.alloc(0)),
      [{ route: '/p', module: 'src/p.tsx' }],
    );
    expect(route.kb * 1024).toBeGreaterThanOrEqual(tiny.length);
    expect(route.kb * 1024).toBeLessThan(tiny.length + 200);
  });

  it('refuses a route whose module is not in the build', () => {
    expect(() => measureRoutes(manifest, read, [{ route: '/x', module: 'src/x.tsx' }])).toThrow(/manifest/);
  });
});
