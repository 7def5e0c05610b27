import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { conteudoAdminApi, conteudoApi } from '@clinica/shared/schemas/conteudo';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.js';
import { DEMO_PDF_FILE, DEMO_VIDEO_FILE } from '../../db/seed/media.js';
import { tarefas } from '../tarefa/tarefa.table.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { createInspecao, formatoDoNome } from './conteudo-arquivo.js';
import { JOB_CONVERTER_CONTEUDO } from './conteudo-conversao.js';
import { conteudosProduto, progressoConteudos } from './conteudo.table.js';
import { multipart, type ParteMultipart } from '../../test/image-fixtures.js';
import { PDF_HTML, pdfZipPoliglota, zip as zipDe } from '../../test/upload-fixtures.js';
import { aviDeTeste } from '../../test/video-fixtures.js';

const PDF = fs.readFileSync(DEMO_PDF_FILE);
const MP4 = fs.readFileSync(DEMO_VIDEO_FILE);
const EXE = Buffer.concat([Buffer.from('MZ'), crypto.randomBytes(1022)]);

/** An AVI header (RIFF … AVI ) over bytes no decoder understands: passes the upload, fails the conversion. */
function aviQuebrado(): Buffer {
  const corpo = Buffer.concat([
    Buffer.from('AVI LIST'),
    Buffer.alloc(4),
    Buffer.from('hdrlavih'),
    crypto.randomBytes(5000),
  ]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(corpo.length, 4);
  return Buffer.concat([riff, corpo]);
}

const arquivo = (nome: string, dados: Buffer) => ({ nome, dados });

describe('conteúdo pelos bytes (conteudo-arquivo)', () => {
  it('o nome: só .pdf, .mp4 e .avi, sem extensão dupla; mvi não é formato conhecido', () => {
    expect(formatoDoNome('Aula 1. Introdução.PDF')).toBe('pdf');
    expect(formatoDoNome('video.mp4')).toBe('mp4');
    expect(formatoDoNome('video.avi')).toBe('avi');
    for (const nome of ['aula.mvi', 'aula.exe', 'aula', '', 'aula.pdf.', 'aula.mov']) {
      expect(() => formatoDoNome(nome), nome).toThrow(MSG_BO.conteudoFormatoInvalido);
    }
    for (const nome of ['aula.exe.pdf', 'video.mp4.avi', 'a.html.pdf']) {
      expect(() => formatoDoNome(nome), nome).toThrow(MSG_BO.conteudoExtensaoDupla);
    }
  });

  /** Feeds `dados` in chunks of `passo` bytes. */
  async function inspecionar(formato: 'pdf' | 'mp4' | 'avi', dados: Buffer, passo: number) {
    const inspecao = createInspecao(formato);
    const saida: Buffer[] = [];
    for (let i = 0; i < dados.length; i += passo)
      saida.push(...(await inspecao.consumir(dados.subarray(i, i + passo))));
    saida.push(...(await inspecao.concluir()));
    return Buffer.concat(saida);
  }

  it('passa o arquivo adiante byte a byte, em qualquer tamanho de pedaço', async () => {
    for (const passo of [1, 7, 4099, 4100, 65536]) {
      expect((await inspecionar('mp4', MP4, passo)).equals(MP4), `mp4 ${passo}`).toBe(true);
      expect((await inspecionar('pdf', PDF, passo)).equals(PDF), `pdf ${passo}`).toBe(true);
    }
  });

  it('recusa estrutura quebrada: MP4 cortado ou sem moov, PDF com outro arquivo colado, vazio', async () => {
    await expect(inspecionar('mp4', MP4.subarray(0, MP4.length - 10), 1000)).rejects.toThrow(
      MSG_BO.conteudoArquivoCorrompido,
    );
    const soFtyp = MP4.subarray(0, MP4.readUInt32BE(0));
    const mdat = Buffer.concat([Buffer.from([0, 0, 0x10, 8]), Buffer.from('mdat'), Buffer.alloc(0x1000)]);
    await expect(inspecionar('mp4', Buffer.concat([soFtyp, mdat]), 512)).rejects.toThrow(
      MSG_BO.conteudoArquivoCorrompido,
    );
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), crypto.randomBytes(3000)]);
    await expect(inspecionar('pdf', Buffer.concat([PDF, zip]), 1000)).rejects.toThrow(MSG_BO.conteudoArquivoCorrompido);
    await expect(inspecionar('pdf', Buffer.alloc(0), 10)).rejects.toThrow(MSG_BO.conteudoArquivoVazio);
    await expect(inspecionar('mp4', PDF, 1000)).rejects.toThrow(MSG_BO.conteudoExtensaoNaoConfere);
    await expect(inspecionar('pdf', EXE, 1000)).rejects.toThrow(MSG_BO.conteudoFormatoInvalido);
  });

  it('PDF: fim de linha e preenchimento depois do %%EOF passam; ZIP que termina em %%EOF e HTML no início não', async () => {
    for (const fim of ['\r\n', '\n\n', '  \0\0\0']) {
      const pdf = Buffer.concat([PDF, Buffer.from(fim, 'latin1')]);
      expect((await inspecionar('pdf', pdf, 1000)).equals(pdf), JSON.stringify(fim)).toBe(true);
    }
    for (const passo of [7, 1000, 65536]) {
      await expect(inspecionar('pdf', pdfZipPoliglota(), passo)).rejects.toThrow(MSG_BO.conteudoArquivoCorrompido);
      await expect(inspecionar('pdf', PDF_HTML, passo)).rejects.toThrow(MSG_BO.conteudoArquivoCorrompido);
    }
    // A small file glued after the %%EOF (the old check only looked for %%EOF in the last kilobyte).
    const zipPequeno = zipDe([{ nome: 'a.txt', dados: Buffer.from('oi') }]);
    await expect(inspecionar('pdf', Buffer.concat([PDF, zipPequeno]), 1000)).rejects.toThrow(
      MSG_BO.conteudoArquivoCorrompido,
    );
    await expect(inspecionar('pdf', Buffer.concat([PDF, Buffer.from('<?php ?>')]), 1000)).rejects.toThrow(
      MSG_BO.conteudoArquivoCorrompido,
    );
  });
});

describe.each(testDatabaseTargets())('conteúdos do produto no back-office (%s)', (kind) => {
  let t: TestApp;
  let admin = '';
  let usuario = '';
  let cliente = '';
  let digitalId = 0;
  let fisicoId = 0;
  let avi: Buffer;

  const url = (produtoId: number, ordem: number | string) => `/api/conteudoproduto/create/${produtoId}/${ordem}`;
  const enviar = (produtoId: number, ordem: number | string, partes: ParteMultipart[], token = admin) =>
    t.app.inject({ method: 'POST', url: url(produtoId, ordem), ...withAuth(multipart(partes), token) });
  const withAuth = (m: ReturnType<typeof multipart>, token: string) => ({
    payload: m.payload,
    headers: { ...m.headers, ...(token ? bearer(token) : {}) },
  });
  const listar = async (produtoId = digitalId) =>
    contentOf(
      conteudoAdminApi.listar,
      await t.app.inject({
        method: 'GET',
        url: `/api/conteudoproduto/admin/produto/${produtoId}`,
        headers: bearer(admin),
      }),
    );
  /** Files under the product's upload folder. */
  const arquivosDoProduto = (produtoId = digitalId) => {
    const dir = path.join(t.database.dataDir, 'files', 'private', 'conteudos', `produto-${produtoId}`);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  const linha = async (id: number) =>
    (await t.database.db.select().from(conteudosProduto).where(eq(conteudosProduto.id, id)))[0];
  const arquivoDe = (key: string) => path.join(t.database.dataDir, 'files', ...key.split('/'));
  const proximaOrdem = async (produtoId = digitalId) =>
    Math.max(0, ...(await listar(produtoId)).listaConteudoProduto.map((c) => c.ordem)) + 1;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true, jobWorker: { backoff: { initialSeconds: 0.01, maxSeconds: 0.01 } } });
    admin = await t.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    usuario = await t.login(DEMO_ACCOUNTS.equipe.email, DEMO_ACCOUNTS.equipe.password);
    cliente = await t.login(DEMO_ACCOUNTS.cliente.email, DEMO_ACCOUNTS.cliente.password);
    const [d] = await t.database.raw<{ id: number }>('SELECT id FROM produtos WHERE digital ORDER BY id LIMIT 1');
    const [f] = await t.database.raw<{ id: number }>('SELECT id FROM produtos WHERE NOT digital ORDER BY id LIMIT 1');
    digitalId = Number(d!.id);
    fisicoId = Number(f!.id);
    avi = aviDeTeste();
  });
  afterAll(() => t?.dispose());

  it('só o ADMIN: anônimo 401, CLIENTE e USUARIO 403 nas três rotas', async () => {
    const partes: ParteMultipart[] = [
      ['titulo', 'Aula'],
      ['duracao', '00:10:00'],
      ['conteudo', arquivo('a.pdf', PDF)],
    ];
    for (const [token, status] of [
      ['', 401],
      [cliente, 403],
      [usuario, 403],
    ] as const) {
      expect((await enviar(digitalId, 99, partes, token)).statusCode).toBe(status);
      const headers = token ? bearer(token) : {};
      const lista = await t.app.inject({
        method: 'GET',
        url: `/api/conteudoproduto/admin/produto/${digitalId}`,
        headers,
      });
      expect(lista.statusCode).toBe(status);
      const [primeiro] = (await listar()).listaConteudoProduto;
      const del = await t.app.inject({ method: 'DELETE', url: `/api/conteudoproduto/delete/${primeiro!.id}`, headers });
      expect(del.statusCode).toBe(status);
    }
    expect(arquivosDoProduto()).toEqual([]);
  });

  it('lista os conteúdos do produto digital em ordem; físico 422, desconhecido 404', async () => {
    const lista = await listar();
    expect(lista.produtoId).toBe(digitalId);
    expect(lista.listaConteudoProduto.length).toBeGreaterThan(0);
    const ordens = lista.listaConteudoProduto.map((c) => c.ordem);
    expect(ordens).toEqual([...ordens].sort((a, b) => a - b));
    expect(lista.listaConteudoProduto.every((c) => c.processamento === 'PRONTO')).toBe(true);
    const fisico = await t.app.inject({
      method: 'GET',
      url: `/api/conteudoproduto/admin/produto/${fisicoId}`,
      headers: bearer(admin),
    });
    expect(fisico.statusCode).toBe(422);
    expect(body(fisico).message).toBe(MSG_BO.conteudoProdutoFisico);
    const nada = await t.app.inject({
      method: 'GET',
      url: '/api/conteudoproduto/admin/produto/2147483000',
      headers: bearer(admin),
    });
    expect(nada.statusCode).toBe(404);
  });

  it('PDF com os campos depois do arquivo: 201, gravado byte a byte, na lista e na sala de aula', async () => {
    const ordem = await proximaOrdem();
    const res = await enviar(digitalId, ordem, [
      ['conteudo', arquivo('Apostila final.pdf', PDF)],
      ['titulo', 'Apostila final'],
      ['duracao', '00:15:00'],
    ]);
    const item = contentOf(conteudoAdminApi.criar, res);
    expect(body(res).message).toBe(MSG_BO.conteudoAdicionado);
    expect(item).toMatchObject({
      produtoId: digitalId,
      ordem,
      titulo: 'Apostila final',
      duracao: '00:15:00',
      video: false,
      tipo: 'application/pdf',
      tamanho: PDF.length,
      processamento: 'PRONTO',
      nomeArquivo: 'Apostila final.pdf',
    });
    const row = await linha(item.id);
    expect(row!.arquivo).toMatch(new RegExp(`^private/conteudos/produto-${digitalId}/[0-9]+-[0-9a-f]{16}\\.pdf$`));
    expect(fs.readFileSync(arquivoDe(row!.arquivo)).equals(PDF)).toBe(true);
    expect((await listar()).listaConteudoProduto.at(-1)).toEqual(item);

    const adminId = (
      await t.database.raw<{ id: number }>('SELECT id FROM usuarios WHERE email = $1', [DEMO_ACCOUNTS.admin.email])
    )[0]!.id;
    const curso = contentOf(
      conteudoApi.conteudoCurso,
      await t.app.inject({
        method: 'GET',
        url: `/api/conteudoproduto/produto/${digitalId}/conteudo/${adminId}`,
        headers: bearer(admin),
      }),
    );
    expect(curso.listaConteudoProduto.map((c) => c.id)).toContain(item.id);
  });

  it('MP4 com os campos antes do arquivo: 201 como vídeo pronto', async () => {
    const ordem = await proximaOrdem();
    const item = contentOf(
      conteudoAdminApi.criar,
      await enviar(digitalId, ordem, [
        ['titulo', 'Aula prática'],
        ['duracao', '01:02:03'],
        ['conteudo', arquivo('aula.mp4', MP4)],
      ]),
    );
    expect(item).toMatchObject({ video: true, tipo: 'video/mp4', tamanho: MP4.length, processamento: 'PRONTO' });
    expect(fs.readFileSync(arquivoDe((await linha(item.id))!.arquivo)).equals(MP4)).toBe(true);
  });

  it('recusas de arquivo e de campos: 4xx em português e nada gravado (nem arquivo, nem linha)', async () => {
    const antes = { arquivos: arquivosDoProduto(), total: (await listar()).listaConteudoProduto.length };
    const ordem = await proximaOrdem();
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), crypto.randomBytes(2000)]);
    const casos: Array<[string, ParteMultipart[], number, string]> = [
      ['PDF com nome .mp4', [['titulo', 'Aula'], ['duracao', '00:01:00'], ['conteudo', arquivo('a.mp4', PDF)]], 400, MSG_BO.conteudoExtensaoNaoConfere],
      ['executável .exe', [['titulo', 'Aula'], ['duracao', '00:01:00'], ['conteudo', arquivo('a.exe', EXE)]], 400, MSG_BO.conteudoFormatoInvalido],
      ['executável com nome .pdf', [['titulo', 'Aula'], ['duracao', '00:01:00'], ['conteudo', arquivo('a.pdf', EXE)]], 400, MSG_BO.conteudoFormatoInvalido],
      ['extensão dupla', [['titulo', 'Aula'], ['duracao', '00:01:00'], ['conteudo', arquivo('a.exe.pdf', PDF)]], 400, MSG_BO.conteudoExtensaoDupla],
      ['mvi', [['titulo', 'Aula'], ['duracao', '00:01:00'], ['conteudo', arquivo('a.mvi', MP4)]], 400, MSG_BO.conteudoFormatoInvalido],
      ['arquivo vazio', [['titulo', 'Aula'], ['duracao', '00:01:00'], ['conteudo', arquivo('a.pdf', Buffer.alloc(0))]], 400, MSG_BO.conteudoArquivoVazio],
      ['PDF poliglota (ZIP colado)', [['titulo', 'Aula'], ['duracao', '00:01:00'], ['conteudo', arquivo('a.pdf', Buffer.concat([PDF, zip]))]], 400, MSG_BO.conteudoArquivoCorrompido],
      ['MP4 cortado', [['titulo', 'Aula'], ['duracao', '00:01:00'], ['conteudo', arquivo('a.mp4', MP4.subarray(0, 30000))]], 400, MSG_BO.conteudoArquivoCorrompido],
      ['sem título (antes)', [['duracao', '00:01:00'], ['titulo', ''], ['conteudo', arquivo('a.pdf', PDF)]], 400, MSG_BO.conteudoCamposObrigatorios],
      ['sem título (depois)', [['conteudo', arquivo('a.pdf', PDF)], ['duracao', '00:01:00']], 400, MSG_BO.conteudoCamposObrigatorios],
      ['duração inválida (antes)', [['titulo', 'Aula'], ['duracao', '1:2:3'], ['conteudo', arquivo('a.pdf', PDF)]], 400, MSG_BO.conteudoDuracaoInvalida],
      ['duração inválida (depois)', [['titulo', 'Aula'], ['conteudo', arquivo('a.pdf', PDF)], ['duracao', '00:61:00']], 400, MSG_BO.conteudoDuracaoInvalida],
      ['sem arquivo', [['titulo', 'Aula'], ['duracao', '00:01:00']], 400, MSG_BO.conteudoArquivoObrigatorio],
      ['dois arquivos', [['titulo', 'Aula'], ['duracao', '00:01:00'], ['conteudo', arquivo('a.pdf', PDF)], ['conteudo', arquivo('b.pdf', PDF)]], 400, MSG_BO.conteudoUmArquivo],
      ['arquivo em outro campo', [['titulo', 'Aula'], ['duracao', '00:01:00'], ['arquivo', arquivo('a.pdf', PDF)]], 400, MSG_BO.conteudoUmArquivo],
    ]; // prettier-ignore
    for (const [nome, partes, status, mensagem] of casos) {
      const res = await enviar(digitalId, ordem, partes);
      expect({ nome, status: res.statusCode, message: body(res).message }).toEqual({ nome, status, message: mensagem });
    }
    expect(arquivosDoProduto()).toEqual(antes.arquivos);
    expect((await listar()).listaConteudoProduto).toHaveLength(antes.total);
  });

  it('ordem: a partir de 1 e única no produto (409); produto físico 422, desconhecido 404; JSON 415', async () => {
    const partes: ParteMultipart[] = [
      ['titulo', 'Aula'],
      ['duracao', '00:01:00'],
      ['conteudo', arquivo('a.pdf', PDF)],
    ];
    for (const ordem of ['0', '-1', 'abc', '01', '1.5']) {
      const res = await enviar(digitalId, ordem, partes);
      expect(res.statusCode, ordem).toBe(400);
      expect(JSON.stringify(body(res))).toContain(MSG_BO.conteudoOrdemInvalida);
    }
    const usada = (await listar()).listaConteudoProduto[0]!.ordem;
    const repetida = await enviar(digitalId, usada, partes);
    expect(repetida.statusCode).toBe(409);
    expect(body(repetida).message).toBe(MSG_BO.conteudoOrdemEmUso);
    const fisico = await enviar(fisicoId, 1, partes);
    expect(fisico.statusCode).toBe(422);
    expect(body(fisico).message).toBe(MSG_BO.conteudoProdutoFisico);
    expect((await enviar(2_147_483_000, 1, partes)).statusCode).toBe(404);
    const json = await t.app.inject({
      method: 'POST',
      url: url(digitalId, await proximaOrdem()),
      headers: bearer(admin),
      payload: { titulo: 'Aula', duracao: '00:01:00' },
    });
    expect(json.statusCode).toBe(415);
    expect(body(json).message).toBe(MSG_BO.conteudoEnvieMultipart);
    expect(arquivosDoProduto(fisicoId)).toEqual([]);
  });

  it('duas gravações simultâneas na mesma ordem: uma 201, outra 409, e só um arquivo fica', async () => {
    const antes = arquivosDoProduto().length;
    const ordem = await proximaOrdem();
    const partes: ParteMultipart[] = [
      ['titulo', 'Concorrente'],
      ['duracao', '00:01:00'],
      ['conteudo', arquivo('a.pdf', PDF)],
    ];
    const respostas = await Promise.all([enviar(digitalId, ordem, partes), enviar(digitalId, ordem, partes)]);
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(respostas.map((r) => body(r).message)).toContain(MSG_BO.conteudoOrdemEmUso);
    expect(arquivosDoProduto().length).toBe(antes + 1);
  });

  it('arquivo acima de CONTEUDO_MAX_BYTES: 413 e nada gravado', async () => {
    const pequeno = await createTestApp({ kind, database: t.database, config: { CONTEUDO_MAX_BYTES: 4096 } });
    try {
      const antes = arquivosDoProduto();
      const res = await pequeno.app.inject({
        method: 'POST',
        url: url(digitalId, await proximaOrdem()),
        ...withAuth(
          multipart([
            ['titulo', 'Grande'],
            ['duracao', '00:01:00'],
            ['conteudo', arquivo('a.pdf', PDF)],
          ]),
          admin,
        ),
      });
      expect(res.statusCode).toBe(413);
      expect(body(res).message).toContain(MSG_BO.conteudoArquivoGrande);
      expect(arquivosDoProduto()).toEqual(antes);
    } finally {
      await pequeno.app.close();
    }
  });

  it('AVI: PROCESSANDO e fora da sala de aula; a tarefa converte para MP4 H.264 e o conteúdo fica PRONTO', async () => {
    const ordem = await proximaOrdem();
    const item = contentOf(
      conteudoAdminApi.criar,
      await enviar(digitalId, ordem, [
        ['conteudo', arquivo('aula antiga.avi', avi)],
        ['titulo', 'Aula em AVI'],
        ['duracao', '00:00:01'],
      ]),
    );
    expect(item).toMatchObject({
      processamento: 'PROCESSANDO',
      video: true,
      tipo: 'video/x-msvideo',
      tamanho: avi.length,
    });
    const aviKey = (await linha(item.id))!.arquivo;
    expect(aviKey.endsWith('.avi')).toBe(true);
    const [job] = await t.database.db
      .select()
      .from(tarefas)
      .where(eq(tarefas.chave, `${JOB_CONVERTER_CONTEUDO}:${item.id}`));
    expect(job?.status).toBe('PENDENTE');

    // Students (and the ADMIN's classroom) do not get it yet.
    const adminId = (
      await t.database.raw<{ id: number }>('SELECT id FROM usuarios WHERE email = $1', [DEMO_ACCOUNTS.admin.email])
    )[0]!.id;
    const sala = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/conteudoproduto/produto/${digitalId}/conteudo/${adminId}`,
        headers: bearer(admin),
      });
    expect(contentOf(conteudoApi.conteudoCurso, await sala()).listaConteudoProduto.map((c) => c.id)).not.toContain(
      item.id,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/conteudoproduto/${item.id}`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(404);
    // The library's progress counts only playable items.
    const totalNaBiblioteca = async () =>
      contentOf(
        conteudoApi.produtosAcesso,
        await t.app.inject({ method: 'GET', url: `/api/cliente/produtosacesso/${adminId}`, headers: bearer(admin) }),
      ).find((p) => p.id === digitalId)!.progresso.total;
    const prontos = async () =>
      (await listar()).listaConteudoProduto.filter((c) => c.processamento === 'PRONTO').length;
    expect(await totalNaBiblioteca()).toBe(await prontos());

    while ((await t.app.jobWorker.runOnce()) > 0) {
      // run the conversion (and anything else due)
    }
    const depois = (await listar()).listaConteudoProduto.find((c) => c.id === item.id)!;
    expect(depois).toMatchObject({ processamento: 'PRONTO', video: true, tipo: 'video/mp4' });
    const row = (await linha(item.id))!;
    expect(row.arquivo.endsWith('.mp4')).toBe(true);
    const mp4 = fs.readFileSync(arquivoDe(row.arquivo));
    expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(depois.tamanho).toBe(mp4.length);
    // +faststart: the movie header comes before the media data.
    expect(mp4.indexOf('moov')).toBeLessThan(mp4.indexOf('mdat'));
    expect(mp4.includes('avc1')).toBe(true);
    expect(mp4.includes('mp4a')).toBe(true);
    expect(fs.existsSync(arquivoDe(aviKey))).toBe(false);

    expect(contentOf(conteudoApi.conteudoCurso, await sala()).listaConteudoProduto.map((c) => c.id)).toContain(item.id);
    expect(await totalNaBiblioteca()).toBe(await prontos());
    const acesso = contentOf(
      conteudoApi.conteudo,
      await t.app.inject({ method: 'GET', url: `/api/conteudoproduto/${item.id}`, headers: bearer(admin) }),
    );
    const video = await t.app.inject({ method: 'GET', url: acesso.url, headers: { range: 'bytes=0-7' } });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-type']).toBe('video/mp4');
  });

  it('AVI que o ffmpeg não decodifica: depois das tentativas fica FALHOU, fora da sala de aula', async () => {
    const item = contentOf(
      conteudoAdminApi.criar,
      await enviar(digitalId, await proximaOrdem(), [
        ['titulo', 'AVI quebrado'],
        ['duracao', '00:00:05'],
        ['conteudo', arquivo('quebrado.avi', aviQuebrado())],
      ]),
    );
    expect(item.processamento).toBe('PROCESSANDO');
    for (let i = 0; i < 20 && (await linha(item.id))!.processamento === 'PROCESSANDO'; i++) {
      await t.app.jobWorker.runOnce();
      await new Promise((r) => setTimeout(r, 30));
    }
    expect((await linha(item.id))!.processamento).toBe('FALHOU');
    const [job] = await t.database.db
      .select()
      .from(tarefas)
      .where(eq(tarefas.chave, `${JOB_CONVERTER_CONTEUDO}:${item.id}`));
    expect(job).toMatchObject({ status: 'FALHOU', tentativas: 3 });
    expect(job?.ultimoErro).toMatch(/ffmpeg/);
    expect((await listar()).listaConteudoProduto.find((c) => c.id === item.id)?.processamento).toBe('FALHOU');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/conteudoproduto/${item.id}`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(404);
  });

  it('excluir: a linha, o progresso dos alunos e o arquivo; 404 para o que não existe', async () => {
    const item = contentOf(
      conteudoAdminApi.criar,
      await enviar(digitalId, await proximaOrdem(), [
        ['titulo', 'Para excluir'],
        ['duracao', '00:02:00'],
        ['conteudo', arquivo('x.pdf', PDF)],
      ]),
    );
    const key = (await linha(item.id))!.arquivo;
    const [u] = await t.database.raw<{ id: number }>('SELECT id FROM usuarios WHERE email = $1', [
      DEMO_ACCOUNTS.admin.email,
    ]);
    await t.database.db.insert(progressoConteudos).values({ usuarioId: Number(u!.id), conteudoId: item.id });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/conteudoproduto/delete/${item.id}`,
      headers: bearer(admin),
    });
    expect(contentOf(conteudoAdminApi.excluir, res)).toEqual({ id: item.id });
    expect(body(res).message).toBe(MSG_BO.conteudoExcluido);
    expect(await linha(item.id)).toBeUndefined();
    expect(
      await t.database.db.select().from(progressoConteudos).where(eq(progressoConteudos.conteudoId, item.id)),
    ).toEqual([]);
    expect(fs.existsSync(arquivoDe(key))).toBe(false);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/conteudoproduto/delete/${item.id}`,
      headers: bearer(admin),
    });
    expect(again.statusCode).toBe(404);
    expect(body(again).message).toBe(MSG_API.conteudoNaoEncontrado);
  });
});
