/**
 * The JavaScript a public page needs for its first render, in KB gzip, from
 * the build's manifest (dist/.vite/manifest.json): the entries (index.html, and
 * src/boot.ts which starts the pages the server renders) with their static
 * imports, plus the route's lazy module with its static imports, each file as
 * served: its gzip copy, or the file itself when compression would not make it
 * smaller (scripts/precompress.mjs).
 * Chunks a page fetches later on its own (Swiper once the browser is idle, the
 * forms of the signed-out pages and of /contato, which the server renders and
 * the page loads after its own code: src/lib/page-part.tsx) or on a visitor's
 * action (dialogs, toasts) are not counted.
 *
 * Run after `vite build` (part of `npm run build -w @clinica/web`); prints one
 * line per route and exits 1 when a route is over its budget.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/** The one budget of every public page. */
export const BUDGET_KB = 170;

/** Public routes and the module their `lazy` loads (src/app/routes.tsx). */
export const PUBLIC_ROUTES = [
  { route: '/', module: 'src/features/site/home/home-page.tsx' },
  { route: '/loja', module: 'src/features/store/store-page.tsx' },
  { route: '/details/:id', module: 'src/features/store/details/details-page.tsx' },
  { route: '/artigos', module: 'src/features/site/artigos/articles-page.tsx' },
  { route: '/termos', module: 'src/features/site/legal/terms-page.tsx' },
  { route: '/privacidade', module: 'src/features/site/legal/privacy-page.tsx' },
  { route: '/certificado/:codigo', module: 'src/features/certificate/certificate-page.tsx' },
  { route: '/contato', module: 'src/features/site/contato/contact-page.tsx' },
  { route: '/signIn', module: 'src/features/auth/sign-in-page.tsx' },
  { route: '/signUp', module: 'src/features/accounts/sign-up/sign-up-page.tsx' },
  { route: '/forgot', module: 'src/features/accounts/forgot/forgot-page.tsx' },
];

/** The files of `key` and everything it imports statically (dynamic imports excluded). */
export function staticClosure(manifest, key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`js-budget: "${key}" não está no manifest do build.`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) staticClosure(manifest, dep, files);
  return files;
}

/** Per route: the files of its first render and their total in KB gzip (level 9, as served). */
export function measureRoutes(manifest, readFile, routes = PUBLIC_ROUTES) {
  const gzipKb = new Map();
  const sizeOf = (file) => {
    if (!gzipKb.has(file)) {
      const data = readFile(file);
      gzipKb.set(file, Math.min(data.length, zlib.gzipSync(data, { level: 9 }).length) / 1024);
    }
    return gzipKb.get(file);
  };
  const entry = staticClosure(manifest, 'src/boot.ts', staticClosure(manifest, 'index.html'));
  return routes.map(({ route, module }) => {
    const files = staticClosure(manifest, module, new Set(entry));
    const kb = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + sizeOf(f), 0);
    return { route, kb, files: [...files], ok: kb <= BUDGET_KB };
  });
}

export function report(results) {
  const lines = results.map(({ route, kb, ok }) => {
    const status = ok ? 'ok' : 'ACIMA DO LIMITE';
    return `  ${route.padEnd(14)} ${kb.toFixed(1).padStart(6)} KB gzip  ${status}`;
  });
  return [`JavaScript da primeira renderização por rota (limite: ${BUDGET_KB} KB gzip):`, ...lines].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    console.error('js-budget: sem dist/.vite/manifest.json; rode `npm run build -w @clinica/web`.');
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const results = measureRoutes(manifest, (file) => readFileSync(path.join(dist, file)));
  console.log(report(results));
  if (results.some((r) => !r.ok)) {
    console.error('js-budget: uma rota pública passou do limite de JavaScript.');
    process.exit(1);
  }
}
