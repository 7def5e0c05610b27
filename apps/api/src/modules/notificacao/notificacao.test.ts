/**
 * The customer's kept notifications (ADR 046): the latest 30 newest first with the unread count, one or all marked
 * read, customers only, each customer's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { NOTIFICACOES_LISTADAS, notificacaoApi } from '@clinica/shared/schemas/notificacao';
import {
  bearer,
  body,
  contentOf,
  createTestApp,
  createUser,
  testDatabaseTargets,
  type TestApp,
} from '../../test/harness.js';
import { novoCliente } from '../../test/cpf.js';

let seq = 0;

describe.each(testDatabaseTargets())('notificações do cliente (%s)', (kind) => {
  let t: TestApp;
  const raw = <T>(sql: string, params: unknown[] = []) => t.database.raw<T>(sql, params);

  const cliente = () => novoCliente(t, 'notificacao', '2');
  /** `n` notifications of the customer, the i-th written i minutes after the first; returns their ids in order. */
  const notificar = async (clienteId: number, n: number) =>
    (
      await raw<{ id: number }>(
        `INSERT INTO notificacoes (cliente_id, tipo, texto, status_pagamento, criada_em)
         SELECT $1, 'pagamento', 'Aviso ' || g, 'approved', now() - make_interval(mins => 100 - g)
           FROM generate_series(1, $2::int) g ORDER BY g RETURNING id`,
        [clienteId, n],
      )
    ).map((r) => Number(r.id));

  const listar = async (headers: Record<string, string>) =>
    contentOf(notificacaoApi.listar, await t.app.inject({ method: 'GET', url: '/api/notificacao', headers }));
  const marcar = (headers: Record<string, string>, id: number) =>
    t.app.inject({ method: 'PUT', url: `/api/notificacao/${id}/lida`, headers });
  const marcarTodas = (headers: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url: '/api/notificacao/lidas', headers });

  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.dispose());

  it('lista as 30 mais recentes, da mais nova para a mais antiga, e conta todas as não lidas', async () => {
    const c = await cliente();
    expect(await listar(c.headers)).toEqual({ naoLidas: 0, itens: [] });
    const ids = await notificar(c.idCliente, NOTIFICACOES_LISTADAS + 2);
    const lista = await listar(c.headers);
    expect(lista.naoLidas).toBe(NOTIFICACOES_LISTADAS + 2);
    expect(lista.itens.map((n) => n.id)).toEqual(ids.slice(2).reverse());
    expect(lista.itens[0]).toEqual({
      id: ids.at(-1),
      tipo: 'pagamento',
      message: `Aviso ${NOTIFICACOES_LISTADAS + 2}`,
      statusPayment: 'approved',
      idPedido: null,
      criadaEm: expect.any(String),
      lidaEm: null,
    });
    // Another customer's are never in the list.
    const outro = await cliente();
    await notificar(outro.idCliente, 1);
    expect((await listar(c.headers)).itens.map((n) => n.id)).toEqual(ids.slice(2).reverse());
  });

  it('marca uma como lida (de novo: nada muda) e depois todas', async () => {
    const c = await cliente();
    const [a, b, d] = await notificar(c.idCliente, 3);
    const res = await marcar(c.headers, b!);
    expect(res.statusCode).toBe(200);
    const depois = contentOf(notificacaoApi.marcarLida, res);
    expect(depois.naoLidas).toBe(2);
    const lida = depois.itens.find((n) => n.id === b)!;
    expect(lida.lidaEm).not.toBeNull();
    expect(depois.itens.filter((n) => n.lidaEm === null).map((n) => n.id)).toEqual([d, a]);
    // Marking it again keeps when it was first read.
    const deNovo = contentOf(notificacaoApi.marcarLida, await marcar(c.headers, b!));
    expect(deNovo.itens.find((n) => n.id === b)!.lidaEm).toBe(lida.lidaEm);

    const todas = contentOf(notificacaoApi.marcarTodasLidas, await marcarTodas(c.headers));
    expect(todas.naoLidas).toBe(0);
    expect(todas.itens.every((n) => n.lidaEm !== null)).toBe(true);
    expect((await listar(c.headers)).naoLidas).toBe(0);
  });

  it('marcar a de outro cliente: 403, nada muda; uma que não existe: 404', async () => {
    const dono = await cliente();
    const intruso = await cliente();
    const [id] = await notificar(dono.idCliente, 1);
    const res = await marcar(intruso.headers, id!);
    expect(res.statusCode).toBe(403);
    expect(body(res).message).toBe(MSG.semPermissao);
    // "Mark all" of the other customer leaves it too.
    expect((await marcarTodas(intruso.headers)).statusCode).toBe(200);
    expect((await listar(dono.headers)).naoLidas).toBe(1);
    const nenhuma = await marcar(dono.headers, 2_000_000_000);
    expect(nenhuma.statusCode).toBe(404);
    expect(body(nenhuma).message).toBe(MSG_API.notificacaoNaoEncontrada);
    expect((await marcar(dono.headers, 0)).statusCode).toBe(400);
  });

  it('são do cliente: 401 sem sessão, 403 para a equipe', async () => {
    const equipe = await createUser(t.database, {
      email: `notificacao-equipe-${process.pid}-${++seq}@exemplo.com.br`,
      password: 'senha123',
      permissao: 'USUARIO',
    });
    const staff = bearer(await t.issueToken({ id: equipe.id, permissao: 'USUARIO', idCliente: null }));
    for (const headers of [{}, staff]) {
      const esperado = headers === staff ? 403 : 401;
      expect((await t.app.inject({ method: 'GET', url: '/api/notificacao', headers })).statusCode).toBe(esperado);
      expect((await marcarTodas(headers)).statusCode).toBe(esperado);
      expect((await marcar(headers, 1)).statusCode).toBe(esperado);
    }
  });
});
