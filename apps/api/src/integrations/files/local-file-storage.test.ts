import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyForPublicUrl, publicUrlForKey } from './file-storage.js';
import { createFileStorage, type LocalFileStorage } from './index.js';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('LocalFileStorage', () => {
  let dataDir: string;
  let storage: LocalFileStorage;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-files-'));
    storage = createFileStorage({ dataDir }) as LocalFileStorage;
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('stores buffers and streams under ${dataDir}/files and reads them back', async () => {
    await storage.put('public/produtos/a.webp', Buffer.from('imagem'));
    await storage.put('private/conteudos/1/aula.mp4', Readable.from([Buffer.from('0123'), Buffer.from('456789')]));
    expect(fs.readFileSync(path.join(dataDir, 'files', 'public', 'produtos', 'a.webp'), 'utf8')).toBe('imagem');
    expect((await readAll(storage.createReadStream('private/conteudos/1/aula.mp4'))).toString()).toBe('0123456789');
    expect(
      (await readAll(storage.createReadStream('private/conteudos/1/aula.mp4', { start: 2, end: 5 }))).toString(),
    ).toBe('2345');
  });

  it('stats files with a content type from the extension, and null for missing ones', async () => {
    expect(await storage.stat('public/produtos/a.webp')).toEqual({ size: 6, contentType: 'image/webp' });
    expect(await storage.stat('private/conteudos/1/aula.mp4')).toEqual({ size: 10, contentType: 'video/mp4' });
    expect(await storage.stat('public/produtos/nao-existe.webp')).toBeNull();
    expect(await storage.stat('public/produtos')).toBeNull();
  });

  it('replaces a file atomically and deletes idempotently', async () => {
    await storage.put('public/banners/b.webp', Buffer.from('v1'));
    await storage.put('public/banners/b.webp', Buffer.from('versão 2'));
    expect((await readAll(storage.createReadStream('public/banners/b.webp'))).toString()).toBe('versão 2');
    expect(fs.readdirSync(path.join(dataDir, 'files', 'public', 'banners'))).toEqual(['b.webp']);
    await storage.delete('public/banners/b.webp');
    await storage.delete('public/banners/b.webp');
    expect(await storage.stat('public/banners/b.webp')).toBeNull();
  });

  it('lists files under a prefix in key order, with their sizes, and checks it can write', async () => {
    await storage.put('public/autores/z.webp', Buffer.from('zz'));
    await storage.put('public/autores/a.webp', Buffer.from('a'));
    const listed: { key: string; size: number }[] = [];
    for await (const entry of storage.list('public/autores/')) listed.push(entry);
    expect(listed).toEqual([
      { key: 'public/autores/a.webp', size: 1 },
      { key: 'public/autores/z.webp', size: 2 },
    ]);
    const all: string[] = [];
    for await (const entry of storage.list()) all.push(entry.key);
    expect(all).toEqual([...all].sort());
    expect(all).toContain('private/conteudos/1/aula.mp4');
    expect(all).toContain('public/autores/a.webp');
    await expect(storage.check()).resolves.toBeUndefined();
    expect(fs.readdirSync(path.join(dataDir, 'files')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
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
      expect(() => storage.createReadStream(key), key).toThrow(/Chave de arquivo inválida/);
    }
    expect(fs.existsSync(path.join(dataDir, 'x'))).toBe(false);
  });

  it('maps public keys to URL paths and back', () => {
    expect(publicUrlForKey('public/produtos/a.webp')).toBe('/api/arquivos/produtos/a.webp');
    expect(keyForPublicUrl('/api/arquivos/produtos/a.webp')).toBe('public/produtos/a.webp');
    expect(keyForPublicUrl('/api/arquivos/../private/x.pdf')).toBeNull();
    expect(keyForPublicUrl('/outra/coisa.webp')).toBeNull();
    expect(() => publicUrlForKey('private/conteudos/a.pdf')).toThrow();
  });
});
