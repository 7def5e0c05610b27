/**
 * `npm run backup`: builds the API if it is missing or stale (not the web), then writes a backup of the store of
 * DATABASE_URL and its files (apps/api/src/cli/backup.ts; README "Cópias de segurança", ADR 041).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded({ only: ['@clinica/shared', '@clinica/api'] });
await import(pathToFileURL(path.join(ROOT, 'apps/api/dist/cli/backup.js')).href);
