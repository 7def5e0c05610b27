import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROOT, loadStorageSettings } from '../config.js';
import { filesRoot, LocalFileStorage, S3FileStorage, s3SettingsOf } from '../integrations/files/index.js';
import { childEnv, TSX } from '../test/processes.js';
import { startS3Server, type S3TestServer } from '../test/s3-server.js';
import { copiarParaS3, textoDoResumo } from './copiar-para-s3.js';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Runs `npm run arquivos:copiar-para-s3`'s entry with `env` (nothing else of the server's settings). */
function copiar(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(TSX, ['--conditions=source', 'src/cli/arquivos-copiar-para-s3.ts'], {
    cwd: API_ROOT,
    env: childEnv(env),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += String(d)));
  child.stderr.on('data', (d) => (stderr += String(d)));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('npm run arquivos:copiar-para-s3', () => {
  let s3: S3TestServer;
  let dataDir: string;
  let origem: LocalFileStorage;
  const buckets: S3FileStorage[] = [];
  const arquivos: Record<string, Buffer> = {
    'public/produtos/escova-320.webp': crypto.randomBytes(3000),
    'public/autores/ana.webp': crypto.randomBytes(10),
    'private/conteudos/produto-1/aula.mp4': crypto.randomBytes(9 * 1024 * 1024 + 7),
    'private/conteudos/produto-1/vazio.pdf': Buffer.alloc(0),
  };
  const bucketDe = async (nome: string) => {
    const bucket = new S3FileStorage(s3SettingsOf(loadStorageSettings({ ...s3.env, S3_BUCKET: nome })));
    buckets.push(bucket);
    await bucket.init();
    return bucket;
  };
  const sha256 = (dados: Buffer) => crypto.createHash('sha256').update(dados).digest('hex');
  /** Each key's SHA-256 (comparing megabytes of Buffers with toEqual is slow). */
  const hashes = (porChave: Record<string, Buffer>) =>
    Object.fromEntries(Object.entries(porChave).map(([key, dados]) => [key, sha256(dados)]));
  const conteudoDe = async (bucket: S3FileStorage) => {
    const out: Record<string, string> = {};
    for await (const { key } of bucket.list()) out[key] = sha256(await readAll(bucket.createReadStream(key)));
    return out;
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-copia-s3-'));
    origem = new LocalFileStorage(filesRoot(dataDir));
    for (const [key, dados] of Object.entries(arquivos)) await origem.put(key, dados);
  });
  afterAll(async () => {
    for (const bucket of buckets) await bucket.close();
    await s3.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('copia cada arquivo byte a byte; de novo, pula os que já estão; copia de novo o que mudou', async () => {
    const bucket = await bucketDe('copia-direta');
    const primeira = await copiarParaS3(origem, bucket);
    expect(primeira).toEqual({
      copiados: 4,
      bytesCopiados: Object.values(arquivos).reduce((n, b) => n + b.length, 0),
      jaNoBucket: 0,
      falhas: [],
    });
    expect(await conteudoDe(bucket)).toEqual(hashes(arquivos));
    expect((await bucket.head('public/autores/ana.webp'))!.metadata.sha256).toBe(
      sha256(arquivos['public/autores/ana.webp']!),
    );
    expect(await bucket.stat('private/conteudos/produto-1/aula.mp4')).toMatchObject({ contentType: 'video/mp4' });

    expect(await copiarParaS3(origem, bucket)).toEqual({ copiados: 0, bytesCopiados: 0, jaNoBucket: 4, falhas: [] });

    // Same size, other bytes: copied again. An object the app wrote (no SHA-256 in its metadata) with the same
    // bytes is read and kept.
    const outro = crypto.randomBytes(10);
    await origem.put('public/autores/ana.webp', outro);
    await bucket.put('public/produtos/escova-320.webp', arquivos['public/produtos/escova-320.webp']!);
    expect((await bucket.head('public/produtos/escova-320.webp'))!.metadata.sha256).toBeUndefined();
    expect(await copiarParaS3(origem, bucket)).toEqual({ copiados: 1, bytesCopiados: 10, jaNoBucket: 3, falhas: [] });
    expect((await readAll(bucket.createReadStream('public/autores/ana.webp'))).equals(outro)).toBe(true);
    await origem.put('public/autores/ana.webp', arquivos['public/autores/ana.webp']!);
  });

  it('uma cópia que não confere (SHA-256) é uma falha, com a chave e o motivo; as outras seguem', async () => {
    const bucket = await bucketDe('copia-com-falha');
    /** A bucket that stores something else under one key. */
    const corrompe: Pick<S3FileStorage, 'put' | 'head' | 'createReadStream'> = {
      head: (key) => bucket.head(key),
      createReadStream: (key, range) => bucket.createReadStream(key, range),
      put: async (key, data, type, meta) => {
        if (key === 'public/autores/ana.webp') {
          await readAll(data as Readable);
          return bucket.put(key, Buffer.from('outra coisa'), type, meta);
        }
        return bucket.put(key, data, type, meta);
      },
    };
    const linhas: string[] = [];
    const resumo = await copiarParaS3(origem, corrompe, (l) => linhas.push(l));
    expect(resumo.copiados).toBe(3);
    expect(resumo.falhas).toEqual([
      {
        key: 'public/autores/ana.webp',
        motivo: expect.stringMatching(/^o SHA-256 lido do bucket .* difere do arquivo/),
      },
    ]);
    expect(linhas).toContain(`  FALHOU: public/autores/ana.webp: ${resumo.falhas[0]!.motivo}`);
    expect(textoDoResumo(resumo)).toMatch(
      /^Resumo: 3 arquivo\(s\) copiado\(s\) \(.+ MB\), 0 já estava\(m\) no bucket, 1 falha\(s\)\.\nRode o comando de novo/,
    );
    // The next run copies it right.
    expect(await copiarParaS3(origem, bucket)).toMatchObject({ copiados: 1, jaNoBucket: 3, falhas: [] });
  });

  it('o comando: resumo em português e código 0; de novo, tudo já no bucket', async () => {
    const env = { DATA_DIR: dataDir, ...s3.env, STORAGE: 'local', S3_BUCKET: 'pelo-comando' };
    const run = await copiar(env);
    expect(run.stderr).not.toMatch(/Nada foi copiado/);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `Copiando os arquivos de ${filesRoot(dataDir)} para o bucket S3 "pelo-comando" em ${s3.env.S3_ENDPOINT}…`,
    );
    expect(run.stdout).toContain('  copiado: private/conteudos/produto-1/aula.mp4 (9,0 MB)');
    expect(run.stdout).toMatch(
      /Resumo: 4 arquivo\(s\) copiado\(s\) \(9,0 MB\), 0 já estava\(m\) no bucket, 0 falha\(s\)\./,
    );
    expect(await conteudoDe(await bucketDe('pelo-comando'))).toEqual(hashes(arquivos));
    const again = await copiar(env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Resumo: 0 arquivo(s) copiado(s) (0,0 MB), 4 já estava(m) no bucket, 0 falha(s).');
  });

  it('sem o bucket, com chaves que o serviço recusa ou sem a pasta: código 1 e o motivo, nada copiado', async () => {
    const semBucket = await copiar({ DATA_DIR: dataDir, S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' });
    expect(semBucket.code).toBe(1);
    expect(semBucket.stderr).toContain('Nada foi copiado. Configuração inválida:');
    expect(semBucket.stderr).toContain('S3_BUCKET: defina o nome do bucket');

    const recusado = await copiar({ DATA_DIR: dataDir, ...s3.env, S3_ACCESS_KEY_ID: 'DESCONHECIDA' });
    expect(recusado.code).toBe(1);
    expect(recusado.stderr).toMatch(/Nada foi copiado: O bucket S3 "clinica-arquivos" não pôde ser usado \(403\)/);

    const semPasta = await copiar({ DATA_DIR: path.join(dataDir, 'nao-existe'), ...s3.env });
    expect(semPasta.code).toBe(1);
    expect(semPasta.stderr).toMatch(/Nada foi copiado\. A pasta .*nao-existe.* não existe: confira DATA_DIR/);
  });
});
