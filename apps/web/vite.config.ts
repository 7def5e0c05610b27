import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const API_TARGET = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

/**
 * Vendor groups for the public entry: React + the router and TanStack Query
 * change rarely, so they get long-lived chunks of their own. Everything else
 * (Radix menus, forms, zod, back-office screens) is split by the lazy routes
 * and lands only on the pages that use it (QUALITY P6).
 */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/ },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
];

export default defineConfig({
  plugins: [react()],
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
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
