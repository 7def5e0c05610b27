/**
 * `node bench/upload-memory.mjs` (docs/quality.md#p8-large-uploads-are-streamed, outside `npm test`): a large
 * course content uploaded through real HTTP must not grow the API process by
 * more than 64 MB, because the upload is streamed to storage, never held whole.
 *
 * 1. builds what is missing (scripts/build-if-needed.mjs; `--no-build` uses apps/api/dist as it is);
 * 2. starts the built API (apps/api/dist/server.js with the V8 flags of `npm start`, NODE_ENV=production,
 *    demo data) on 127.0.0.1 with a fresh DATA_DIR: PGlite by default, or a fresh PostgreSQL database
 *    with `--pg postgres://…`;
 * 3. signs in as the seeded ADMIN and picks a digital product and a free order;
 * 4. sends POST /api/conteudoproduto/create/{id}/{order} as multipart with a generated MP4 of `--size-mb`
 *    (default 200): a valid `ftyp`, a small `moov` and an `mdat` of filler, written as the socket drains;
 * 5. samples the server's RSS (/proc/<pid>/status VmRSS) every 20 ms before and during the upload and
 *    prints the peak growth over the baseline, pass/fail against `--limit-mb` (default 64);
 * 6. checks the answer (201, the stored size) and deletes the content again.
 *
 * With `--s3` the store keeps its files in an S3 bucket (STORAGE=s3, ADR 039): the test S3 server
 * (apps/api/src/test/s3-server.ts, s3rver) runs in this process, so the API's memory is the driver's alone (the
 * multipart upload's parts in flight).
 *
 * Options: --size-mb 200 --limit-mb 64 --pg postgres://postgres@127.0.0.1:5432 --s3 --no-build
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { NODE_FLAGS, startStore, stopServer } from './lib.mjs';

const { values: opts } = parseArgs({
  allowNegative: true,
  options: {
    'size-mb': { type: 'string', default: '200' },
    'limit-mb': { type: 'string', default: '64' },
    pg: { type: 'string' },
    s3: { type: 'boolean', default: false },
    build: { type: 'boolean', default: true },
  },
});
const MB = 1024 * 1024;
const SIZE = Math.round(Number(opts['size-mb']) * MB);
const LIMIT_MB = Number(opts['limit-mb']);
const ADMIN = { email: 'admin@clinica.com.br', password: 'admin123' };

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-upload-'));
const dbName = `clinica_upload_${Date.now()}`;
let server = null;
let s3Server = null;
let dbCreated = false;

const adminUrl = () => {
  const url = new URL(opts.pg);
  url.pathname = '/postgres';
  return url.toString();
};
async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

async function cleanup() {
  if (server) {
    await stopServer(server);
    server = null;
  }
  if (s3Server) {
    await s3Server.stop();
    s3Server = null;
  }
  if (dbCreated) {
    await adminQuery(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
    dbCreated = false;
  }
  fs.rmSync(workDir, { recursive: true, force: true });
}
process.on('SIGINT', () => void cleanup().finally(() => process.exit(130)));

/** VmRSS of a process, in bytes. */
function rss(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  return kb * 1024;
}

async function api(base, method, url, { token, json } = {}) {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify(json) : undefined,
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${body.message}`);
  return body.content;
}

/** An ISO BMFF box: 32-bit size, type, payload. */
const box = (type, payload) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
};

/**
 * Sends the multipart upload with a generated MP4 of `size` bytes (ftyp + moov + mdat filler), writing only
 * as fast as the socket takes it; resolves with the HTTP status and the parsed body.
 */
function upload(base, url, token, size) {
  const boundary = `----memoria${crypto.randomBytes(8).toString('hex')}`;
  const ftyp = box('ftyp', Buffer.concat([Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp41')]));
  const moov = box('moov', box('mvhd', Buffer.alloc(100)));
  const mdatPayload = size - ftyp.length - moov.length - 8;
  const mdatHead = Buffer.alloc(8);
  mdatHead.writeUInt32BE(8 + mdatPayload, 0);
  mdatHead.write('mdat', 4, 'latin1');
  const field = (name, value) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const before = Buffer.from(
    field('titulo', 'Aula longa (teste de memória)') +
      field('duracao', '01:00:00') +
      `--${boundary}\r\nContent-Disposition: form-data; name="conteudo"; filename="aula-longa.mp4"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  );
  const after = Buffer.from(`\r\n--${boundary}--\r\n`);
  const filler = crypto.randomBytes(MB);

  return new Promise((resolve, reject) => {
    const u = new URL(base + url);
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': before.length + size + after.length,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString()) }));
      },
    );
    req.on('error', reject);
    const pieces = (function* () {
      yield before;
      yield ftyp;
      yield moov;
      yield mdatHead;
      let left = mdatPayload;
      while (left > 0) {
        const n = Math.min(left, filler.length);
        yield n === filler.length ? filler : filler.subarray(0, n);
        left -= n;
      }
      yield after;
    })();
    const pump = () => {
      for (let next = pieces.next(); !next.done; next = pieces.next()) {
        if (!req.write(next.value)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

async function main() {
  if (opts.build) buildIfNeeded();
  if (opts.pg) {
    await adminQuery(`CREATE DATABASE "${dbName}"`);
    dbCreated = true;
  }
  const url = opts.pg ? Object.assign(new URL(opts.pg), { pathname: `/${dbName}` }).toString() : undefined;
  if (opts.s3) {
    // The repository's own test server, loaded through tsx (it is TypeScript, and not part of the build).
    const { tsImport } = await import('tsx/esm/api');
    const { startS3Server } = await tsImport('../apps/api/src/test/s3-server.ts', import.meta.url);
    s3Server = await startS3Server();
  }
  console.log(
    `Iniciando a API (${opts.pg ? 'PostgreSQL' : 'PGlite'}, arquivos ${opts.s3 ? `no S3 ${s3Server.env.S3_ENDPOINT}` : 'no disco'}, dados de demonstração, Node ${process.version} ${NODE_FLAGS.join(' ')})…`,
  );
  server = await startStore({ workDir, databaseUrl: url, name: 'A API', env: s3Server?.env ?? {} });
  const { base, proc } = server;

  const { acess_token: token } = await api(base, 'POST', '/api/usuario/cliente/auth', {
    json: { ...ADMIN, cpf: null, cnpj: null },
  });
  const { listProdutoDigital } = await api(base, 'GET', '/api/produto/fisicodigital');
  const produtoId = listProdutoDigital[0].id;
  const lista = await api(base, 'GET', `/api/conteudoproduto/admin/produto/${produtoId}`, { token });
  const ordem = Math.max(0, ...lista.listaConteudoProduto.map((c) => c.ordem)) + 1;

  // Baseline: the idle server after the warm-up calls above, sampled for a second.
  const baseSamples = [];
  for (let i = 0; i < 50; i++) {
    baseSamples.push(rss(proc.pid));
    await new Promise((r) => setTimeout(r, 20));
  }
  const baseline = Math.max(...baseSamples);
  let peak = baseline;
  let samples = 0;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rss(proc.pid));
      samples++;
    } catch {
      // the process is gone: the upload call reports it
    }
  }, 20);

  console.log(`Enviando ${(SIZE / MB).toFixed(0)} MB para o produto ${produtoId}, ordem ${ordem}…`);
  const inicio = process.hrtime.bigint();
  const res = await upload(base, `/api/conteudoproduto/create/${produtoId}/${ordem}`, token, SIZE);
  const segundos = Number(process.hrtime.bigint() - inicio) / 1e9;
  clearInterval(sampler);
  peak = Math.max(peak, rss(proc.pid));

  if (res.status !== 201) throw new Error(`Upload recusado: ${res.status} ${res.body.message}`);
  if (res.body.content.tamanho !== SIZE) throw new Error(`Tamanho gravado ${res.body.content.tamanho} ≠ ${SIZE}`);
  await api(base, 'DELETE', `/api/conteudoproduto/delete/${res.body.content.id}`, { token });

  const growthMb = (peak - baseline) / MB;
  const pass = growthMb <= LIMIT_MB;
  console.log(
    [
      `RSS da API: base ${(baseline / MB).toFixed(1)} MB, pico ${(peak / MB).toFixed(1)} MB (${samples} amostras)`,
      `Upload: ${(SIZE / MB).toFixed(0)} MB em ${segundos.toFixed(1)} s (${(SIZE / MB / segundos).toFixed(0)} MB/s), 201`,
      `Crescimento máximo: ${growthMb.toFixed(1)} MB — ${pass ? 'PASSOU' : 'FALHOU'} (limite ${LIMIT_MB} MB)`,
    ].join('\n'),
  );
  return pass;
}

main()
  .then(async (pass) => {
    await cleanup();
    process.exit(pass ? 0 : 1);
  })
  .catch(async (err) => {
    console.error(err);
    await cleanup();
    process.exit(1);
  });
