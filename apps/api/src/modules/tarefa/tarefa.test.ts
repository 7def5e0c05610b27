import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { auditoriaApi } from '@clinica/shared/schemas/auditoria';
import { tarefaApi, type Tarefa } from '@clinica/shared/schemas/tarefa';
import { JOB_ESTORNAR } from '../checkout/pagamento-registro.js';
import {
  bearer,
  body,
  contentOf,
  createTestApp,
  createUser,
  testDatabaseTargets,
  type TestApp,
} from '../../test/harness.js';

describe.each(testDatabaseTargets())("tela 'Tarefas' do Gerente (%s)", (kind) => {
  let t: TestApp;
  const tokens = {} as Record<'admin' | 'equipe', string>;
  let adminId: number;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    const admin = await createUser(t.database, { email: 'gerente@exemplo.com.br', password: 'x', permissao: 'ADMIN' });
    const equipe = await createUser(t.database, {
      email: 'equipe@exemplo.com.br',
      password: 'x',
      permissao: 'USUARIO',
    });
    adminId = admin.id;
    tokens.admin = await t.issueToken({ id: admin.id, permissao: 'ADMIN', idCliente: null });
    tokens.equipe = await t.issueToken({ id: equipe.id, permissao: 'USUARIO', idCliente: null });
  });
  afterAll(() => t?.dispose());
  beforeEach(async () => {
    await t.database.raw('DELETE FROM tarefas');
    await t.database.raw('DELETE FROM auditoria');
  });

  /** A job row written straight into the queue; `em` is seconds from now for executar_em. */
  async function tarefa(o: {
    tipo: string;
    status: string;
    tentativas?: number;
    erro?: string | null;
    em?: number;
    chave?: string | null;
    payload?: object;
    max?: number | null;
  }): Promise<number> {
    const [row] = await t.database.raw<{ id: number }>(
      `INSERT INTO tarefas (tipo, status, tentativas, ultimo_erro, executar_em, chave, payload, max_tentativas)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5), $6, $7, $8) RETURNING id`,
      [
        o.tipo,
        o.status,
        o.tentativas ?? 0,
        o.erro ?? null,
        o.em ?? 0,
        o.chave ?? null,
        JSON.stringify(o.payload ?? {}),
        o.max === undefined ? 8 : o.max,
      ],
    );
    return Number(row!.id);
  }
  /** The usual picture: one dead refund, one failing e-mail, and jobs that are fine. */
  async function semear() {
    const morta = await tarefa({
      tipo: JOB_ESTORNAR,
      status: 'FALHOU',
      tentativas: 8,
      erro: 'Mercado Pago respondeu 503',
      em: -3600,
      chave: 'pagamento-estorno:9',
      payload: { pagamentoId: 2_000_000_000 },
    });
    const falhando = await tarefa({
      tipo: 'email.enviar',
      status: 'PENDENTE',
      tentativas: 2,
      erro: 'ECONNREFUSED',
      em: 40,
      payload: { emailId: 1 },
    });
    const nova = await tarefa({ tipo: 'email.enviar', status: 'PENDENTE' });
    const feita = await tarefa({ tipo: JOB_ESTORNAR, status: 'CONCLUIDA', tentativas: 1, erro: 'erro antigo' });
    const rodando = await tarefa({ tipo: JOB_ESTORNAR, status: 'EXECUTANDO', tentativas: 1, erro: 'erro' });
    return { morta, falhando, nova, feita, rodando };
  }

  const get = (url: string, token: string | null = tokens.admin) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const tentarNovamente = (id: number, token: string = tokens.admin) =>
    t.app.inject({ method: 'PUT', url: `/api/tarefa/tentarnovamente/${id}`, headers: bearer(token) });
  const listagem = async (qs = '') =>
    contentOf(tarefaApi.listagem, await get(`/api/tarefa/listagem${qs}`)).tarefas.map((x) => x.id);
  const auditoria = async () =>
    (await t.database.raw<{ n: string | number }>("SELECT count(*) AS n FROM auditoria WHERE entidade = 'tarefa'"))[0]!
      .n;

  it('lista as que estão falhando e as que falharam de vez, com filtros por situação e por tipo', async () => {
    const { morta, falhando } = await semear();
    const res = contentOf(tarefaApi.listagem, await get('/api/tarefa/listagem'));
    expect(res).toMatchObject({ totalRegistros: 2, totalPaginas: 1, page: 0 });
    // Failing first (their next attempt is ahead), then the dead ones.
    expect(res.tarefas.map((x) => x.id)).toEqual([falhando, morta]);
    expect(res.tarefas[1]).toMatchObject<Partial<Tarefa>>({
      tipo: JOB_ESTORNAR,
      status: 'FALHOU',
      tentativas: 8,
      maxTentativas: 8,
      ultimoErro: 'Mercado Pago respondeu 503',
      chave: 'pagamento-estorno:9',
      payload: { pagamentoId: 2_000_000_000 },
      concluidaEm: null,
    });
    expect(Date.parse(res.tarefas[0]!.executarEm)).toBeGreaterThan(Date.now());

    expect(await listagem('?situacao=falhou')).toEqual([morta]);
    expect(await listagem('?situacao=falhando')).toEqual([falhando]);
    expect(await listagem(`?tipo=${JOB_ESTORNAR}`)).toEqual([morta]);
    expect(await listagem('?tipo=email.enviar&situacao=falhou')).toEqual([]);
    const pagina = contentOf(tarefaApi.listagem, await get('/api/tarefa/listagem?size=1&page=1'));
    expect(pagina).toMatchObject({ totalRegistros: 2, totalPaginas: 2, page: 1 });
    expect(pagina.tarefas.map((x) => x.id)).toEqual([morta]);
  });

  it('filtros inválidos: 400 com a mensagem', async () => {
    let res = await get('/api/tarefa/listagem?situacao=morta');
    expect(res.statusCode).toBe(400);
    expect(body(res).content).toEqual({ errors: [{ campo: 'situacao', mensagem: MSG_BO.tarefaSituacaoInvalida }] });
    res = await get(`/api/tarefa/listagem?tipo=${encodeURIComponent("x'; DROP TABLE tarefas")}`);
    expect(res.statusCode).toBe(400);
    expect(body(res).content).toEqual({ errors: [{ campo: 'tipo', mensagem: MSG_BO.tarefaTipoInvalido }] });
    res = await get('/api/tarefa/abc');
    expect(res.statusCode).toBe(400);
  });

  it('resumo: quantas falhando e mortas, e quantas delas movem dinheiro', async () => {
    await semear();
    await tarefa({ tipo: 'pagamento.sincronizar', status: 'PENDENTE', tentativas: 30, erro: '503', max: null, em: 60 });
    await tarefa({ tipo: 'checkout.reconciliar', status: 'FALHOU', tentativas: 8, erro: '503' });
    expect(contentOf(tarefaApi.resumo, await get('/api/tarefa/resumo'))).toEqual({
      falhando: 2,
      falhou: 2,
      dinheiro: { falhando: 1, falhou: 2 },
    });
  });

  it("'Tentar novamente' numa tarefa morta: volta à fila para agora, com as tentativas zeradas, auditada, e roda", async () => {
    const { morta } = await semear();
    const res = await tentarNovamente(morta);
    expect(body(res).message).toBe(MSG_BO.tarefaRepetida);
    const depois = contentOf(tarefaApi.tentarNovamente, res);
    expect(depois).toMatchObject({
      id: morta,
      status: 'PENDENTE',
      tentativas: 0,
      ultimoErro: 'Mercado Pago respondeu 503',
    });
    expect(Date.parse(depois.executarEm)).toBeLessThanOrEqual(Date.now() + 1000);
    // It leaves the screen's list …
    expect(await listagem()).not.toContain(morta);
    expect(contentOf(tarefaApi.detalhe, await get(`/api/tarefa/${morta}`))).toEqual(depois);

    // … the change is in the audit log, for the ADMIN only …
    const log = contentOf(auditoriaApi.listar, await get(`/api/auditoria/tarefa/${morta}`));
    expect(log.registros).toHaveLength(1);
    expect(log.registros[0]).toMatchObject({
      entidade: 'tarefa',
      entidadeId: morta,
      acao: 'TENTAR_NOVAMENTE',
      usuario: { id: adminId, permissao: 'ADMIN' },
      antes: { status: 'FALHOU', tentativas: 8, ultimoErro: 'Mercado Pago respondeu 503' },
      depois: { status: 'PENDENTE', tentativas: 0 },
    });
    expect((await get(`/api/auditoria/tarefa/${morta}`, tokens.equipe)).statusCode).toBe(403);

    // … and the worker runs it (the payment does not exist: the refund job has nothing to do and ends).
    expect(await t.app.jobWorker.runOnce()).toBeGreaterThanOrEqual(1);
    expect(contentOf(tarefaApi.detalhe, await get(`/api/tarefa/${morta}`))).toMatchObject({
      status: 'CONCLUIDA',
      tentativas: 1,
    });
  });

  it("'Tentar novamente' numa que está falhando: roda agora, com as tentativas zeradas", async () => {
    const { falhando } = await semear();
    const depois = contentOf(tarefaApi.tentarNovamente, await tentarNovamente(falhando));
    expect(depois).toMatchObject({ status: 'PENDENTE', tentativas: 0 });
    expect(Date.parse(depois.executarEm)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await listagem()).not.toContain(falhando);
  });

  it('409 para uma tarefa sem falha (nova, rodando, concluída) e 404 para uma que não existe; nada muda nem é auditado', async () => {
    const { nova, feita, rodando } = await semear();
    const antes = await t.database.raw('SELECT * FROM tarefas ORDER BY id');
    for (const id of [nova, feita, rodando]) {
      const res = await tentarNovamente(id);
      expect(res.statusCode).toBe(409);
      expect(body(res)).toEqual({ statusCode: 409, message: MSG_BO.tarefaNaoRepetivel, content: null });
    }
    const res = await tentarNovamente(2_147_483_000);
    expect(res.statusCode).toBe(404);
    expect(body(res).message).toBe(MSG_BO.tarefaNaoEncontrada);
    expect((await get('/api/tarefa/2147483000')).statusCode).toBe(404);
    expect(await t.database.raw('SELECT * FROM tarefas ORDER BY id')).toEqual(antes);
    expect(Number(await auditoria())).toBe(0);
  });

  it('409 quando outra tarefa viva tem a mesma chave (ela fará o trabalho); nada muda nem é auditado', async () => {
    const { morta } = await semear();
    const viva = await tarefa({ tipo: JOB_ESTORNAR, status: 'PENDENTE', chave: 'pagamento-estorno:9' });
    const res = await tentarNovamente(morta);
    expect(res.statusCode).toBe(409);
    expect(body(res)).toEqual({ statusCode: 409, message: MSG_BO.tarefaChaveOcupada, content: null });
    expect(contentOf(tarefaApi.detalhe, await get(`/api/tarefa/${morta}`)).status).toBe('FALHOU');
    expect(contentOf(tarefaApi.detalhe, await get(`/api/tarefa/${viva}`)).status).toBe('PENDENTE');
    expect(Number(await auditoria())).toBe(0);
  });

  it('só o Gerente: a equipe recebe 403 e ninguém anônimo entra', async () => {
    const { morta } = await semear();
    for (const url of ['/api/tarefa/listagem', '/api/tarefa/resumo', `/api/tarefa/${morta}`]) {
      const equipe = await get(url, tokens.equipe);
      expect(equipe.statusCode).toBe(403);
      expect(body(equipe)).toEqual({ statusCode: 403, message: MSG.semPermissao, content: null });
      expect((await get(url, null)).statusCode).toBe(401);
    }
    expect((await tentarNovamente(morta, tokens.equipe)).statusCode).toBe(403);
    expect(contentOf(tarefaApi.detalhe, await get(`/api/tarefa/${morta}`)).status).toBe('FALHOU');
  });
});
