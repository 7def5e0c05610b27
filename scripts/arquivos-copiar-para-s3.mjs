/**
 * `npm run arquivos:copiar-para-s3`: builds the API if it is missing or stale (not the web), then copies the local
 * store's files into the S3 bucket of S3_* (apps/api/src/cli/arquivos-copiar-para-s3.ts; README "Armazenamento S3").
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded({ only: ['@clinica/shared', '@clinica/api'] });
await import(pathToFileURL(path.join(ROOT, 'apps/api/dist/cli/arquivos-copiar-para-s3.js')).href);
