import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_CURSO } from '@clinica/shared/messages-curso';
import { conteudoAdminApi } from '@clinica/shared/schemas/conteudo';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { DEMO_ACCOUNTS, DEMO_CURSOS } from '../../db/seed/demo-data.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';

/**
 * A course's page (ADR 047): its contents in the product's public detail, and the free preview served to anyone by
 * the public preview route, only for items the staff marked, of an active digital product.
 */
const CURSO = DEMO_CURSOS.find((c) => c.slug === 'biosseguranca-consultorio')!;

describe.each(testDatabaseTargets())('página do curso e prévia grátis (%s)', (kind) => {
  let t: TestApp;
  let admin = '';
  let usuario = '';
  let cliente = '';
  let cursoId = 0;
  let itens: Array<{ id: number; ordem: number; video: boolean; previa_gratuita: boolean; tamanho: number }> = [];

  const detalhe = async (id: number) => contentOf(produtoApi.detalhe, await t.app.inject(`/api/produto/${id}`));
  const previa = (id: number, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url: `/api/conteudoproduto/previa/${id}`, headers });
  const marcar = (id: number, payload: unknown, token: string | null) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/conteudoproduto/${id}/previa`,
      payload: payload as object,
      headers: token ? bearer(token) : {},
    });

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    admin = await t.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    usuario = await t.login(DEMO_ACCOUNTS.equipe.email, DEMO_ACCOUNTS.equipe.password);
    cliente = await t.login(DEMO_ACCOUNTS.cliente.email, DEMO_ACCOUNTS.cliente.password);
    const [p] = await t.database.raw<{ id: number }>('SELECT id FROM produtos WHERE nome = $1', [CURSO.nome]);
    cursoId = Number(p!.id);
    itens = (
      await t.database.raw<(typeof itens)[number]>(
        'SELECT id, ordem, video, previa_gratuita, tamanho FROM conteudos_produto WHERE produto_id = $1 ORDER BY ordem',
        [cursoId],
      )
    ).map((i) => ({ ...i, id: Number(i.id), tamanho: Number(i.tamanho) }));
  });
  afterAll(() => t?.dispose());

  it('o detalhe público de um curso lista os conteúdos em ordem, com tipo, duração e prévia', async () => {
    const d = await detalhe(cursoId);
    expect(d.conteudos).toEqual(
      CURSO.conteudos.map((c, i) => ({
        id: itens[i]!.id,
        ordem: i + 1,
        titulo: c.titulo,
        duracao: c.duracao,
        video: c.tipo === 'video',
        previa: c.previa ?? false,
      })),
    );
    // A physical product has no contents.
    const [f] = await t.database.raw<{ id: number }>('SELECT id FROM produtos WHERE NOT digital AND ativo LIMIT 1');
    expect((await detalhe(Number(f!.id))).conteudos).toEqual([]);
  });

  it('um visitante anônimo assiste ao vídeo de prévia, inteiro ou por partes (Range), e lê o PDF de prévia', async () => {
    const video = itens.find((i) => i.video && i.previa_gratuita)!;
    const inteiro = await previa(video.id);
    expect(inteiro.statusCode).toBe(200);
    expect(inteiro.headers['content-type']).toBe('video/mp4');
    expect(inteiro.headers['accept-ranges']).toBe('bytes');
    expect(inteiro.rawPayload.length).toBe(video.tamanho);
    expect(inteiro.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');

    const parte = await previa(video.id, { range: 'bytes=100-199' });
    expect(parte.statusCode).toBe(206);
    expect(parte.headers['content-range']).toBe(`bytes 100-199/${video.tamanho}`);
    expect(parte.rawPayload).toEqual(inteiro.rawPayload.subarray(100, 200));
    const fim = await previa(video.id, { range: 'bytes=-10' });
    expect(fim.statusCode).toBe(206);
    expect(fim.rawPayload).toEqual(inteiro.rawPayload.subarray(video.tamanho - 10));
    const fora = await previa(video.id, { range: `bytes=${video.tamanho}-` });
    expect(fora.statusCode).toBe(416);
    expect(fora.headers['content-range']).toBe(`bytes */${video.tamanho}`);
    const head = await previa(video.id, { range: 'bytes=0-9' }, 'HEAD');
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-9/${video.tamanho}`);
    expect(head.body).toBe('');

    const pdf = itens.find((i) => !i.video && i.previa_gratuita)!;
    const doc = await previa(pdf.id);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['content-disposition']).toBe('inline');
    expect(doc.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('recusa o que não é prévia; as rotas da sala de aula seguem fechadas ao visitante', async () => {
    const [naoPrevia] = await t.database.raw<{ id: number; video: boolean }>(
      'SELECT c.id, c.video FROM conteudos_produto c WHERE NOT c.previa_gratuita ORDER BY c.id LIMIT 1',
    );
    const res = await previa(Number(naoPrevia!.id));
    expect(res.statusCode).toBe(404);
    expect(body(res).message).toBe(MSG_CURSO.previaNaoEncontrada);
    expect((await previa(999_999)).statusCode).toBe(404);
    // The classroom's routes of a preview item stay as they were: no signed URL, no token → 401.
    const video = itens.find((i) => i.video && i.previa_gratuita)!;
    expect((await t.app.inject(`/api/conteudoproduto/stream/${video.id}`)).statusCode).toBe(401);
    expect((await t.app.inject(`/api/conteudoproduto/${video.id}`)).statusCode).toBe(401);
  });

  it('um produto desativado não mostra prévia; um conteúdo ainda em conversão também não', async () => {
    const video = itens.find((i) => i.video && i.previa_gratuita)!;
    await t.database.raw('UPDATE produtos SET ativo = false WHERE id = $1', [cursoId]);
    try {
      expect((await previa(video.id)).statusCode).toBe(404);
      expect((await t.app.inject(`/api/produto/${cursoId}`)).statusCode).toBe(404);
    } finally {
      await t.database.raw('UPDATE produtos SET ativo = true WHERE id = $1', [cursoId]);
    }
    expect((await previa(video.id)).statusCode).toBe(200);
    await t.database.raw("UPDATE conteudos_produto SET processamento = 'PROCESSANDO' WHERE id = $1", [video.id]);
    try {
      expect((await previa(video.id)).statusCode).toBe(404);
      // Nor is it listed on the page while it converts (ADR 015).
      expect((await detalhe(cursoId)).conteudos.map((c) => c.id)).not.toContain(video.id);
    } finally {
      await t.database.raw("UPDATE conteudos_produto SET processamento = 'PRONTO' WHERE id = $1", [video.id]);
    }
  });

  it('o ADMIN marca e desmarca a prévia (auditado, a página mostra na hora); cliente e equipe não podem', async () => {
    // A lesson of another course that is not a preview.
    const [aula] = await t.database.raw<{ id: number; produto_id: number }>(
      `SELECT c.id, c.produto_id FROM conteudos_produto c JOIN produtos p ON p.id = c.produto_id
       WHERE p.ativo AND NOT c.previa_gratuita ORDER BY c.id LIMIT 1`,
    );
    const item = { id: Number(aula!.id) };
    const produtoId = Number(aula!.produto_id);
    expect((await marcar(item.id, { previaGratuita: true }, null)).statusCode).toBe(401);
    expect((await marcar(item.id, { previaGratuita: true }, cliente)).statusCode).toBe(403);
    expect((await marcar(item.id, { previaGratuita: true }, usuario)).statusCode).toBe(403);
    expect((await previa(item.id)).statusCode).toBe(404);

    const invalido = await marcar(item.id, { previaGratuita: 'sim' }, admin);
    expect(invalido.statusCode).toBe(400);
    expect(body(invalido).message).toBeTruthy();
    expect((await marcar(999_999, { previaGratuita: true }, admin)).statusCode).toBe(404);

    const ligado = await marcar(item.id, { previaGratuita: true }, admin);
    expect(ligado.statusCode, ligado.body).toBe(200);
    expect(contentOf(conteudoAdminApi.alterarPrevia, ligado)).toMatchObject({ id: item.id, previaGratuita: true });
    expect(body(ligado).message).toContain('prévia grátis');
    expect((await previa(item.id)).statusCode).toBe(200);
    // The page is kept by the catalogue's version (ADR 021): the change shows at once.
    expect((await detalhe(produtoId)).conteudos.find((c) => c.id === item.id)?.previa).toBe(true);
    const [audit] = await t.database.raw<{ n: number }>(
      "SELECT count(*)::int AS n FROM auditoria WHERE entidade = 'produto' AND entidade_id = $1 AND acao = 'ALTERAR_PREVIA'",
      [produtoId],
    );
    expect(Number(audit!.n)).toBe(1);
    const lista = contentOf(
      conteudoAdminApi.listar,
      await t.app.inject({ url: `/api/conteudoproduto/admin/produto/${produtoId}`, headers: bearer(admin) }),
    );
    expect(lista.listaConteudoProduto.find((c) => c.id === item.id)?.previaGratuita).toBe(true);

    const desligado = await marcar(item.id, { previaGratuita: false }, admin);
    expect(contentOf(conteudoAdminApi.alterarPrevia, desligado).previaGratuita).toBe(false);
    expect((await previa(item.id)).statusCode).toBe(404);
    expect((await detalhe(produtoId)).conteudos.find((c) => c.id === item.id)?.previa).toBe(false);
  });
});
