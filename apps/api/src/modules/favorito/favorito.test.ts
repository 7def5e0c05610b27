/**
 * The customer's favourites (ADR 045): list, ids, idempotent add and remove, 404 for an unknown product, only the
 * products the store shows, the token's own customer's (401 without a session, 403 for the staff), and the LGPD
 * export and closure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { favoritoApi } from '@clinica/shared/schemas/favorito';
import {
  DEMO_ACCOUNTS,
  DEMO_BRINDE,
  DEMO_CURSOS,
  DEMO_FAVORITOS,
  DEMO_PRODUTOS_FISICOS,
} from '../../db/seed/demo-data.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { novoCliente } from '../../test/cpf.js';

describe.each(testDatabaseTargets())('favoritos (%s)', (kind) => {
  let t: TestApp;
  const produto = {} as Record<'escova' | 'fio' | 'curso' | 'brinde', number>;

  const cliente = () => novoCliente(t, 'favoritos', '2');
  const pedir = (method: 'GET' | 'PUT' | 'DELETE', url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url: `/api/favoritos${url}`, headers });
  const ids = async (headers: Record<string, string>) =>
    contentOf(favoritoApi.ids, await pedir('GET', '/ids', headers));
  const nomes = async (headers: Record<string, string>) =>
    contentOf(favoritoApi.listar, await pedir('GET', '', headers)).map((p) => p.nome);

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    const porNome = async (nome: string) =>
      (await t.database.raw<{ id: number }>('SELECT id FROM produtos WHERE nome = $1', [nome]))[0]!.id;
    produto.escova = await porNome('Escova dental ultramacia Sorriso Pleno');
    produto.fio = await porNome('Fio dental com cera e menta 50 m');
    produto.curso = await porNome('Toxina botulínica na odontologia');
    produto.brinde = await porNome(DEMO_BRINDE.nome);
  });
  afterAll(() => t?.dispose());

  it('adiciona e remove de forma idempotente; a lista traz os cartões da loja, do mais recente ao mais antigo', async () => {
    const { headers } = await cliente();
    expect(await ids(headers)).toEqual([]);
    expect(contentOf(favoritoApi.adicionar, await pedir('PUT', `/${produto.escova}`, headers))).toEqual([
      produto.escova,
    ]);
    // Again: nothing changes (no duplicate, no error).
    expect(contentOf(favoritoApi.adicionar, await pedir('PUT', `/${produto.escova}`, headers))).toEqual([
      produto.escova,
    ]);
    await t.database.raw("UPDATE favoritos SET criado_em = now() - interval '1 minute' WHERE produto_id = $1", [
      produto.escova,
    ]);
    expect(contentOf(favoritoApi.adicionar, await pedir('PUT', `/${produto.curso}`, headers))).toEqual([
      produto.curso,
      produto.escova,
    ]);
    const cards = contentOf(favoritoApi.listar, await pedir('GET', '', headers));
    expect(cards.map((c) => c.nome)).toEqual([
      'Toxina botulínica na odontologia',
      'Escova dental ultramacia Sorriso Pleno',
    ]);
    expect(cards[1]!.preco).toBeGreaterThan(0);
    expect(cards[1]!.disponivel).toBe(true);

    expect(contentOf(favoritoApi.remover, await pedir('DELETE', `/${produto.curso}`, headers))).toEqual([
      produto.escova,
    ]);
    expect(contentOf(favoritoApi.remover, await pedir('DELETE', `/${produto.curso}`, headers))).toEqual([
      produto.escova,
    ]);
    expect(await nomes(headers)).toEqual(['Escova dental ultramacia Sorriso Pleno']);
    const [{ n }] = (await t.database.raw<{ n: number }>(
      'SELECT count(*)::int AS n FROM favoritos WHERE produto_id = $1',
      [produto.escova],
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('demonstração: a cliente de demonstração já tem favoritos, o mais recente primeiro', async () => {
    const headers = bearer(await t.login(DEMO_ACCOUNTS.cliente.email, DEMO_ACCOUNTS.cliente.password));
    const nomeDe = (slug: string) => [...DEMO_PRODUTOS_FISICOS, ...DEMO_CURSOS].find((p) => p.slug === slug)!.nome;
    expect(await nomes(headers)).toEqual([...DEMO_FAVORITOS].reverse().map(nomeDe));
  });

  it('produto inexistente: 404 ao adicionar e ao remover; o brinde e um produto inativo não entram', async () => {
    const { headers } = await cliente();
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await pedir(method, '/999999', headers);
      expect(res.statusCode, method).toBe(404);
      expect(body(res).message).toBe(MSG.produtoNaoEncontrado);
    }
    expect((await pedir('PUT', `/${produto.brinde}`, headers)).statusCode).toBe(404);
    expect((await pedir('PUT', '/abc', headers)).statusCode).toBe(400);
    expect(await ids(headers)).toEqual([]);
  });

  it('um favorito desativado some da lista e volta quando o produto é reativado', async () => {
    const { headers } = await cliente();
    contentOf(favoritoApi.adicionar, await pedir('PUT', `/${produto.fio}`, headers));
    await t.database.raw('UPDATE produtos SET ativo = false WHERE id = $1', [produto.fio]);
    try {
      expect(await nomes(headers)).toEqual([]);
      expect((await pedir('PUT', `/${produto.fio}`, headers)).statusCode).toBe(404);
      // Removing it still works (the product exists).
      expect(contentOf(favoritoApi.remover, await pedir('DELETE', `/${produto.fio}`, headers))).toEqual([]);
      contentOf(favoritoApi.adicionar, await pedir('PUT', `/${produto.escova}`, headers));
    } finally {
      await t.database.raw('UPDATE produtos SET ativo = true WHERE id = $1', [produto.fio]);
    }
    expect(await nomes(headers)).toEqual(['Escova dental ultramacia Sorriso Pleno']);
  });

  it('são do próprio cliente: 401 sem sessão, 403 para a equipe, e um cliente não vê os de outro', async () => {
    const a = await cliente();
    const b = await cliente();
    contentOf(favoritoApi.adicionar, await pedir('PUT', `/${produto.escova}`, a.headers));
    expect(await ids(b.headers)).toEqual([]);
    expect(await nomes(b.headers)).toEqual([]);
    // B removing the same product changes only B's (nothing): A keeps it.
    contentOf(favoritoApi.remover, await pedir('DELETE', `/${produto.escova}`, b.headers));
    expect(await ids(a.headers)).toEqual([produto.escova]);

    const equipe = bearer(await t.login('equipe@clinica.com.br', 'equipe123'));
    for (const [method, url] of [
      ['GET', ''],
      ['GET', '/ids'],
      ['PUT', `/${produto.escova}`],
      ['DELETE', `/${produto.escova}`],
    ] as const) {
      expect((await pedir(method, url)).statusCode, `${method} ${url}`).toBe(401);
      expect((await pedir(method, url, equipe)).statusCode, `${method} ${url}`).toBe(403);
    }
    const res = await pedir('GET', '/ids', a.headers);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('LGPD: a exportação traz os favoritos e o encerramento da conta os apaga', async () => {
    const { idCliente, headers } = await cliente();
    contentOf(favoritoApi.adicionar, await pedir('PUT', `/${produto.curso}`, headers));
    const exportacao = await t.app.inject({ method: 'GET', url: `/api/privacidade/exportar/${idCliente}`, headers });
    expect(exportacao.statusCode).toBe(200);
    const tabelas = (body(exportacao).content as { tabelas: Record<string, Array<Record<string, unknown>>> }).tabelas;
    expect(tabelas.favoritos?.map((f) => f.produto_id)).toEqual([produto.curso]);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/privacidade/excluir/${idCliente}`,
      headers,
      payload: { senha: 'senha123' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.database.raw('SELECT 1 FROM favoritos WHERE cliente_id = $1', [idCliente])).toEqual([]);
  });
});
