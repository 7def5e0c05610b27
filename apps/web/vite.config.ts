import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin, type Rolldown } from 'vite';
// @ts-expect-error: a plain .mjs script without types
import { dependencyOrder } from './scripts/module-order.mjs';

const API_TARGET = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

/**
 * Vendor groups for the public entry: React + the router and TanStack Query
 * change rarely, so they get long-lived chunks of their own. Everything else
 * (Radix menus, forms, zod, back-office screens) is split by the lazy routes
 * and lands only on the pages that use it (docs/quality.md#p6-javascript-of-the-public-pages).
 */
/** The lazy chunks whose JS dependencies are preloaded with them: the public pages, the bag and the checkout. */
const PRELOAD_DEPS =
  /(^|\/)(home-page|store-page|details-page|articles-page|terms-page|privacy-page|certificate-page|contact-page|sign-in-page|sign-up-page|forgot-page|bag-drawer|checkout-page)-[\w-]+\.js$/;

const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/ },
  // Infinite lists are back-office only: their observer and hook go with the screens that use them.
  {
    name: 'query',
    test: /node_modules[\\/]@tanstack[\\/](?!.*(infiniteQueryObserver|useInfiniteQuery|infiniteQueryOptions))/,
  },
];

/**
 * zod's JSON Schema generator (≈ 4.5 KB gzip) rides along with every zod
 * schema because each one carries a `.toJSONSchema()` method. Only the API
 * turns schemas into JSON Schema (OpenAPI); the browser never does, so in the
 * web build those three modules are replaced by modules with the same exports
 * that throw if ever called (a deliberate size cut, not unfinished work). Parsing, codecs and messages are untouched (docs/quality.md#p6-javascript-of-the-public-pages).
 */
const ZOD_JSON_SCHEMA =
  /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors|json-schema-generator)\.js$/;
const UNAVAILABLE_PREFIX = '\0zod-json-schema-unavailable:';

function withoutZodJsonSchema(): Plugin {
  return {
    name: 'clinica:zod-without-json-schema',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (!importer || !/json-schema/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && ZOD_JSON_SCHEMA.test(resolved.id) ? UNAVAILABLE_PREFIX + resolved.id : null;
    },
    load(id) {
      if (!id.startsWith(UNAVAILABLE_PREFIX)) return null;
      const real = readFileSync(id.slice(UNAVAILABLE_PREFIX.length), 'utf8');
      const names = new Set<string>();
      for (const m of real.matchAll(/^export (?:const|function|class) (\w+)/gm)) names.add(m[1]!);
      for (const m of real.matchAll(/^export \{([^}]+)\}/gm))
        for (const part of m[1]!.split(','))
          names.add(
            part
              .trim()
              .split(/\s+as\s+/)
              .pop()!,
          );
      const lines = [
        "const unavailable = () => { throw new Error('zod: JSON Schema is not built into the web app'); };",
        // createToJSONSchemaMethod and createStandardJSONSchemaMethod build the method when a schema is read.
        ...[...names].map(
          (name) => `export const ${name} = ${name.startsWith('create') ? '() => unavailable' : 'unavailable'};`,
        ),
      ];
      return lines.join('\n');
    },
  };
}

/**
 * The public pages (those Lighthouse measures, docs/quality.md#p5-lighthouse-on-the-public-pages, and the others the
 * server renders, ADR 019) and what their first render needs besides the
 * entry: the route's lazy module (src/app/routes.tsx), whose stylesheets a
 * server-rendered page links, and the API reads its loader starts
 * (features/store/prefetch.ts; `:id` is the route's numeric parameter). `parts`: the modules the page loads after
 * its own (lib/page-part.tsx, its forms), which the server renders too: their stylesheets are the page's, their
 * code is not.
 */
const ROUTE_HINTS = [
  { path: '/', module: 'src/features/site/home/home-page.tsx', data: [] },
  {
    path: '/loja',
    module: 'src/features/store/store-page.tsx',
    data: ['/api/produto/site/', '/api/produto/categoria'],
  },
  // The listing pages (ADR 044): their grid's first page is read with the page's own query.
  ...['/loja/fisicos', '/loja/digitais', '/loja/categoria/:id/:slug?'].map((path) => ({
    path,
    module: 'src/features/store/store-page.tsx',
    parts: ['src/features/store/listing-page.tsx'],
    data: [],
  })),
  {
    path: '/details/:id/:openSheet?',
    module: 'src/features/store/details/details-page.tsx',
    parts: ['src/features/store/details/product-facts.tsx'],
    data: ['/api/produto/:id'],
  },
  {
    path: '/contato',
    module: 'src/features/site/contato/contact-page.tsx',
    parts: ['src/features/site/contato/contact-form.tsx'],
    data: ['/api/empresa/'],
  },
  { path: '/artigos', module: 'src/features/site/artigos/articles-page.tsx', data: ['/api/empresa/'] },
  { path: '/termos', module: 'src/features/site/legal/terms-page.tsx', data: ['/api/empresa/'] },
  { path: '/privacidade', module: 'src/features/site/legal/privacy-page.tsx', data: ['/api/empresa/'] },
  {
    path: '/signIn',
    module: 'src/features/auth/sign-in-page.tsx',
    parts: ['src/features/auth/sign-in-form.tsx'],
    data: ['/api/empresa/'],
  },
  {
    path: '/signUp',
    module: 'src/features/accounts/sign-up/sign-up-page.tsx',
    parts: ['src/features/accounts/sign-up/sign-up-form.tsx'],
    data: ['/api/empresa/'],
  },
  {
    path: '/forgot',
    module: 'src/features/accounts/forgot/forgot-page.tsx',
    parts: ['src/features/accounts/forgot/forgot-form.tsx'],
    data: ['/api/empresa/'],
  },
];

/**
 * Writes dist/.vite/route-hints.json: per route of ROUTE_HINTS, the JS and CSS
 * files of its lazy module not already in the entry, and its API reads. The
 * API's static plugin adds them to the index.html it serves for that route as
 * modulepreload / preload links, so they download with the entry instead of
 * after it has run (one round trip and the entry's start-up less before the
 * page's largest paint).
 */
function routeHints(): Plugin {
  return {
    name: 'clinica:route-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (chunk: Rolldown.OutputChunk, files = new Set<string>()): Set<string> => {
        if (files.has(chunk.fileName)) return files;
        files.add(chunk.fileName);
        for (const file of chunk.imports) {
          const dep = byFile.get(file);
          if (dep) closure(dep, files);
        }
        return files;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const inEntry = closure(entry);
      const chunkOf = (module: string) => {
        const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(`/${module}`));
        if (!chunk) throw new Error(`route-hints: ${module} não virou um chunk do build.`);
        return chunk;
      };
      const routes = ROUTE_HINTS.map(({ path, module, parts = [], data }) => {
        // In the order boot.ts evaluates them: each after the modules it imports (scripts/module-order.mjs).
        const js = (
          dependencyOrder(chunkOf(module).fileName, (file: string) => byFile.get(file)?.imports) as string[]
        ).filter((file) => !inEntry.has(file));
        // The stylesheets in the order the chunks are reached from the route's module, as before.
        const styled = new Set([...closure(chunkOf(module))].filter((file) => !inEntry.has(file)));
        for (const part of parts) for (const file of closure(chunkOf(part))) if (!inEntry.has(file)) styled.add(file);
        const css = new Set<string>();
        for (const file of styled)
          for (const sheet of byFile.get(file)?.viteMetadata?.importedCss ?? []) css.add(sheet);
        return { path, js: js.map((f) => `/${f}`), css: [...css].map((f) => `/${f}`), data };
      });
      const boot = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith('/src/boot.ts'));
      if (!boot) throw new Error('route-hints: src/boot.ts não virou um chunk do build.');
      const source = JSON.stringify({ boot: `/${boot.fileName}`, routes }, null, 2);
      this.emitFile({ type: 'asset', fileName: '.vite/route-hints.json', source });
    },
  };
}

/**
 * `npm run dev` serves index.html itself, not through the API that marks a demo store's pages (ADR 022): the same
 * command starts the API with the same variables, and in development the store is a demo unless DEMO_MODE says no
 * (apps/api/src/config.ts demoModeOf), so the dev page carries the mark too (the notice, the /sandbox/pix page).
 */
function demoMarkInDev(): Plugin {
  const demo = !/^(false|0|no)$/i.test(process.env.DEMO_MODE?.trim() ?? '');
  return {
    name: 'clinica:demo-mark-in-dev',
    apply: 'serve',
    transformIndexHtml: (html) => (demo ? html.replace(/<html(?=[\s>])/i, '<html data-demo') : html),
  };
}

/**
 * `npm run dev` and `vite preview` forward /api to the API. The realtime channel keeps the browser's Host: the API
 * accepts its SockJS requests only from its own origin (the Origin's host equal to the Host) or from CORS_ORIGINS
 * (ADR 023), and the page's origin here is Vite's. The first matching entry applies.
 */
const API_PROXY = {
  '/api/ws': { target: API_TARGET, changeOrigin: false, ws: true },
  '/api': { target: API_TARGET, changeOrigin: true, ws: true },
};

/**
 * `vite build` builds the browser's app into dist; `vite build --ssr src/entry-server.tsx` builds the server's
 * renderer of the public pages into dist-ssr (ADR 019): same sources and plugins, its dependencies left to Node.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), withoutZodJsonSchema(), demoMarkInDev(), ...(isSsrBuild ? [] : [routeHints()])],
  resolve: {
    // `@clinica/shared/<path>` resolves to packages/shared/src/<path>.ts.
    conditions: ['source', ...defaultClientConditions],
  },
  server: { port: 5173, proxy: API_PROXY },
  preview: { port: 4173, proxy: API_PROXY },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, target: 'node20', copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        target: 'es2022',
        cssCodeSplit: true,
        // dist/.vite/manifest.json: read by scripts/js-budget.mjs (docs/quality.md#p6-javascript-of-the-public-pages).
        manifest: true,
        // Every dynamic import's JS dependencies are listed, by file name, in the first render's chunk so they can be
        // fetched beside it: kept for the visitor's pages (and the bag and checkout), left out for the signed-in and
        // back-office screens, which fetch theirs once their own chunk arrives (one round trip more there, and every
        // public page's first JavaScript stays within its budget; CSS is always preloaded).
        modulePreload: {
          resolveDependencies: (filename, deps) => (PRELOAD_DEPS.test(filename) ? deps : []),
        },
        rolldownOptions: {
          // src/boot.ts starts the pages rendered on the server (ADR 019; apps/api/src/plugins/static-web.ts).
          input: { index: 'index.html', boot: 'src/boot.ts' },
          output: {
            codeSplitting: { groups: vendorGroups },
          },
        },
      },
}));
