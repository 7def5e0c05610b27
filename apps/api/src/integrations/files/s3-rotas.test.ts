/**
 * The routes that write and read files, on a store with STORAGE=s3 (ADR 039; s3rver, test/s3-server.ts): product
 * pictures (responsive variants, /api/arquivos), course media (streamed upload, 200/206/416, HEAD) and the AVI → MP4
 * conversion job, with nothing on the local disk. The same media requests are answered by an app on the local disk
 * over the same database, and both answers must be identical: status, headers and bytes.
 */
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_API } from '@clinica/shared/messages-api';
import { conteudoAdminApi, conteudoApi } from '@clinica/shared/schemas/conteudo';
import { imagemApi } from '@clinica/shared/schemas/imagem';
import { produtoAdminApi } from '@clinica/shared/schemas/produto-admin';
import type { LightMyRequestResponse } from 'fastify';
import { loadStorageSettings } from '../../config.js';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.js';
import { DEMO_PDF_FILE } from '../../db/seed/media.js';
import { JOB_CONVERTER_CONTEUDO } from '../../modules/conteudo/conteudo-conversao.js';
import { conteudosProduto } from '../../modules/conteudo/conteudo.table.js';
import { tarefas } from '../../modules/tarefa/tarefa.table.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { imagemReal, multipart, type ParteMultipart } from '../../test/image-fixtures.js';
import { startS3Server, type S3TestServer } from '../../test/s3-server.js';
import { aviDeTeste } from '../../test/video-fixtures.js';
import { createFileStorage, filesRoot, keyForPublicUrl, S3FileStorage, s3SettingsOf } from './index.js';

const PDF = fs.readFileSync(DEMO_PDF_FILE);

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** What a client sees of an answer, less what changes on every request. */
const resposta = (res: LightMyRequestResponse) => {
  const { date: _date, 'x-request-id': _id, connection: _c, 'keep-alive': _k, ...headers } = res.headers;
  return { status: res.statusCode, headers, bytes: res.rawPayload.toString('base64') };
};

describe.each(testDatabaseTargets())('arquivos num bucket S3 pelas rotas (%s)', (kind) => {
  let s3: S3TestServer;
  let t: TestApp;
  let local: TestApp;
  let bucket: S3FileStorage;
  let admin = '';
  let digitalId = 0;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ kind, seed: true, config: loadStorageSettings(s3.env) });
    // Another app on the same database, with its files on the local disk.
    local = await createTestApp({ kind, database: t.database });
    bucket = new S3FileStorage(s3SettingsOf(loadStorageSettings(s3.env)));
    admin = await t.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const [d] = await t.database.raw<{ id: number }>('SELECT id FROM produtos WHERE digital ORDER BY id LIMIT 1');
    digitalId = Number(d!.id);
  });
  afterAll(async () => {
    await bucket?.close();
    await local?.dispose();
    await t?.dispose();
    await s3?.stop();
  });

  const noDisco = (key: string) => fs.existsSync(`${filesRoot(t.config.DATA_DIR)}/${key}`);
  const conteudoNovo = async (nome: string, dados: Buffer) => {
    const lista = contentOf(
      conteudoAdminApi.listar,
      await t.app.inject({
        method: 'GET',
        url: `/api/conteudoproduto/admin/produto/${digitalId}`,
        headers: bearer(admin),
      }),
    );
    const ordem = Math.max(0, ...lista.listaConteudoProduto.map((c) => c.ordem)) + 1;
    const partes: ParteMultipart[] = [
      ['titulo', `Aula ${nome}`],
      ['duracao', '00:01:00'],
      ['conteudo', { nome, dados }],
    ];
    const form = multipart(partes);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/conteudoproduto/create/${digitalId}/${ordem}`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(admin) },
    });
    return contentOf(conteudoAdminApi.criar, res);
  };
  const chaveDe = async (id: number) =>
    (await t.database.db.select().from(conteudosProduto).where(eq(conteudosProduto.id, id)))[0]!.arquivo;
  // Signed with the JWT secret both apps share: the same address works on either.
  const urlAssinada = async (id: number) =>
    contentOf(
      conteudoApi.conteudo,
      await t.app.inject({ method: 'GET', url: `/api/conteudoproduto/${id}`, headers: bearer(admin) }),
    ).url;

  it('imagem de produto: as variantes WebP vão para o bucket e /api/arquivos as serve (200, 304, HEAD, 404)', async () => {
    const [cat] = await t.database.raw<{ id: number }>(
      'SELECT id FROM categorias WHERE NOT digital ORDER BY id LIMIT 1',
    );
    const produtoId = contentOf(
      produtoAdminApi.criar,
      await t.app.inject({
        method: 'POST',
        url: '/api/produto/create/',
        headers: bearer(admin),
        payload: {
          nome: 'Kit no bucket',
          descricao: 'Produto com imagem no S3.',
          preco: 10,
          categoria: { id: cat!.id },
        },
      }),
    ).id;
    const form = multipart({
      imagem: { nome: 'foto.png', dados: await imagemReal('png', { largura: 700, altura: 500 }) },
    });
    const imagem = contentOf(
      imagemApi.enviarProduto,
      await t.app.inject({
        method: 'PUT',
        url: `/api/produto/create/${produtoId}/false`,
        payload: form.payload,
        headers: { ...form.headers, ...bearer(admin) },
      }),
    );
    const variantes = imagem.imagem!.variantes;
    expect(variantes.map((v) => v.largura)).toEqual([320, 640, 700]);
    for (const v of variantes) {
      const key = keyForPublicUrl(v.path)!;
      const dados = await readAll(bucket.createReadStream(key));
      expect((await sharp(dados).metadata()).width).toBe(v.largura);
      expect(noDisco(key)).toBe(false);

      const res = await t.app.inject({ method: 'GET', url: v.path });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['content-length']).toBe(String(dados.length));
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.equals(dados)).toBe(true);
      const again = await t.app.inject({
        method: 'GET',
        url: v.path,
        headers: { 'if-none-match': String(res.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      // The local store with the same bytes answers the same.
      await createFileStorage({ dataDir: local.config.DATA_DIR }).put(key, dados);
      expect(resposta(await local.app.inject({ method: 'GET', url: v.path }))).toEqual(resposta(res));
    }
    const ausente = await t.app.inject({ method: 'GET', url: '/api/arquivos/produtos/nao-existe.webp' });
    expect(ausente.statusCode).toBe(404);
    expect(body(ausente).message).toBe(MSG_API.arquivoNaoEncontrado);

    // Removing the picture removes its files from the bucket.
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/produto/imagens/imagem/delete/${imagem.id}`,
      headers: bearer(admin),
    });
    expect(del.statusCode).toBe(200);
    for (const v of variantes) expect(await bucket.stat(keyForPublicUrl(v.path)!)).toBeNull();
  });

  it('conteúdo de curso: upload em stream para o bucket; 200, 206, 416 e HEAD iguais aos do disco local', async () => {
    const item = await conteudoNovo('apostila.pdf', PDF);
    expect(item.tamanho).toBe(PDF.length);
    const key = await chaveDe(item.id);
    expect(await bucket.stat(key)).toEqual({ size: PDF.length, contentType: 'application/pdf' });
    expect(noDisco(key)).toBe(false);
    // The local app gets the same bytes under the same key.
    await createFileStorage({ dataDir: local.config.DATA_DIR }).put(key, PDF);

    const url = await urlAssinada(item.id);
    const pedidos = [
      { method: 'GET' as const },
      { method: 'GET' as const, range: 'bytes=0-7' },
      { method: 'GET' as const, range: `bytes=100-` },
      { method: 'GET' as const, range: 'bytes=-10' },
      { method: 'GET' as const, range: `bytes=${PDF.length}-` },
      { method: 'HEAD' as const, range: 'bytes=0-7' },
    ];
    for (const p of pedidos) {
      const req = { method: p.method, url, headers: p.range ? { range: p.range } : {} };
      const noBucket = await t.app.inject(req);
      expect(resposta(noBucket), JSON.stringify(p)).toEqual(resposta(await local.app.inject(req)));
      if (p.range === 'bytes=0-7' && p.method === 'GET') {
        expect(noBucket.statusCode).toBe(206);
        expect(noBucket.headers['content-range']).toBe(`bytes 0-7/${PDF.length}`);
        expect(noBucket.rawPayload.equals(PDF.subarray(0, 8))).toBe(true);
      }
      if (p.range === `bytes=${PDF.length}-`) expect(noBucket.statusCode).toBe(416);
      if (!p.range) expect(noBucket.rawPayload.equals(PDF)).toBe(true);
    }

    // A content whose object is gone: 404, as on the local disk when the file is gone.
    await bucket.delete(key);
    const semArquivo = await t.app.inject({ method: 'GET', url });
    expect(semArquivo.statusCode).toBe(404);
    expect(body(semArquivo).message).toBe(MSG_API.conteudoNaoEncontrado);
    fs.rmSync(`${filesRoot(local.config.DATA_DIR)}/${key}`);
    expect(resposta(await local.app.inject({ method: 'GET', url }))).toEqual(resposta(semArquivo));
  });

  it('AVI: a conversão lê do bucket e grava o MP4 nele; o AVI sai; o vídeo responde 206', async () => {
    const avi = aviDeTeste();
    const item = await conteudoNovo('aula.avi', avi);
    expect(item.processamento).toBe('PROCESSANDO');
    const aviKey = await chaveDe(item.id);
    expect(await bucket.stat(aviKey)).toMatchObject({ size: avi.length });
    while ((await t.app.jobWorker.runOnce()) > 0) {
      // the conversion (and anything else due)
    }
    const [job] = await t.database.db
      .select()
      .from(tarefas)
      .where(eq(tarefas.chave, `${JOB_CONVERTER_CONTEUDO}:${item.id}`));
    expect(job?.status).toBe('CONCLUIDA');
    const mp4Key = await chaveDe(item.id);
    expect(mp4Key).toBe(aviKey.replace(/\.avi$/, '.mp4'));
    const mp4 = await readAll(bucket.createReadStream(mp4Key));
    expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(await bucket.stat(aviKey)).toBeNull();
    expect(noDisco(mp4Key)).toBe(false);

    const video = await t.app.inject({
      method: 'GET',
      url: await urlAssinada(item.id),
      headers: { range: 'bytes=0-7' },
    });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.headers['content-range']).toBe(`bytes 0-7/${mp4.length}`);
    expect(video.rawPayload.equals(mp4.subarray(0, 8))).toBe(true);

    // Deleting the content deletes its object.
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/conteudoproduto/delete/${item.id}`,
      headers: bearer(admin),
    });
    expect(del.statusCode).toBe(200);
    expect(await bucket.stat(mp4Key)).toBeNull();
  });
});
