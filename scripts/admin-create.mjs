/**
 * `npm run admin:create`: builds the API if it is missing or stale (not the web), then creates the first ADMIN
 * ('Gerente') of the database of DATABASE_URL or DATA_DIR (apps/api/src/cli/admin-create.ts; README "Implantação").
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded({ only: ['@clinica/shared', '@clinica/api'] });
await import(pathToFileURL(path.join(ROOT, 'apps/api/dist/cli/admin-create.js')).href);
