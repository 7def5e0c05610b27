/**
 * `npm run restore -- --origem <pasta>`: builds the API if it is missing or stale (not the web), then restores a
 * backup of `npm run backup` (apps/api/src/cli/restore.ts; README "Cópias de segurança", ADR 041).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded({ only: ['@clinica/shared', '@clinica/api'] });
await import(pathToFileURL(path.join(ROOT, 'apps/api/dist/cli/restore.js')).href);
