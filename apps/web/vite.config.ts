import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

const API_TARGET = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

/**
 * Vendor groups for the public entry: React + the router and TanStack Query
 * change rarely, so they get long-lived chunks of their own. Everything else
 * (Radix menus, forms, zod, back-office screens) is split by the lazy routes
 * and lands only on the pages that use it (QUALITY P6).
 */
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
 * web build those three modules become stubs with the same exports that throw
 * if ever called. Parsing, codecs and messages are untouched (QUALITY P6).
 */
const ZOD_JSON_SCHEMA =
  /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors|json-schema-generator)\.js$/;
const STUB_PREFIX = '\0zod-json-schema-stub:';

function withoutZodJsonSchema(): Plugin {
  return {
    name: 'clinica:zod-without-json-schema',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (!importer || !/json-schema/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && ZOD_JSON_SCHEMA.test(resolved.id) ? STUB_PREFIX + resolved.id : null;
    },
    load(id) {
      if (!id.startsWith(STUB_PREFIX)) return null;
      const real = readFileSync(id.slice(STUB_PREFIX.length), 'utf8');
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

export default defineConfig({
  plugins: [react(), withoutZodJsonSchema()],
  resolve: {
    // `@clinica/shared/<path>` resolves to packages/shared/src/<path>.ts.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: true,
    // dist/.vite/manifest.json: read by scripts/js-budget.mjs (QUALITY P6).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
