/**
 * After `vite build`: writes Brotli (.br) and gzip (.gz) copies of the text
 * assets in dist/ so the API's static plugin (`preCompressed`) sends them
 * without compressing on every request. A copy is written only when it is
 * smaller than the file: tiny chunks (an icon, the bundler's runtime) are
 * served gzip too, which the browser's JavaScript budget counts
 * (docs/quality.md#p6-javascript-of-the-public-pages), and a file the
 * compression would grow is served as it is.
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
    else if (TEXT.test(name)) {
      const data = readFileSync(file);
      const br = zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
      const gz = zlib.gzipSync(data, { level: 9 });
      if (br.length < data.length) writeFileSync(`${file}.br`, br);
      if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
      if (br.length < data.length || gz.length < data.length) count += 1;
    }
  }
}

walk(dist);
console.log(`precompress: ${count} arquivos com cópias .br e .gz`);
