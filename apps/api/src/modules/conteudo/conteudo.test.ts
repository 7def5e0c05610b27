import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { conteudoAdminApi, conteudoApi } from '@clinica/shared/schemas/conteudo';
import { DEMO_ACCOUNTS, DEMO_CURSOS } from '../../db/seed/demo-data.js';
import type { TokenSubject } from '../../lib/jwt.js';
import {
  bearer,
  body,
  contentOf,
  createTestApp,
  movableClock,
  TEST_JWT_SECRET,
  testDatabaseTargets,
  type TestApp,
} from '../../test/harness.js';
import { pedidoItens, pedidos, type SituacaoPedido } from '../pedido/pedido.table.js';
import { assinarMidia, chaveMidia, verificarMidia } from './assinatura.js';
import {
  formatarCodigoCertificado,
  gerarCodigoCertificado,
  normalizarCodigoCertificado,
} from './codigo-certificado.js';
import { certificados, progressoConteudos } from './conteudo.table.js';
import { interpretarRange } from './range.js';

const CURSO = DEMO_CURSOS.find((c) => c.slug === 'biosseguranca-consultorio')!;
const OUTRO = DEMO_CURSOS.find((c) => c.slug === 'toxina-botulinica')!;
type Quem = 'dono' | 'outro' | 'usuario' | 'admin';

describe('interpretarRange (um intervalo só)', () => {
  it('início, meio, sufixo, aberto, inteiro e inválidos', () => {
    expect(interpretarRange(undefined, 100)).toEqual({ tipo: 'inteiro' });
    expect(interpretarRange('bytes=0-9', 100)).toEqual({ tipo: 'parte', inicio: 0, fim: 9 });
    expect(interpretarRange('bytes=40-59', 100)).toEqual({ tipo: 'parte', inicio: 40, fim: 59 });
    expect(interpretarRange('bytes=-10', 100)).toEqual({ tipo: 'parte', inicio: 90, fim: 99 });
    expect(interpretarRange('bytes=-1000', 100)).toEqual({ tipo: 'parte', inicio: 0, fim: 99 });
    expect(interpretarRange('bytes=95-', 100)).toEqual({ tipo: 'parte', inicio: 95, fim: 99 });
    expect(interpretarRange('bytes=90-1000', 100)).toEqual({ tipo: 'parte', inicio: 90, fim: 99 });
    expect(interpretarRange('items=0-9', 100)).toEqual({ tipo: 'inteiro' });
    expect(interpretarRange('bytes=0-1,5-9', 100)).toEqual({ tipo: 'inteiro' });
    for (const h of ['bytes=100-', 'bytes=9-2', 'bytes=-0', 'bytes=-', 'bytes=abc', 'bytes=1-2-3']) {
      expect(interpretarRange(h, 100), h).toEqual({ tipo: 'insatisfazivel' });
    }
    expect(interpretarRange('bytes=0-', 0)).toEqual({ tipo: 'insatisfazivel' });
  });
});

describe('códigos de certificado e assinatura de mídia', () => {
  it('código: 14 caracteres Crockford com dígitos verificadores; erros de digitação não passam', () => {
    const codigo = gerarCodigoCertificado();
    expect(codigo).toMatch(/^[0-9A-HJKMNP-TV-Z]{14}$/);
    expect(normalizarCodigoCertificado(formatarCodigoCertificado(codigo).toLowerCase())).toBe(codigo);
    const troca = (i: number) => {
      const c = codigo[i] === 'A' ? 'B' : 'A';
      return codigo.slice(0, i) + c + codigo.slice(i + 1);
    };
    for (let i = 0; i < 14; i++) expect(normalizarCodigoCertificado(troca(i))).toBeNull();
    const vizinhos = codigo[0] === codigo[1] ? null : codigo[1]! + codigo[0]! + codigo.slice(2);
    if (vizinhos) expect(normalizarCodigoCertificado(vizinhos)).toBeNull();
    expect(new Set(Array.from({ length: 200 }, gerarCodigoCertificado)).size).toBe(200);
  });

  it('assinatura: presa ao recurso, ao usuário e à validade', () => {
    const chave = chaveMidia('segredo-de-teste-com-mais-de-32-caracteres');
    const agora = new Date('2026-01-01T12:00:00Z');
    const { query, expiraEm } = assinarMidia(chave, 'conteudo:5', 7, agora);
    expect(expiraEm.getTime() - agora.getTime()).toBe(600_000);
    const q = Object.fromEntries(new URLSearchParams(query));
    expect(verificarMidia(chave, 'conteudo:5', q, agora)).toEqual({ ok: true, usuarioId: 7 });
    expect(verificarMidia(chave, 'conteudo:6', q, agora)).toEqual({ ok: false, motivo: 'invalida' });
    expect(verificarMidia(chave, 'conteudo:5', { ...q, u: '8' }, agora)).toEqual({ ok: false, motivo: 'invalida' });
    expect(verificarMidia(chave, 'conteudo:5', { ...q, e: String(Number(q.e) + 600) }, agora).ok).toBe(false);
    expect(verificarMidia(chaveMidia('outro-segredo-com-mais-de-32-caracteres!'), 'conteudo:5', q, agora).ok).toBe(
      false,
    );
    expect(verificarMidia(chave, 'conteudo:5', q, new Date(expiraEm.getTime()))).toEqual({
      ok: false,
      motivo: 'expirada',
    });
  });
});

describe.each(testDatabaseTargets())('biblioteca, sala de aula e certificados (%s)', (kind) => {
  let t: TestApp;
  const clock = movableClock();
  const who = {} as Record<Quem, TokenSubject>;
  const tokens = {} as Record<Quem | 'anonimo', string | null>;
  let cursoId = 0;
  let outroId = 0;
  let video = { id: 0, arquivo: '', tamanho: 0 };
  let pdf = { id: 0, arquivo: '', tamanho: 0 };
  let outroVideoId = 0;
  let pedidoDono = 0;
  let arquivoVideo: Buffer;

  const one = async <T>(sql: string, params: unknown[] = []) => (await t.database.raw<T>(sql, params))[0]!;
  const ids = async (email: string) => {
    const row = await one<{ id: number; cliente: number | null }>(
      'SELECT u.id, c.id AS cliente FROM usuarios u LEFT JOIN clientes c ON c.usuario_id = u.id WHERE u.email = $1',
      [email],
    );
    return { id: Number(row.id), idCliente: row.cliente === null ? null : Number(row.cliente) };
  };

  /** An order of `clienteId` holding `produtoId`, written directly in `situacao`. */
  async function pedido(clienteId: number, produtoId: number, situacao: SituacaoPedido) {
    const [p] = await t.database.db
      .insert(pedidos)
      .values({ clienteId, situacao, valorProdutos: 9900, valorTotal: 9900, dadosDocumento: '52998224725' })
      .returning({ id: pedidos.id });
    await t.database.db.insert(pedidoItens).values({
      pedidoId: p!.id,
      produtoId,
      produtoNome: 'Curso',
      quantidade: 1,
      valorUnitario: 9900,
      valorTotal: 9900,
      digital: true,
    });
    return p!.id;
  }
  const situacao = (id: number, s: SituacaoPedido) =>
    t.database.db.update(pedidos).set({ situacao: s }).where(eq(pedidos.id, id));

  const get = (url: string, quem: Quem | 'anonimo' = 'dono', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(tokens[quem] ? bearer(tokens[quem]!) : {}), ...headers } });
  const put = (url: string, payload: unknown, quem: Quem | 'anonimo' = 'dono') =>
    t.app.inject({
      method: 'PUT',
      url,
      payload: payload as object,
      headers: tokens[quem] ? bearer(tokens[quem]!) : {},
    });
  const post = (url: string, quem: Quem | 'anonimo' = 'dono') =>
    t.app.inject({ method: 'POST', url, headers: tokens[quem] ? bearer(tokens[quem]!) : {} });

  const bibliotecaUrl = (quem: Quem = 'dono', query = '') => `/api/cliente/produtosacesso/${who[quem].id}${query}`;
  const cursoUrl = (produtoId: number, quem: Quem = 'dono') =>
    `/api/conteudoproduto/produto/${produtoId}/conteudo/${who[quem].id}`;

  /** The signed URL the owner (or `quem`) gets for an item. */
  async function urlAssinada(conteudoId: number, quem: Quem = 'dono') {
    const res = await get(`/api/conteudoproduto/${conteudoId}`, quem);
    expect(res.statusCode, res.body).toBe(200);
    return contentOf(conteudoApi.conteudo, res).url;
  }

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true, clock });
    who.dono = { ...(await ids(DEMO_ACCOUNTS.cliente.email)), permissao: 'CLIENTE' };
    who.outro = { ...(await ids(DEMO_ACCOUNTS.empresa.email)), permissao: 'CLIENTE' };
    who.usuario = { ...(await ids(DEMO_ACCOUNTS.equipe.email)), permissao: 'USUARIO' };
    who.admin = { ...(await ids(DEMO_ACCOUNTS.admin.email)), permissao: 'ADMIN' };
    for (const q of Object.keys(who) as Quem[]) tokens[q] = await t.issueToken(who[q]);
    tokens.anonimo = null;
    cursoId = Number((await one<{ id: number }>('SELECT id FROM produtos WHERE nome = $1', [CURSO.nome])).id);
    outroId = Number((await one<{ id: number }>('SELECT id FROM produtos WHERE nome = $1', [OUTRO.nome])).id);
    const itens = await t.database.raw<{ id: number; video: boolean; arquivo: string; tamanho: number }>(
      'SELECT id, video, arquivo, tamanho FROM conteudos_produto WHERE produto_id = $1 ORDER BY ordem',
      [cursoId],
    );
    const v = itens.find((i) => i.video)!;
    const p = itens.find((i) => !i.video)!;
    video = { id: Number(v.id), arquivo: v.arquivo, tamanho: Number(v.tamanho) };
    pdf = { id: Number(p.id), arquivo: p.arquivo, tamanho: Number(p.tamanho) };
    outroVideoId = Number(
      (
        await one<{ id: number }>('SELECT id FROM conteudos_produto WHERE produto_id = $1 AND video ORDER BY ordem', [
          outroId,
        ])
      ).id,
    );
    arquivoVideo = fs.readFileSync(path.join(t.database.dataDir, 'files', ...video.arquivo.split('/')));
    // The owner bought CURSO (paid); the other client bought only OUTRO; nobody else owns anything.
    pedidoDono = await pedido(who.dono.idCliente!, cursoId, 'PAGO');
    await pedido(who.outro.idCliente!, outroId, 'ENTREGUE');
    await pedido(who.dono.idCliente!, outroId, 'PENDENTE');
    await pedido(who.dono.idCliente!, outroId, 'CANCELADO');
  });
  afterAll(async () => t?.dispose());

  describe('acesso: dono, outro cliente, anônimo, USUARIO e ADMIN em cada rota', () => {
    it('biblioteca (GET /cliente/produtosacesso/{idUser})', async () => {
      const dono = contentOf(conteudoApi.produtosAcesso, await get(bibliotecaUrl()));
      expect(dono.map((p) => p.id)).toEqual([cursoId]);
      expect(dono[0]).toMatchObject({ nome: CURSO.nome, progresso: { total: CURSO.conteudos.length } });
      expect(dono[0]!.autores.length).toBeGreaterThan(0);
      // The other client's library holds only its course; PENDENTE and CANCELADO orders grant nothing.
      expect(
        contentOf(conteudoApi.produtosAcesso, await get(bibliotecaUrl('outro'), 'outro')).map((p) => p.id),
      ).toEqual([outroId]);
      expect((await get(bibliotecaUrl('outro'), 'dono')).statusCode).toBe(403);
      expect((await get(bibliotecaUrl(), 'anonimo')).statusCode).toBe(401);
      expect((await get(bibliotecaUrl(), 'usuario')).statusCode).toBe(403);
      expect((await get(bibliotecaUrl('usuario'), 'usuario')).statusCode).toBe(403);
      const admin = contentOf(conteudoApi.produtosAcesso, await get(bibliotecaUrl('admin'), 'admin'));
      expect(admin.length).toBe(DEMO_CURSOS.length);
      // ADMIN asking with a client's id still gets its own view: the path names nobody else's data.
      expect(contentOf(conteudoApi.produtosAcesso, await get(bibliotecaUrl(), 'admin')).length).toBe(
        DEMO_CURSOS.length,
      );
    });

    it('biblioteca: o idCliente da query não muda nada; filtroProduto filtra pelo nome', async () => {
      const alheio = contentOf(
        conteudoApi.produtosAcesso,
        await get(bibliotecaUrl('dono', `?idCliente=${who.outro.idCliente}`)),
      );
      expect(alheio.map((p) => p.id)).toEqual([cursoId]);
      const achou = contentOf(conteudoApi.produtosAcesso, await get(bibliotecaUrl('dono', '?filtroProduto=BIOSSEG')));
      expect(achou.map((p) => p.id)).toEqual([cursoId]);
      const nada = contentOf(conteudoApi.produtosAcesso, await get(bibliotecaUrl('dono', '?filtroProduto=toxina')));
      expect(nada).toEqual([]);
      expect(contentOf(conteudoApi.produtosAcesso, await get(bibliotecaUrl('dono', '?filtroProduto=%25')))).toEqual([]);
    });

    it('sala de aula (GET /conteudoproduto/produto/{id}/conteudo/{idUser})', async () => {
      const sala = contentOf(conteudoApi.conteudoCurso, await get(cursoUrl(cursoId)));
      expect(sala).toMatchObject({ id: cursoId, nomeProduto: CURSO.nome, podeAvaliar: true, certificado: null });
      expect(sala.listaConteudoProduto.map((c) => c.titulo)).toEqual(CURSO.conteudos.map((c) => c.titulo));
      expect(sala.listaTag.length).toBeGreaterThan(0);
      // Not the owner of the course: 403, with its own id or someone else's in the path.
      expect((await get(cursoUrl(outroId))).statusCode).toBe(403);
      expect((await get(cursoUrl(cursoId, 'outro'), 'outro')).statusCode).toBe(403);
      expect((await get(cursoUrl(cursoId, 'dono'), 'outro')).statusCode).toBe(403);
      expect((await get(cursoUrl(cursoId), 'anonimo')).statusCode).toBe(401);
      expect((await get(cursoUrl(cursoId, 'usuario'), 'usuario')).statusCode).toBe(403);
      const admin = contentOf(conteudoApi.conteudoCurso, await get(cursoUrl(outroId, 'admin'), 'admin'));
      expect(admin).toMatchObject({ nomeProduto: OUTRO.nome, podeAvaliar: false, avaliado: false, certificado: null });
      // A physical or unknown product is no course: 404.
      const fisico = await one<{ id: number }>('SELECT id FROM produtos WHERE NOT digital ORDER BY id LIMIT 1');
      expect((await get(cursoUrl(Number(fisico.id), 'admin'), 'admin')).statusCode).toBe(404);
    });

    it('conteúdo (GET /conteudoproduto/{id}): URL assinada só para quem pode ver', async () => {
      const res = await get(`/api/conteudoproduto/${video.id}`);
      const c = contentOf(conteudoApi.conteudo, res);
      expect(c).toMatchObject({ id: video.id, produtoId: cursoId, video: true, tipo: 'video/mp4' });
      expect(c.url).toMatch(
        new RegExp(`^/api/conteudoproduto/stream/${video.id}\\?u=${who.dono.id}&e=\\d+&s=[\\w-]{43}$`),
      );
      expect(new Date(c.expiraEm).getTime() - clock().getTime()).toBeLessThanOrEqual(600_000);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(c.url).not.toContain(tokens.dono!);
      const p = contentOf(conteudoApi.conteudo, await get(`/api/conteudoproduto/${pdf.id}`));
      expect(p.url).toMatch(new RegExp(`^/api/conteudoproduto/pdf/${pdf.id}\\?`));
      expect((await get(`/api/conteudoproduto/${outroVideoId}`)).statusCode).toBe(403);
      expect((await get(`/api/conteudoproduto/${video.id}`, 'outro')).statusCode).toBe(403);
      expect((await get(`/api/conteudoproduto/${video.id}`, 'anonimo')).statusCode).toBe(401);
      expect((await get(`/api/conteudoproduto/${video.id}`, 'usuario')).statusCode).toBe(403);
      expect((await get(`/api/conteudoproduto/${outroVideoId}`, 'admin')).statusCode).toBe(200);
      expect((await get('/api/conteudoproduto/2147483000', 'dono')).statusCode).toBe(404);
    });

    it('arquivos (stream e pdf): dono por URL assinada ou token; os demais 401/403', async () => {
      const assinada = await urlAssinada(video.id);
      expect((await get(assinada, 'anonimo')).statusCode).toBe(200);
      expect((await get(`/api/conteudoproduto/stream/${video.id}`, 'dono')).statusCode).toBe(200);
      expect((await get(`/api/conteudoproduto/stream/${video.id}`, 'anonimo')).statusCode).toBe(401);
      expect((await get(`/api/conteudoproduto/stream/${video.id}`, 'outro')).statusCode).toBe(403);
      expect((await get(`/api/conteudoproduto/stream/${video.id}`, 'usuario')).statusCode).toBe(403);
      expect((await get(`/api/conteudoproduto/stream/${outroVideoId}`, 'admin')).statusCode).toBe(200);
      expect((await get(`/api/conteudoproduto/pdf/${pdf.id}`, 'dono')).statusCode).toBe(200);
      expect((await get(`/api/conteudoproduto/pdf/${pdf.id}`, 'anonimo')).statusCode).toBe(401);
      expect((await get(`/api/conteudoproduto/pdf/${pdf.id}`, 'outro')).statusCode).toBe(403);
      expect((await get(`/api/conteudoproduto/pdf/${pdf.id}`, 'usuario')).statusCode).toBe(403);
      expect((await get(`/api/conteudoproduto/pdf/${pdf.id}`, 'admin')).statusCode).toBe(200);
      // A video is not served as a PDF, nor the reverse.
      expect((await get(`/api/conteudoproduto/pdf/${video.id}`, 'dono')).statusCode).toBe(404);
      expect((await get(`/api/conteudoproduto/stream/${pdf.id}`, 'dono')).statusCode).toBe(404);
      // The other client's own signed URL opens only its own course.
      const doOutro = contentOf(conteudoApi.conteudo, await get(`/api/conteudoproduto/${outroVideoId}`, 'outro')).url;
      expect((await get(doOutro, 'anonimo')).statusCode).toBe(200);
      expect((await get(doOutro.replace(`/${outroVideoId}?`, `/${video.id}?`), 'anonimo')).statusCode).toBe(401);
    });

    it('progresso e certificado: o papel e a posse valem igual', async () => {
      const url = `/api/conteudoproduto/${video.id}/progresso`;
      expect((await put(url, { posicaoSegundos: 1 }, 'anonimo')).statusCode).toBe(401);
      expect((await put(url, { posicaoSegundos: 1 }, 'usuario')).statusCode).toBe(403);
      expect((await put(url, { posicaoSegundos: 1 }, 'outro')).statusCode).toBe(403);
      expect((await put(url, { posicaoSegundos: 1 }, 'admin')).statusCode).toBe(200);
      expect((await put(url, { posicaoSegundos: 1 }, 'dono')).statusCode).toBe(200);
      const cert = `/api/certificado/produto/${cursoId}`;
      expect((await post(cert, 'anonimo')).statusCode).toBe(401);
      expect((await post(cert, 'usuario')).statusCode).toBe(403);
      expect((await post(cert, 'admin')).statusCode).toBe(403);
      expect((await post(cert, 'outro')).statusCode).toBe(403);
      expect((await post(`/api/certificado/produto/${outroId}`, 'dono')).statusCode).toBe(403);
    });
  });

  describe('vídeo com HTTP Range', () => {
    it('sem Range: 200 com o arquivo inteiro, Accept-Ranges, tipo da linha e cache privado', async () => {
      const res = await get(await urlAssinada(video.id), 'anonimo');
      expect(res.statusCode).toBe(200);
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.headers['content-length']).toBe(String(video.tamanho));
      expect(res.headers['cache-control']).toMatch(/^private, max-age=([1-9]\d{0,2})$/);
      expect(Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))![1])).toBeLessThanOrEqual(300);
      expect(res.rawPayload.equals(arquivoVideo)).toBe(true);
    });

    it('primeiros bytes, meio, sufixo e aberto: 206 com Content-Range exato', async () => {
      const url = await urlAssinada(video.id);
      const size = video.tamanho;
      const casos: Array<[string, number, number]> = [
        ['bytes=0-99', 0, 99],
        ['bytes=1000-1999', 1000, 1999],
        ['bytes=-500', size - 500, size - 1],
        [`bytes=${size - 10}-`, size - 10, size - 1],
        [`bytes=${size - 5}-${size + 100}`, size - 5, size - 1],
      ];
      for (const [range, a, b] of casos) {
        const res = await get(url, 'anonimo', { range });
        expect(res.statusCode, range).toBe(206);
        expect(res.headers['content-range']).toBe(`bytes ${a}-${b}/${size}`);
        expect(res.headers['content-length']).toBe(String(b - a + 1));
        expect(res.headers['accept-ranges']).toBe('bytes');
        expect(res.rawPayload.equals(arquivoVideo.subarray(a, b + 1)), range).toBe(true);
      }
    });

    it('intervalo impossível ou malformado: 416 com bytes */tamanho; vários intervalos: 200 inteiro', async () => {
      const url = await urlAssinada(video.id);
      for (const range of [`bytes=${video.tamanho}-`, 'bytes=50-10', 'bytes=-0', 'bytes=x-y']) {
        const res = await get(url, 'anonimo', { range });
        expect(res.statusCode, range).toBe(416);
        expect(res.headers['content-range']).toBe(`bytes */${video.tamanho}`);
        expect(body(res)).toEqual({ statusCode: 416, message: MSG_API.intervaloInvalido, content: null });
      }
      const varios = await get(url, 'anonimo', { range: 'bytes=0-1,10-20' });
      expect(varios.statusCode).toBe(200);
      expect(varios.rawPayload.length).toBe(video.tamanho);
    });

    it('HEAD responde os cabeçalhos sem corpo', async () => {
      const url = await urlAssinada(video.id);
      const res = await t.app.inject({ method: 'HEAD', url, headers: { range: 'bytes=0-9' } });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 0-9/${video.tamanho}`);
      expect(res.body).toBe('');
    });

    it('PDF: inline, com Range também', async () => {
      const url = await urlAssinada(pdf.id);
      const res = await get(url, 'anonimo');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('inline');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const parte = await get(url, 'anonimo', { range: 'bytes=0-4' });
      expect(parte.statusCode).toBe(206);
      expect(parte.body).toBe('%PDF-');
    });
  });

  describe('download liberado pela equipe (ADR 046)', () => {
    const liberar = (id: number, permiteDownload: boolean, quem: Quem = 'admin') =>
      put(`/api/conteudoproduto/${id}/download`, { permiteDownload }, quem);
    const downloadUrl = async (id: number, quem: Quem = 'dono') =>
      contentOf(conteudoApi.conteudo, await get(`/api/conteudoproduto/${id}`, quem)).downloadUrl;

    it('bloqueado: nenhuma URL de download e a rota recusa com 422; liberado: anexo com o título, só para quem tem acesso', async () => {
      // The demo seed allows this course's handout; the staff block it first.
      const bloqueado = await liberar(pdf.id, false);
      expect(bloqueado.statusCode).toBe(200);
      expect(body(bloqueado).message).toBe(MSG_API.downloadBloqueado);
      expect(contentOf(conteudoAdminApi.permitirDownload, bloqueado).permiteDownload).toBe(false);
      expect(await downloadUrl(pdf.id)).toBeNull();
      const recusa = await get(`/api/conteudoproduto/download/${pdf.id}`, 'dono');
      expect(recusa.statusCode).toBe(422);
      expect(body(recusa).message).toBe(MSG_API.downloadNaoPermitido);

      const liberado = await liberar(pdf.id, true);
      expect(body(liberado).message).toBe(MSG_API.downloadLiberado);
      const url = (await downloadUrl(pdf.id))!;
      expect(url).toMatch(new RegExp(`^/api/conteudoproduto/download/${pdf.id}\\?u=${who.dono.id}&e=\\d+&s=`));
      const res = await get(url, 'anonimo');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Apostila: biosseguranca no atendimento.pdf"; filename*=UTF-8''${encodeURIComponent('Apostila: biossegurança no atendimento.pdf')}`,
      );
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(Number(res.headers['content-length'])).toBe(pdf.tamanho);
      // The admin's list shows the flag.
      const lista = contentOf(
        conteudoAdminApi.listar,
        await get(`/api/conteudoproduto/admin/produto/${cursoId}`, 'admin'),
      );
      expect(lista.listaConteudoProduto.find((c) => c.id === pdf.id)!.permiteDownload).toBe(true);
    });

    it('quem não comprou o curso não baixa: outro cliente 403, USUARIO 403, sem sessão 401; URL de outro conteúdo: 401', async () => {
      expect((await liberar(pdf.id, true)).statusCode).toBe(200);
      const rota = `/api/conteudoproduto/download/${pdf.id}`;
      expect((await get(rota, 'outro')).statusCode).toBe(403);
      expect((await get(rota, 'usuario')).statusCode).toBe(403);
      expect((await get(rota, 'anonimo')).statusCode).toBe(401);
      expect((await get(rota, 'dono')).statusCode).toBe(200);
      expect((await get(rota, 'admin')).statusCode).toBe(200);
      // The other client's signed URL of its own course does not open this one.
      const doOutro = contentOf(conteudoApi.conteudo, await get(`/api/conteudoproduto/${outroVideoId}`, 'outro')).url;
      const trocada = doOutro.replace(`/stream/${outroVideoId}?`, `/download/${pdf.id}?`);
      expect((await get(trocada, 'anonimo')).statusCode).toBe(401);
    });

    it('só o ADMIN muda a liberação; conteúdo inexistente 404; corpo inválido 400', async () => {
      expect((await liberar(pdf.id, false, 'usuario')).statusCode).toBe(403);
      expect((await liberar(pdf.id, false, 'dono')).statusCode).toBe(403);
      expect((await liberar(2_147_483_000, true)).statusCode).toBe(404);
      expect(
        (await put(`/api/conteudoproduto/${pdf.id}/download`, { permiteDownload: 'sim' }, 'admin')).statusCode,
      ).toBe(400);
      expect(await downloadUrl(pdf.id)).not.toBeNull();
    });
  });

  describe('URL assinada', () => {
    it('vencida (depois de 10 minutos): 401', async () => {
      const url = await urlAssinada(video.id);
      expect((await get(url, 'anonimo')).statusCode).toBe(200);
      clock.advance(601);
      const res = await get(url, 'anonimo');
      expect(res.statusCode).toBe(401);
      expect(body(res).message).toBe(MSG_API.linkMidiaInvalido);
      // A fresh one works again.
      expect((await get(await urlAssinada(video.id), 'anonimo')).statusCode).toBe(200);
    });

    it('adulterada, de outro conteúdo, de outro usuário ou assinada com outra chave: 401', async () => {
      const url = await urlAssinada(video.id);
      const q = new URL(url, 'http://x').searchParams;
      const base = `/api/conteudoproduto/stream/${video.id}`;
      const com = (mud: Record<string, string>) =>
        `${base}?${new URLSearchParams({ u: q.get('u')!, e: q.get('e')!, s: q.get('s')!, ...mud }).toString()}`;
      const s = q.get('s')!;
      const casos = [
        com({ s: (s[0] === 'A' ? 'B' : 'A') + s.slice(1) }),
        com({ u: String(who.outro.id) }),
        com({ e: String(Number(q.get('e')) + 3600) }),
        com({ s: 'curta' }),
        `${base}?u=${q.get('u')}&e=${q.get('e')}`,
        url.replace(`/stream/${video.id}`, `/stream/${outroVideoId}`),
      ];
      // Signed with a key of the raw JWT secret instead of the derived one.
      const crua = assinarMidia(Buffer.from(TEST_JWT_SECRET), `conteudo:${video.id}`, who.dono.id, clock());
      casos.push(`${base}?${crua.query}`);
      for (const u of casos) expect((await get(u, 'anonimo')).statusCode, u).toBe(401);
      // The other client's signature for its own user does not open the owner's item, even with its token.
      const alheia = assinarMidia(chaveMidia(TEST_JWT_SECRET), `conteudo:${video.id}`, who.outro.id, clock());
      expect((await get(`${base}?${alheia.query}`, 'anonimo')).statusCode).toBe(403);
      expect((await get(`${base}?${alheia.query}`, 'outro')).statusCode).toBe(403);
    });

    it('o usuário da URL precisa continuar dono e ativo a cada requisição', async () => {
      const url = await urlAssinada(video.id);
      await t.database.raw('UPDATE usuarios SET ativo = false WHERE id = $1', [who.dono.id]);
      try {
        expect((await get(url, 'anonimo')).statusCode).toBe(401);
      } finally {
        await t.database.raw('UPDATE usuarios SET ativo = true WHERE id = $1', [who.dono.id]);
      }
      expect((await get(url, 'anonimo')).statusCode).toBe(200);
    });
  });

  describe('revogação', () => {
    it('cancelar ou estornar o pedido que deu o curso revoga na hora, inclusive URLs já emitidas', async () => {
      const url = await urlAssinada(video.id);
      for (const s of ['CANCELADO', 'RECUSADO'] as const) {
        await situacao(pedidoDono, s);
        expect((await get(url, 'anonimo', { range: 'bytes=0-9' })).statusCode, s).toBe(403);
        expect((await get(`/api/conteudoproduto/${video.id}`)).statusCode).toBe(403);
        expect((await get(cursoUrl(cursoId))).statusCode).toBe(403);
        expect((await put(`/api/conteudoproduto/${video.id}/progresso`, { concluido: true })).statusCode).toBe(403);
        expect(contentOf(conteudoApi.produtosAcesso, await get(bibliotecaUrl()))).toEqual([]);
      }
      for (const s of ['ENVIADO', 'ENTREGUE', 'PAGO'] as const) {
        await situacao(pedidoDono, s);
        expect((await get(url, 'anonimo', { range: 'bytes=0-9' })).statusCode, s).toBe(206);
      }
    });

    it('com outro pedido válido do mesmo curso, cancelar um não revoga', async () => {
      const segundo = await pedido(who.dono.idCliente!, cursoId, 'ENTREGUE');
      try {
        await situacao(pedidoDono, 'CANCELADO');
        expect((await get(cursoUrl(cursoId))).statusCode).toBe(200);
        expect((await get(await urlAssinada(pdf.id), 'anonimo')).statusCode).toBe(200);
        await situacao(segundo, 'CANCELADO');
        expect((await get(cursoUrl(cursoId))).statusCode).toBe(403);
      } finally {
        await situacao(pedidoDono, 'PAGO');
      }
      expect((await get(cursoUrl(cursoId))).statusCode).toBe(200);
    });
  });

  describe('progresso e certificado', () => {
    const progresso = (conteudoId: number, payload: unknown, quem: Quem = 'dono') =>
      put(`/api/conteudoproduto/${conteudoId}/progresso`, payload, quem);

    it('corpo vazio ou fora das regras: 400', async () => {
      for (const payload of [{}, { posicaoSegundos: -1 }, { posicaoSegundos: 1.5 }, { concluido: 'sim' }]) {
        const res = await progresso(video.id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
    });

    it('posição guardada; 90 % do vídeo o conclui; posição não desmarca; a sala retoma o último item', async () => {
      await t.database.db.delete(progressoConteudos).where(eq(progressoConteudos.usuarioId, who.dono.id));
      // The demo video lasts 00:00:05: 4 s is 80 %, 5 s is 100 %.
      let r = contentOf(conteudoApi.progresso, await progresso(video.id, { posicaoSegundos: 4 }));
      expect(r).toMatchObject({
        concluido: false,
        posicaoSegundos: 4,
        progresso: { concluidos: 0, total: 2, percentual: 0 },
      });
      r = contentOf(conteudoApi.progresso, await progresso(video.id, { posicaoSegundos: 5 }));
      expect(r).toMatchObject({ concluido: true, posicaoSegundos: 5, progresso: { concluidos: 1, percentual: 50 } });
      r = contentOf(conteudoApi.progresso, await progresso(video.id, { posicaoSegundos: 1 }));
      expect(r).toMatchObject({ concluido: true, posicaoSegundos: 1 });
      // A position past the end is kept at the end.
      r = contentOf(conteudoApi.progresso, await progresso(video.id, { posicaoSegundos: 9999 }));
      expect(r.posicaoSegundos).toBe(5);
      clock.advance(1);
      await get(`/api/conteudoproduto/${pdf.id}`);
      let sala = contentOf(conteudoApi.conteudoCurso, await get(cursoUrl(cursoId)));
      expect(sala.ultimoConteudoId).toBe(pdf.id);
      expect(sala.listaConteudoProduto.find((c) => c.id === video.id)).toMatchObject({
        concluido: true,
        posicaoSegundos: 5,
      });
      await new Promise((resolve) => setTimeout(resolve, 5));
      await progresso(video.id, { posicaoSegundos: 3 });
      sala = contentOf(conteudoApi.conteudoCurso, await get(cursoUrl(cursoId)));
      expect(sala.ultimoConteudoId).toBe(video.id);
      r = contentOf(conteudoApi.progresso, await progresso(video.id, { concluido: false }));
      expect(r).toMatchObject({ concluido: false, progresso: { concluidos: 0 } });
      // Progress is per user: the admin's own progress does not count for the owner.
      await progresso(pdf.id, { concluido: true }, 'admin');
      sala = contentOf(conteudoApi.conteudoCurso, await get(cursoUrl(cursoId)));
      expect(sala.progresso.concluidos).toBe(0);
    });

    it('certificado: 422 antes de 100 %; emitido a 100 %, idempotente; verificação pública só com o impresso', async () => {
      await t.database.db.delete(certificados);
      await t.database.db.delete(progressoConteudos).where(eq(progressoConteudos.usuarioId, who.dono.id));
      const emitir = () => post(`/api/certificado/produto/${cursoId}`);
      await progresso(video.id, { concluido: true });
      const cedo = await emitir();
      expect(cedo.statusCode).toBe(422);
      expect(body(cedo).message).toBe(MSG_API.cursoNaoConcluido);
      const ultimo = contentOf(conteudoApi.progresso, await progresso(pdf.id, { concluido: true }));
      expect(ultimo.progresso).toEqual({ concluidos: 2, total: 2, percentual: 100 });
      const biblioteca = contentOf(conteudoApi.produtosAcesso, await get(bibliotecaUrl()));
      expect(biblioteca[0]!.progresso.percentual).toBe(100);

      const res = await emitir();
      const cert = contentOf(conteudoApi.emitirCertificado, res);
      expect(body(res).message).toBe(MSG_API.certificadoEmitido);
      expect(cert).toMatchObject({ produtoId: cursoId, curso: CURSO.nome, cargaHoraria: CURSO.duracao });
      expect(cert.nomeCliente).toBe(DEMO_ACCOUNTS.cliente.nome);
      expect(cert.codigo).toMatch(/^[0-9A-HJKMNP-TV-Z]{14}$/);
      expect(normalizarCodigoCertificado(cert.codigo)).toBe(cert.codigo);
      expect(contentOf(conteudoApi.emitirCertificado, await emitir()).codigo).toBe(cert.codigo);
      const [{ n }] = (await t.database.raw<{ n: number }>('SELECT count(*)::int AS n FROM certificados')) as [
        { n: number },
      ];
      expect(Number(n)).toBe(1);
      // Unmarking later does not take the certificate back.
      await progresso(video.id, { concluido: false });
      expect(contentOf(conteudoApi.emitirCertificado, await emitir()).codigo).toBe(cert.codigo);
      const sala = contentOf(conteudoApi.conteudoCurso, await get(cursoUrl(cursoId)));
      expect(sala.certificado).toEqual({ codigo: cert.codigo, concluidoEm: cert.concluidoEm });

      const publico = await get(`/api/certificado/${formatarCodigoCertificado(cert.codigo).toLowerCase()}`, 'anonimo');
      expect(publico.statusCode).toBe(200);
      expect(contentOf(conteudoApi.verificarCertificado, publico)).toEqual({
        codigo: cert.codigo,
        valido: true,
        revogadoEm: null,
        nomeCliente: cert.nomeCliente,
        curso: CURSO.nome,
        cargaHoraria: CURSO.duracao,
        concluidoEm: cert.concluidoEm,
      });
      // Nothing else about the client: no e-mail, document or ids anywhere in the answer.
      expect(publico.body).not.toContain(DEMO_ACCOUNTS.cliente.email);
      expect(publico.body).not.toContain('52998224725');
      expect(Object.keys(body<Record<string, unknown>>(publico).content)).toEqual([
        'codigo',
        'valido',
        'revogadoEm',
        'nomeCliente',
        'curso',
        'cargaHoraria',
        'concluidoEm',
      ]);

      // The PDF: by its signed URL, or by the owner's token; nobody else.
      const arquivo = await get(cert.url, 'anonimo');
      expect(arquivo.statusCode).toBe(200);
      expect(arquivo.headers['content-type']).toBe('application/pdf');
      expect(arquivo.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      expect(arquivo.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const porToken = `/api/certificado/${cert.codigo}/pdf`;
      expect((await get(porToken, 'dono')).statusCode).toBe(200);
      expect((await get(porToken, 'anonimo')).statusCode).toBe(401);
      expect((await get(porToken, 'outro')).statusCode).toBe(403);
      expect((await get(porToken, 'usuario')).statusCode).toBe(403);
      expect((await get(porToken, 'admin')).statusCode).toBe(403);
      clock.advance(601);
      expect((await get(cert.url, 'anonimo')).statusCode).toBe(401);
    });

    it('um código forjado não encontra nada', async () => {
      // A well-formed code with a right checksum that was never issued.
      const forjado = gerarCodigoCertificado();
      const res = await get(`/api/certificado/${forjado}`, 'anonimo');
      expect(res.statusCode).toBe(404);
      expect(body(res)).toEqual({ statusCode: 404, message: MSG.certificadoNaoEncontrado, content: null });
      // A real code with one character changed fails its checksum: 404 as well.
      const [real] = await t.database.db.select({ codigo: certificados.codigo }).from(certificados).limit(1);
      const alterado = real!.codigo.slice(0, 13) + (real!.codigo[13] === '0' ? '1' : '0');
      expect((await get(`/api/certificado/${alterado}`, 'anonimo')).statusCode).toBe(404);
      expect((await get('/api/certificado/curto', 'anonimo')).statusCode).toBe(400);
      expect((await get(`/api/certificado/${forjado}/pdf`, 'dono')).statusCode).toBe(404);
    });
  });
});
