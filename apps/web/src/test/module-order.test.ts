// @vitest-environment node
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { dependencyOrder } from '../../scripts/module-order.mjs';

const chunks: Record<string, string[]> = {
  'details-page.js': ['messages.js', 'index.js', 'react.js', 'price.js'],
  'index.js': ['react.js', 'endpoint.js', 'query.js'],
  'price.js': ['money.js', 'messages.js'],
  'query.js': ['react.js'],
  'react.js': [],
  'endpoint.js': [],
  'messages.js': [],
  'money.js': [],
};
const order = (start: string): string[] => dependencyOrder(start, (f: string) => chunks[f]);

// The modules of a server-rendered page, in the order apps/web/src/boot.ts evaluates them (docs/quality.md P5).
describe('module order of a page', () => {
  it('lists every chunk once, each after every chunk it imports, the page module last', () => {
    const list = order('details-page.js');
    expect(new Set(list).size).toBe(list.length);
    expect([...list].sort()).toEqual(Object.keys(chunks).sort());
    for (const [file, imports] of Object.entries(chunks)) {
      for (const dep of imports) expect(list.indexOf(dep), `${dep} antes de ${file}`).toBeLessThan(list.indexOf(file));
    }
    expect(list.at(-1)).toBe('details-page.js');
    expect(list.indexOf('index.js')).toBeGreaterThan(list.indexOf('endpoint.js'));
  });

  it('survives an import cycle and leaves out files that are not chunks', () => {
    const cyclic: Record<string, string[]> = { 'a.js': ['b.js', 'style.css'], 'b.js': ['a.js'] };
    expect(dependencyOrder('a.js', (f: string) => cyclic[f])).toEqual(['b.js', 'a.js']);
  });
});
