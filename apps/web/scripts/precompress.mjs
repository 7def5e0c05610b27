/**
 * After `vite build`: writes Brotli (.br) and gzip (.gz) copies of the text
 * assets in dist/ so the API's static plugin (`preCompressed`) sends them
 * without compressing on every request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TEXT = /\.(js|css|html|svg|json|txt|webmanifest|map)$/;
let count = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (TEXT.test(name) && statSync(file).size >= 1024) {
      const data = readFileSync(file);
      writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      count += 1;
    }
  }
}

walk(dist);
console.log(`precompress: ${count} arquivos com cópias .br e .gz`);
