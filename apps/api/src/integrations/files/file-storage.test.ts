/**
 * The FileStorage contract, run against both drivers (ADR 039): the local disk and an S3 bucket (s3rver,
 * test/s3-server.ts). Each driver then has its own cases: the local one's files on disk, the S3 one's bucket,
 * multipart uploads and clients.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, loadStorageSettings } from '../../config.js';
import { startS3Server, type S3TestServer } from '../../test/s3-server.js';
import { keyForPublicUrl, publicUrlForKey, type FileStorage } from './file-storage.js';
import { createFileStorage, initFileStorage, LocalFileStorage, S3FileStorage, s3SettingsOf } from './index.js';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function listAll(storage: FileStorage, prefix?: string): Promise<{ key: string; size: number }[]> {
  const listed: { key: string; size: number }[] = [];
  for await (const entry of storage.list(prefix)) listed.push(entry);
  return listed;
}

interface Driver {
  storage: FileStorage;
  dispose(): Promise<void>;
}

const DRIVERS: Record<'local' | 's3', () => Promise<Driver>> = {
  local: async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-files-'));
    const storage = await initFileStorage(createFileStorage({ dataDir }));
    return { storage, dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  },
  s3: async () => {
    const s3 = await startS3Server();
    const storage = await initFileStorage(createFileStorage({ dataDir: os.tmpdir(), ...loadStorageSettings(s3.env) }));
    return {
      storage,
      dispose: async () => {
        await (storage as S3FileStorage).close();
        await s3.stop();
      },
    };
  },
};

describe.each(['local', 's3'] as const)('FileStorage (%s)', (kind) => {
  let driver: Driver;
  let storage: FileStorage;

  beforeAll(async () => {
    driver = await DRIVERS[kind]();
    storage = driver.storage;
  });
  afterAll(() => driver.dispose());

  it('createFileStorage picks the driver of STORAGE', () => {
    expect(storage).toBeInstanceOf(kind === 'local' ? LocalFileStorage : S3FileStorage);
  });

  it('stores buffers and streams and reads them back, whole or a byte range', async () => {
    await storage.put('public/produtos/a.webp', Buffer.from('imagem'));
    await storage.put('private/conteudos/1/aula.mp4', Readable.from([Buffer.from('0123'), Buffer.from('456789')]));
    expect((await readAll(storage.createReadStream('public/produtos/a.webp'))).toString()).toBe('imagem');
    expect((await readAll(storage.createReadStream('private/conteudos/1/aula.mp4'))).toString()).toBe('0123456789');
    expect(
      (await readAll(storage.createReadStream('private/conteudos/1/aula.mp4', { start: 2, end: 5 }))).toString(),
    ).toBe('2345');
    expect(
      (await readAll(storage.createReadStream('private/conteudos/1/aula.mp4', { start: 9, end: 9 }))).toString(),
    ).toBe('9');
    await storage.put('public/produtos/vazio.txt', Buffer.alloc(0));
    expect(await readAll(storage.createReadStream('public/produtos/vazio.txt'))).toHaveLength(0);
  });

  it('stats files with a content type from the extension, and null for missing ones', async () => {
    expect(await storage.stat('public/produtos/a.webp')).toEqual({ size: 6, contentType: 'image/webp' });
    expect(await storage.stat('private/conteudos/1/aula.mp4')).toEqual({ size: 10, contentType: 'video/mp4' });
    await storage.put('private/sem-extensao', Buffer.from('abc'), 'application/pdf');
    expect(await storage.stat('private/sem-extensao')).toEqual({ size: 3 });
    expect(await storage.stat('public/produtos/nao-existe.webp')).toBeNull();
    expect(await storage.stat('public/produtos')).toBeNull();
  });

  it('a missing file read gives an ENOENT error on the stream, not a throw', async () => {
    const stream = storage.createReadStream('public/produtos/nao-existe.webp');
    expect(stream).toBeInstanceOf(Readable);
    const err = (await readAll(stream).catch((e: unknown) => e)) as NodeJS.ErrnoException;
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe('ENOENT');
    const ranged = storage.createReadStream('public/produtos/nao-existe.webp', { start: 0, end: 1 });
    expect(((await readAll(ranged).catch((e: unknown) => e)) as NodeJS.ErrnoException).code).toBe('ENOENT');
  });

  it('replaces a file whole and deletes idempotently', async () => {
    await storage.put('public/banners/b.webp', Buffer.from('v1'));
    await storage.put('public/banners/b.webp', Buffer.from('versão 2'));
    expect((await readAll(storage.createReadStream('public/banners/b.webp'))).toString()).toBe('versão 2');
    expect(await listAll(storage, 'public/banners/')).toEqual([
      { key: 'public/banners/b.webp', size: Buffer.byteLength('versão 2') },
    ]);
    await storage.delete('public/banners/b.webp');
    await storage.delete('public/banners/b.webp');
    await storage.delete('public/banners/nunca-existiu.webp');
    expect(await storage.stat('public/banners/b.webp')).toBeNull();
  });

  it('a stream that fails mid-upload leaves nothing, and the old file stays', async () => {
    await storage.put('private/conteudos/2/aula.mp4', Buffer.from('antigo'));
    const failing = new Readable({ read() {} });
    const upload = storage.put('private/conteudos/2/aula.mp4', failing);
    failing.push(Buffer.from('começo'));
    setImmediate(() => failing.destroy(new Error('cliente desconectou')));
    await expect(upload).rejects.toThrow();
    expect((await readAll(storage.createReadStream('private/conteudos/2/aula.mp4'))).toString()).toBe('antigo');
    expect((await listAll(storage, 'private/conteudos/2/')).map((e) => e.key)).toEqual([
      'private/conteudos/2/aula.mp4',
    ]);
  });

  it('lists files under a prefix in key order, with their sizes, and checks it can write', async () => {
    await storage.put('public/autores/z.webp', Buffer.from('zz'));
    await storage.put('public/autores/a.webp', Buffer.from('a'));
    await storage.put('public/autores/m-1.webp', Buffer.from('mmm'));
    expect(await listAll(storage, 'public/autores/')).toEqual([
      { key: 'public/autores/a.webp', size: 1 },
      { key: 'public/autores/m-1.webp', size: 3 },
      { key: 'public/autores/z.webp', size: 2 },
    ]);
    expect(await listAll(storage, 'public/nada/')).toEqual([]);
    const all = (await listAll(storage)).map((e) => e.key);
    expect(all).toEqual([...all].sort());
    expect(all).toContain('private/conteudos/1/aula.mp4');
    expect(all).toContain('public/autores/a.webp');
    await expect(storage.check()).resolves.toBeUndefined();
    // The probe of check() leaves nothing behind.
    expect((await listAll(storage)).map((e) => e.key)).toEqual(all);
  });

  it('refuses keys that escape the root or are not plain relative paths', async () => {
    for (const key of [
      '../x',
      'public/../../x',
      '/etc/passwd',
      'public//a',
      'public/./a',
      'a\\b',
      '',
      'public/a/',
      '.hidden',
    ]) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/Chave de arquivo inválida/);
      await expect(storage.stat(key), key).rejects.toThrow(/Chave de arquivo inválida/);
      await expect(storage.delete(key), key).rejects.toThrow(/Chave de arquivo inválida/);
      expect(() => storage.createReadStream(key), key).toThrow(/Chave de arquivo inválida/);
    }
    const keys = (await listAll(storage)).map((e) => e.key);
    expect(keys.filter((k) => !k.startsWith('public/') && !k.startsWith('private/'))).toEqual([]);
  });
});

describe('public keys and URL paths', () => {
  it('maps public keys to URL paths and back', () => {
    expect(publicUrlForKey('public/produtos/a.webp')).toBe('/api/arquivos/produtos/a.webp');
    expect(keyForPublicUrl('/api/arquivos/produtos/a.webp')).toBe('public/produtos/a.webp');
    expect(keyForPublicUrl('/api/arquivos/../private/x.pdf')).toBeNull();
    expect(keyForPublicUrl('/outra/coisa.webp')).toBeNull();
    expect(() => publicUrlForKey('private/conteudos/a.pdf')).toThrow();
  });
});

describe('LocalFileStorage on disk', () => {
  let dataDir: string;
  let storage: LocalFileStorage;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-files-'));
    storage = createFileStorage({ dataDir }) as LocalFileStorage;
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps files under ${dataDir}/files, replaced through a renamed temporary file', async () => {
    await storage.put('public/produtos/a.webp', Buffer.from('imagem'));
    await storage.put('public/produtos/a.webp', Buffer.from('imagem 2'));
    expect(fs.readFileSync(path.join(dataDir, 'files', 'public', 'produtos', 'a.webp'), 'utf8')).toBe('imagem 2');
    expect(fs.readdirSync(path.join(dataDir, 'files', 'public', 'produtos'))).toEqual(['a.webp']);
    await storage.check();
    expect(fs.readdirSync(path.join(dataDir, 'files')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    await expect(storage.put('../x', Buffer.from('x'))).rejects.toThrow(/Chave de arquivo inválida/);
    expect(fs.existsSync(path.join(dataDir, 'x'))).toBe(false);
  });
});

/** The names of the commands the store's client sends from now on. */
async function countCommands(storage: S3FileStorage): Promise<string[]> {
  const commands: string[] = [];
  (await storage.client()).middlewareStack.add(
    (next, context) => (args) => {
      commands.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize' },
  );
  return commands;
}

describe('S3FileStorage', () => {
  let s3: S3TestServer;
  const stores: S3FileStorage[] = [];
  const s3Storage = (env: Record<string, string>, extra: { partSize?: number; queueSize?: number } = {}) => {
    const storage = new S3FileStorage({ ...s3SettingsOf(loadStorageSettings(env)), ...extra });
    stores.push(storage);
    return storage;
  };

  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    for (const storage of stores) await storage.close();
    await s3.stop();
  });

  it('creates its bucket at init when missing; a second init (another instance) is fine', async () => {
    const storage = s3Storage({ ...s3.env, S3_BUCKET: 'bucket-novo' });
    await expect(storage.check()).rejects.toThrow();
    await storage.init();
    await storage.init();
    await expect(s3Storage({ ...s3.env, S3_BUCKET: 'bucket-novo' }).init()).resolves.toBeUndefined();
    await storage.check();
    await storage.put('public/x.txt', Buffer.from('x'));
    expect(await storage.stat('public/x.txt')).toEqual({ size: 1, contentType: 'text/plain; charset=utf-8' });
  });

  it('an init with unknown keys fails with the bucket named, in pt-BR', async () => {
    // s3rver checks the access key id, not the V4 signature (ADR 039).
    const storage = s3Storage({ ...s3.env, S3_BUCKET: 'outro-bucket', S3_ACCESS_KEY_ID: 'DESCONHECIDA' });
    await expect(storage.init()).rejects.toThrow(/O bucket S3 "outro-bucket" não pôde ser usado \(403\)/);
  });

  it('streams an upload larger than one part as a multipart upload, byte for byte, with its content type', async () => {
    const storage = s3Storage(s3.env, { partSize: 5 * 1024 * 1024, queueSize: 2 });
    await storage.init();
    const size = 12 * 1024 * 1024 + 123;
    const source = crypto.randomBytes(size);
    const hash = crypto.createHash('sha256').update(source).digest('hex');
    // 64 KB chunks, as an upload arrives: three parts of 5, 5 and 2 MiB.
    const chunks = (function* () {
      for (let i = 0; i < size; i += 64 * 1024) yield source.subarray(i, i + 64 * 1024);
    })();
    const commands = await countCommands(storage);
    await storage.put('private/conteudos/9/grande.mp4', Readable.from(chunks));
    expect(commands).toEqual([
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'CompleteMultipartUploadCommand',
    ]);
    expect(await storage.stat('private/conteudos/9/grande.mp4')).toEqual({ size, contentType: 'video/mp4' });
    const head = await (
      await storage.client()
    ).send(new HeadObjectCommand({ Bucket: storage.bucket, Key: 'private/conteudos/9/grande.mp4' }));
    expect(head.ContentType).toBe('video/mp4');
    const back = await readAll(storage.createReadStream('private/conteudos/9/grande.mp4'));
    expect(crypto.createHash('sha256').update(back).digest('hex')).toBe(hash);
    const part = await readAll(
      storage.createReadStream('private/conteudos/9/grande.mp4', { start: size - 1000, end: size - 1 }),
    );
    expect(part.equals(source.subarray(size - 1000))).toBe(true);
  });

  it('a streamed upload reuses queueSize part buffers, whatever its number of parts; a short one is one PutObject', async () => {
    const storage = s3Storage(s3.env, { partSize: 5 * 1024 * 1024, queueSize: 2 });
    await storage.init();
    const bodies = new Set<ArrayBufferLike>();
    const commands: string[] = [];
    (await storage.client()).middlewareStack.add(
      (next, context) => (args) => {
        commands.push(String(context.commandName));
        const body = (args.input as { Body?: unknown }).Body;
        if (context.commandName === 'UploadPartCommand' && Buffer.isBuffer(body)) bodies.add(body.buffer);
        return next(args);
      },
      { step: 'initialize' },
    );
    const size = 4 * 5 * 1024 * 1024 + 10;
    const source = crypto.randomBytes(size);
    const chunks = (function* () {
      for (let i = 0; i < size; i += 64 * 1024) yield source.subarray(i, i + 64 * 1024);
    })();
    await storage.put('private/conteudos/9/cinco-partes.mp4', Readable.from(chunks));
    expect(commands.filter((c) => c === 'UploadPartCommand')).toHaveLength(5);
    // At most two buffers for five parts: two being sent, or one being sent and one being filled (P8, ADR 039).
    expect(bodies.size).toBeLessThanOrEqual(2);
    const back = await readAll(storage.createReadStream('private/conteudos/9/cinco-partes.mp4'));
    expect(back.equals(source)).toBe(true);

    commands.length = 0;
    await storage.put('private/conteudos/9/curto.mp4', Readable.from([Buffer.from('0123'), Buffer.from('456789')]));
    expect(commands).toEqual(['PutObjectCommand']);
    expect((await readAll(storage.createReadStream('private/conteudos/9/curto.mp4'))).toString()).toBe('0123456789');
  });

  it('a streamed upload that fails after its first part aborts the multipart upload and stores nothing', async () => {
    const storage = s3Storage(s3.env, { partSize: 5 * 1024 * 1024, queueSize: 1 });
    await storage.init();
    const commands = await countCommands(storage);
    const source = new Readable({ read() {} });
    const upload = storage.put('private/conteudos/9/interrompido.mp4', source);
    for (let i = 0; i < 7; i++) source.push(crypto.randomBytes(1024 * 1024));
    // The first part (5 MiB) is sent before the client goes away.
    await vi.waitFor(() => expect(commands).toContain('UploadPartCommand'), { timeout: 5000 });
    source.destroy(new Error('cliente desconectou'));
    await expect(upload).rejects.toThrow();
    expect(commands[0]).toBe('CreateMultipartUploadCommand');
    expect(commands).toContain('AbortMultipartUploadCommand');
    expect(commands).not.toContain('CompleteMultipartUploadCommand');
    expect(await storage.stat('private/conteudos/9/interrompido.mp4')).toBeNull();
  });

  it('a read stream that is destroyed before its end closes the object body', async () => {
    const storage = s3Storage(s3.env);
    await storage.init();
    await storage.put('private/conteudos/9/meio.mp4', crypto.randomBytes(2 * 1024 * 1024));
    const stream = storage.createReadStream('private/conteudos/9/meio.mp4');
    await new Promise<void>((resolve) => stream.once('data', () => resolve()));
    stream.destroy();
    await new Promise((resolve) => stream.once('close', resolve));
    // The client still works (its connection went back or was dropped, not held).
    const whole = await (
      await storage.client()
    ).send(new GetObjectCommand({ Bucket: storage.bucket, Key: 'private/conteudos/9/meio.mp4', Range: 'bytes=0-3' }));
    expect((await whole.Body!.transformToByteArray()).length).toBe(4);
  });

  it('the server refuses STORAGE=s3 without its bucket and keys, naming each one in pt-BR', () => {
    const refused = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig({ NODE_ENV: 'test', ...env });
      } catch (err) {
        return (err as Error).message;
      }
      return '';
    };
    const message = refused({ STORAGE: 's3' });
    expect(message).toContain('Configuração inválida:');
    expect(message).toContain('S3_BUCKET: defina o nome do bucket dos arquivos da loja');
    expect(message).toContain(
      'S3_ACCESS_KEY_ID: defina o id da chave de acesso ao bucket; obrigatório com STORAGE=s3.',
    );
    expect(message).toContain('S3_SECRET_ACCESS_KEY: defina a chave secreta de acesso ao bucket');
    expect(refused({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })).toMatch(
      /S3_BUCKET/,
    );
    expect(refused({ STORAGE: 's3', S3_BUCKET: 'bucket', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })).toBe('');
    expect(() => loadStorageSettings({ STORAGE: 's3', S3_BUCKET: 'bucket' })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(loadStorageSettings({})).toMatchObject({
      STORAGE: 'local',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
    });
    expect(refused({ STORAGE: 'gcs' })).toMatch(/STORAGE/);
  });
});
