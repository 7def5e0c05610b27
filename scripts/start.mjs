/**
 * `npm start`: builds what is missing or stale, then runs the API, which
 * migrates, seeds an empty database and serves the SPA and /api on PORT.
 */
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { ROOT, buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(ROOT, 'apps/api/dist/server.js')).href);
