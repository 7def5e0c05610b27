import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_API } from '@clinica/shared/messages-api';
import { createFileStorage } from '../../integrations/files/index.js';
import { body, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(testDatabaseTargets())('GET /api/arquivos/* (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
    const storage = createFileStorage({ dataDir: t.config.DATA_DIR });
    await storage.put('public/produtos/escova.png', PNG);
    await storage.put('private/conteudos/aula.pdf', Buffer.from('%PDF-1.4 segredo'));
    fs.writeFileSync(path.join(t.config.DATA_DIR, 'fora-do-storage.txt'), 'segredo de fora');
  });
  afterAll(() => t?.dispose());

  it('serve o arquivo público com tipo, cache imutável e ETag; 304 com If-None-Match', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/arquivos/produtos/escova.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^".+"$/);

    const again = await t.app.inject({
      method: 'GET',
      url: '/api/arquivos/produtos/escova.png',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const head = await t.app.inject({ method: 'HEAD', url: '/api/arquivos/produtos/escova.png' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(PNG.length));
  });

  it('arquivo inexistente: 404 em envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/arquivos/produtos/nao-existe.png' });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ statusCode: 404, message: MSG_API.arquivoNaoEncontrado, content: null });
  });

  it('recusa travessia de diretório e nunca alcança private/ (404)', async () => {
    for (const url of [
      '/api/arquivos/..%2f..',
      '/api/arquivos/..%2fprivate%2fconteudos%2faula.pdf',
      '/api/arquivos/../private/conteudos/aula.pdf',
      '/api/arquivos/%2e%2e/private/conteudos/aula.pdf',
      '/api/arquivos/produtos/..%2f..%2f..%2ffora-do-storage.txt',
      '/api/arquivos/..%5c..%5cfora-do-storage.txt',
      '/api/arquivos/%2fetc%2fpasswd',
      '/api/arquivos/produtos',
      '/api/arquivos/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('segredo');
    }
  });
});
