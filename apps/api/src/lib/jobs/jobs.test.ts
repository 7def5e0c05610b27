import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { createTestDatabase, testDatabaseTargets, type TestDatabase } from '../../db/test-databases.js';
import { tarefas, type SituacaoTarefa, type Tarefa } from '../../modules/tarefa/tarefa.table.js';
import {
  backoffSeconds,
  createJobQueue,
  createJobWorker,
  MAX_ERROR_LENGTH,
  recurringKey,
  safeErrorMessage,
  shiftedClock,
  type JobClock,
  type JobContext,
  type JobHandler,
  type JobQueue,
  type JobWorkerOptions,
} from './index.js';
import { createJobStore, type JobStore } from './job-store.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 10_000, what = 'condição'): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`Tempo esgotado esperando ${what}`);
    await sleep(20);
  }
}

describe('backoff e texto de erro', () => {
  it('espera exponencial com teto: 5 s, 10 s, 20 s … no máximo 1 h', () => {
    expect([1, 2, 3, 4].map((n) => backoffSeconds(n))).toEqual([5, 10, 20, 40]);
    expect(backoffSeconds(11)).toBe(3600);
    expect(backoffSeconds(500)).toBe(3600);
    expect(backoffSeconds(3, { initialSeconds: 0.01, maxSeconds: 0.03 })).toBe(0.03);
  });

  it('guarda a mensagem, sem pilha, sem senha em URL, sem caracteres de controle, com tamanho limitado', () => {
    const err = Object.assign(new Error('falhou em smtp://usuario:s3gr3do@mail.exemplo.com:587\u0000 agora'), {
      code: 'ECONNECTION',
    });
    const text = safeErrorMessage(err);
    expect(text).toBe('ECONNECTION: falhou em smtp://***@mail.exemplo.com:587  agora');
    expect(text).not.toContain('s3gr3do');
    expect(text).not.toContain('at ');
    expect(safeErrorMessage(new Error('x'.repeat(5000)))).toHaveLength(MAX_ERROR_LENGTH);
    expect(safeErrorMessage('texto')).toBe('texto');
    expect(safeErrorMessage({ motivo: 'objeto' })).toBe('{"motivo":"objeto"}');
  });
});

describe.each(testDatabaseTargets())('fila de tarefas no banco (%s)', (kind) => {
  let database: TestDatabase;
  let queue: JobQueue;
  let store: JobStore;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    queue = createJobQueue(database.db);
    store = createJobStore(database.db);
  });
  afterAll(() => database?.dispose());
  beforeEach(async () => {
    await database.db.delete(tarefas);
  });

  async function job(id: number): Promise<Tarefa> {
    const [row] = await database.db.select().from(tarefas).where(eq(tarefas.id, id));
    if (!row) throw new Error(`tarefa ${id} não existe`);
    return row;
  }
  async function dbNow(): Promise<Date> {
    const [row] = await database.raw<{ agora: Date | string }>('SELECT now() AS agora');
    return new Date(row!.agora);
  }
  /** On PostgreSQL, a second pool on the same database (another instance); on PGlite, none (one connection). */
  async function secondConnection(): Promise<Database | undefined> {
    if (kind !== 'postgres') return undefined;
    const [{ nome }] = (await database.raw<{ nome: string }>('SELECT current_database() AS nome')) as [
      { nome: string },
    ];
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${nome}`;
    return openDatabase({ url: url.toString(), poolSize: 5 });
  }
  /** The instant of `clock` as the database computes it. */
  async function clockNow(clock: JobClock): Promise<Date> {
    const result = (await database.db.execute(sql`SELECT ${clock.now()} AS agora`)) as unknown as {
      rows: Array<{ agora: Date | string }>;
    };
    return new Date(result.rows[0]!.agora);
  }
  const worker = (handlers: Record<string, JobHandler>, opts: Partial<JobWorkerOptions> = {}) =>
    createJobWorker({ db: database.db, handlers, pollMs: 50, ...opts });

  it('roda a tarefa uma vez, fora de transação, e a marca CONCLUIDA', async () => {
    const calls: Array<{ payload: unknown; ctx: JobContext }> = [];
    const w = worker({
      'teste.ok': async (payload, ctx) => {
        // On PGlite's one connection this would hang if the worker held a transaction open.
        await database.raw('SELECT 1');
        calls.push({ payload, ctx });
      },
    });
    const id = await queue.enqueue('teste.ok', { pedido: 7, nome: 'Ana' });
    expect(id).toEqual(expect.any(Number));

    expect(await w.runOnce()).toBe(1);
    expect(await w.runOnce()).toBe(0);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.payload).toEqual({ pedido: 7, nome: 'Ana' });
    expect(calls[0]?.ctx).toMatchObject({
      jobId: id,
      tipo: 'teste.ok',
      attempt: 1,
      maxAttempts: 8,
      lastAttempt: false,
    });

    const row = await job(id!);
    expect(row.status).toBe('CONCLUIDA');
    expect(row.concluidaEm).toBeInstanceOf(Date);
    expect(row.tentativas).toBe(1);
    expect(row.bloqueadaAte).toBeNull();
    expect(row.bloqueadaPor).toBe(w.workerId);
  });

  it('uma falha volta para a fila com espera crescente e termina FALHOU com o erro guardado', async () => {
    let attempts = 0;
    const w = worker(
      {
        'teste.falha': async () => {
          attempts++;
          throw new Error(`recusado na tentativa ${attempts} por smtp://conta:senha@servidor`);
        },
      },
      { backoff: { initialSeconds: 30, maxSeconds: 3600 } },
    );
    const id = (await queue.enqueue('teste.falha', {}, { maxAttempts: 3 }))!;

    expect(await w.runOnce()).toBe(1);
    let row = await job(id);
    expect(row).toMatchObject({ status: 'PENDENTE', tentativas: 1, bloqueadaAte: null });
    expect(row.ultimoErro).toBe('recusado na tentativa 1 por smtp://***@servidor');
    let wait = (row.executarEm.getTime() - (await dbNow()).getTime()) / 1000;
    expect(wait).toBeGreaterThan(28);
    expect(wait).toBeLessThanOrEqual(30);
    // Not due yet: nothing runs before the backoff ends.
    expect(await w.runOnce()).toBe(0);

    await database.raw('UPDATE tarefas SET executar_em = now() WHERE id = $1', [id]);
    const before = (await job(id)).executarEm;
    expect(await w.runOnce()).toBe(1);
    row = await job(id);
    expect(row).toMatchObject({ status: 'PENDENTE', tentativas: 2 });
    expect(row.executarEm.getTime()).toBeGreaterThan(before.getTime());
    wait = (row.executarEm.getTime() - (await dbNow()).getTime()) / 1000;
    expect(wait).toBeGreaterThan(58);
    expect(wait).toBeLessThanOrEqual(60);
    expect(row.ultimoErro).toContain('tentativa 2');

    await database.raw('UPDATE tarefas SET executar_em = now() WHERE id = $1', [id]);
    expect(await w.runOnce()).toBe(1);
    row = await job(id);
    expect(row).toMatchObject({ status: 'FALHOU', tentativas: 3, bloqueadaAte: null });
    expect(row.ultimoErro).toBe('recusado na tentativa 3 por smtp://***@servidor');
    expect(row.concluidaEm).toBeNull();
    await database.raw('UPDATE tarefas SET executar_em = now() WHERE id = $1', [id]);
    expect(await w.runOnce()).toBe(0);
    expect(attempts).toBe(3);
  });

  it('com espera mínima, as novas tentativas acontecem sozinhas até dar certo', async () => {
    let attempts = 0;
    const seen: boolean[] = [];
    const w = worker(
      {
        'teste.instavel': async (_payload, ctx) => {
          seen.push(ctx.lastAttempt);
          if (++attempts < 3) throw new Error('instável');
        },
      },
      { backoff: { initialSeconds: 0.02, maxSeconds: 0.05 } },
    );
    const id = (await queue.enqueue('teste.instavel', {}, { maxAttempts: 3 }))!;
    for (let i = 0; i < 200 && (await job(id)).status !== 'CONCLUIDA'; i++) {
      await w.runOnce();
      await sleep(10);
    }
    const row = await job(id);
    expect(row).toMatchObject({ status: 'CONCLUIDA', tentativas: 3, ultimoErro: 'instável' });
    expect(seen).toEqual([false, false, true]);
  });

  it('tipo sem handler falha com mensagem clara', async () => {
    const w = worker({});
    const id = (await queue.enqueue('teste.ninguem', {}, { maxAttempts: 1 }))!;
    expect(await w.runOnce()).toBe(1);
    const row = await job(id);
    expect(row.status).toBe('FALHOU');
    expect(row.ultimoErro).toBe('Tipo de tarefa desconhecido: "teste.ninguem" (nenhum handler registrado)');
  });

  it('tarefa de um trabalhador que morreu é retomada por outro só depois do fim da reserva', async () => {
    const runs: string[] = [];
    const id = (await queue.enqueue('teste.retomada', {}))!;
    // A worker claims it with a 2-second lease and dies (never finishes).
    const [claimed] = await store.claim('trabalhador-morto', 2, 10);
    expect(claimed?.id).toBe(id);

    const survivor = worker({ 'teste.retomada': async (_p, ctx) => void runs.push(ctx.workerId) });
    expect(await survivor.runOnce()).toBe(0);
    expect(await job(id)).toMatchObject({ status: 'EXECUTANDO', bloqueadaPor: 'trabalhador-morto', tentativas: 1 });

    await waitFor(async () => (await job(id)).bloqueadaAte!.getTime() < (await dbNow()).getTime(), 5_000, 'reserva');
    expect(await survivor.runOnce()).toBe(1);
    expect(runs).toEqual([survivor.workerId]);
    expect(await job(id)).toMatchObject({ status: 'CONCLUIDA', tentativas: 2, bloqueadaPor: survivor.workerId });

    // The dead worker coming back late cannot record anything over the new outcome.
    expect(await store.complete(claimed!, 'trabalhador-morto')).toBe(false);
    expect(await store.fail(claimed!, 'trabalhador-morto', 'tarde demais', 1)).toBeNull();
    expect((await job(id)).status).toBe('CONCLUIDA');
  });

  it('resultado de quem perdeu a reserva não vale: só o dono atual registra', async () => {
    const id = (await queue.enqueue('teste.dono', {}))!;
    const [first] = await store.claim('primeiro', 60, 1);
    await database.raw("UPDATE tarefas SET bloqueada_ate = now() - interval '1 second' WHERE id = $1", [id]);
    const [second] = await store.claim('segundo', 60, 1);
    expect(second).toMatchObject({ id, tentativas: 2, bloqueadaPor: 'segundo' });

    expect(await store.complete(first!, 'primeiro')).toBe(false);
    expect(await job(id)).toMatchObject({ status: 'EXECUTANDO', bloqueadaPor: 'segundo' });
    // Same worker name, older attempt: still refused (the attempt number fences it).
    expect(await store.complete({ ...second!, tentativas: 1 }, 'segundo')).toBe(false);
    expect(await store.complete(second!, 'segundo')).toBe(true);
    expect((await job(id)).status).toBe('CONCLUIDA');
  });

  it('trabalhador morto na última tentativa: a tarefa termina FALHOU em vez de rodar de novo', async () => {
    const runs: number[] = [];
    const id = (await queue.enqueue('teste.ultima', {}, { maxAttempts: 1 }))!;
    await store.claim('trabalhador-morto', 60, 1);
    await database.raw("UPDATE tarefas SET bloqueada_ate = now() - interval '1 second' WHERE id = $1", [id]);
    const w = worker({ 'teste.ultima': async () => void runs.push(id) });
    expect(await w.runOnce()).toBe(0);
    expect(runs).toEqual([]);
    const row = await job(id);
    expect(row.status).toBe('FALHOU');
    expect(row.ultimoErro).toMatch(/^A última tentativa não terminou/);
  });

  it('trabalhador rodando: a última tentativa abandonada termina FALHOU na volta seguinte da espera', async () => {
    const id = (await queue.enqueue('teste.ultima-loop', {}, { maxAttempts: 1 }))!;
    await store.claim('trabalhador-morto', 60, 1);
    await database.raw("UPDATE tarefas SET bloqueada_ate = now() - interval '1 second' WHERE id = $1", [id]);
    // The loop looks for abandoned attempts at most once per poll interval, however often it is woken.
    const w = worker({ 'teste.ultima-loop': async () => undefined }, { pollMs: 30 });
    w.start();
    try {
      for (let i = 0; i < 20; i++) w.wake();
      await expect.poll(async () => (await job(id)).status, { timeout: 5000, interval: 20 }).toBe('FALHOU');
    } finally {
      await w.stop();
    }
  });

  it('a reserva é renovada enquanto a tarefa roda: ninguém a toma de um trabalhador vivo', async () => {
    let release: () => void = () => undefined;
    const started: string[] = [];
    const handler: JobHandler = async (_p, ctx) => {
      started.push(ctx.workerId);
      await new Promise<void>((resolve) => (release = resolve));
    };
    const slow = worker({ 'teste.lento': handler }, { leaseSeconds: 1 });
    const other = worker({ 'teste.lento': handler }, { leaseSeconds: 1 });
    const id = (await queue.enqueue('teste.lento', {}))!;
    const running = slow.runOnce();
    await waitFor(() => started.length === 1, 5_000, 'início da tarefa');
    await sleep(1_500);
    expect(await other.runOnce()).toBe(0);
    release();
    expect(await running).toBe(1);
    expect(started).toEqual([slow.workerId]);
    expect(await job(id)).toMatchObject({ status: 'CONCLUIDA', tentativas: 1 });
  });

  it('chave evita tarefa duplicada: a segunda vez não grava nada e devolve null', async () => {
    const first = await queue.enqueue('teste.chave', { a: 1 }, { key: 'pix:expira:42' });
    const second = await queue.enqueue('teste.chave', { a: 2 }, { key: 'pix:expira:42' });
    expect(first).toEqual(expect.any(Number));
    expect(second).toBeNull();
    const rows = await database.db.select().from(tarefas).where(eq(tarefas.chave, 'pix:expira:42'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.payload).toEqual({ a: 1 });
    expect(await queue.enqueue('teste.chave', {}, { key: 'pix:expira:43' })).toEqual(expect.any(Number));
    // Without a key there is no de-duplication.
    expect(await queue.enqueue('teste.chave', {})).not.toBe(await queue.enqueue('teste.chave', {}));
  });

  it('na transação de quem chama: desfeita, não deixa tarefa; confirmada, deixa uma', async () => {
    await database.db
      .transaction(async (tx) => {
        await queue.enqueue('teste.tx', { desfeita: true }, { db: tx });
        throw new Error('desfaz');
      })
      .catch(() => undefined);
    expect(await database.db.select().from(tarefas)).toHaveLength(0);

    await database.db.transaction(async (tx) => {
      await queue.enqueue('teste.tx', { desfeita: false }, { db: tx });
    });
    const rows = await database.db.select().from(tarefas);
    expect(rows.map((r) => r.payload)).toEqual([{ desfeita: false }]);
  });

  it('agendamento: delaySeconds e runAt só rodam quando chega a hora', async () => {
    const ran: string[] = [];
    const w = worker({ 'teste.agenda': async (p) => void ran.push((p as { nome: string }).nome) });
    const later = (await queue.enqueue('teste.agenda', { nome: 'depois' }, { delaySeconds: 120 }))!;
    await queue.enqueue('teste.agenda', { nome: 'passado' }, { runAt: new Date(Date.now() - 60_000) });
    await queue.enqueue('teste.agenda', { nome: 'futuro' }, { runAt: new Date(Date.now() + 3_600_000) });
    expect(await w.runOnce()).toBe(1);
    expect(ran).toEqual(['passado']);
    const wait = ((await job(later)).executarEm.getTime() - (await dbNow()).getTime()) / 1000;
    expect(wait).toBeGreaterThan(110);
    await expect(queue.enqueue('teste.agenda', {}, { delaySeconds: 1, runAt: new Date() })).rejects.toThrow(TypeError);
  });

  it('enqueue acorda o trabalhador parado no intervalo; stop espera a tarefa em andamento', async () => {
    const done: number[] = [];
    const w = worker(
      {
        'teste.acorda': async (p) => {
          await sleep(200);
          done.push((p as { n: number }).n);
        },
      },
      { pollMs: 60_000 },
    );
    const unsubscribe = queue.onEnqueue(() => w.wake());
    try {
      w.start();
      await sleep(100); // the first poll found nothing; the next one is a minute away
      await queue.enqueue('teste.acorda', { n: 1 });
      await waitFor(() => done.length === 1, 3_000, 'tarefa acordada');

      // Inside a transaction: on PGlite the claim waits for the commit; on PostgreSQL wake() after it.
      await database.db.transaction(async (tx) => {
        await queue.enqueue('teste.acorda', { n: 2 }, { db: tx });
      });
      queue.wake();
      await waitFor(async () => (await database.db.select().from(tarefas)).length === 2, 3_000, 'segunda tarefa');
      await waitFor(
        async () => (await database.db.select().from(tarefas).where(eq(tarefas.status, 'EXECUTANDO'))).length === 1,
        3_000,
        'segunda tarefa em execução',
      );
      await w.stop();
      expect(done).toEqual([1, 2]);
      expect((await database.db.select().from(tarefas)).every((r) => r.status === 'CONCLUIDA')).toBe(true);
    } finally {
      unsubscribe();
      await w.stop();
    }
  });

  describe('tarefas em lote (batchHandlers)', () => {
    it('as tarefas devidas de um tipo vão juntas ao handler; as que deram certo concluem, a que falhou repete', async () => {
      const lotes: Array<Array<{ n: number; attempt: number }>> = [];
      const simples: number[] = [];
      const w = createJobWorker({
        db: database.db,
        handlers: { 'teste.simples': async (p) => void simples.push((p as { n: number }).n) },
        batchHandlers: {
          'teste.lote': async (jobs) => {
            lotes.push(jobs.map((j) => ({ n: (j.payload as { n: number }).n, attempt: j.ctx.attempt })));
            return jobs.map((j) => ((j.payload as { n: number }).n === 3 ? new Error('o 3 falhou') : undefined));
          },
        },
        // One slot for single jobs: the batch does not take it, nor is it bounded by it.
        batchSize: 1,
        backoff: { initialSeconds: 0.01, maxSeconds: 0.01 },
      });
      const ids: number[] = [];
      for (let n = 1; n <= 12; n++) ids.push((await queue.enqueue('teste.lote', { n }))!);
      await queue.enqueue('teste.simples', { n: 99 });

      expect(await w.runOnce()).toBe(13);
      expect(lotes).toHaveLength(1);
      expect(lotes[0]!.map((j) => j.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      expect(lotes[0]!.every((j) => j.attempt === 1)).toBe(true);
      expect(simples).toEqual([99]);
      const falhou = await job(ids[2]!);
      expect(falhou).toMatchObject({ status: 'PENDENTE', ultimoErro: 'o 3 falhou', tentativas: 1 });
      for (const id of ids.filter((_, i) => i !== 2)) expect((await job(id)).status).toBe('CONCLUIDA');

      await sleep(30);
      expect(await w.runOnce()).toBe(1);
      expect(lotes[1]).toEqual([{ n: 3, attempt: 2 }]);
      expect((await job(ids[2]!)).status).toBe('PENDENTE');
    });

    it('um handler de lote que lança falha todas as tarefas do lote, cada uma com sua nova tentativa', async () => {
      const w = createJobWorker({
        db: database.db,
        handlers: {},
        batchHandlers: {
          'teste.lote': async () => {
            throw new Error('banco do provedor fora do ar');
          },
        },
      });
      const ids = [(await queue.enqueue('teste.lote', { n: 1 }))!, (await queue.enqueue('teste.lote', { n: 2 }))!];
      expect(await w.runOnce()).toBe(2);
      for (const id of ids) {
        expect(await job(id)).toMatchObject({ status: 'PENDENTE', ultimoErro: 'banco do provedor fora do ar' });
      }
    });

    it('acordado a cada tarefa, o trabalhador busca no máximo uma vez por minClaimIntervalMs: as tarefas vêm juntas', async () => {
      const lotes: number[][] = [];
      const w = createJobWorker({
        db: database.db,
        handlers: {},
        batchHandlers: {
          'teste.lote': async (jobs) => {
            lotes.push(jobs.map((j) => (j.payload as { n: number }).n));
            return [];
          },
        },
        pollMs: 60_000,
        minClaimIntervalMs: 1_000,
      });
      const unsubscribe = queue.onEnqueue(() => w.wake());
      try {
        w.start();
        await sleep(100); // the first poll found nothing; the next one is a minute away
        for (let n = 1; n <= 10; n++) {
          await queue.enqueue('teste.lote', { n });
          await sleep(30);
        }
        await waitFor(() => lotes.flat().length === 10, 5_000, 'as 10 tarefas');
        // Ten wakes over ~300 ms: the first claim at once, the rest after the interval (claimed one by one, each
        // wake would make its own batch).
        expect(lotes.length).toBeLessThanOrEqual(3);
        expect(lotes.flat().sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        await waitFor(
          async () => (await database.db.select().from(tarefas)).every((r) => r.status === 'CONCLUIDA'),
          3_000,
          'todas concluídas',
        );
      } finally {
        unsubscribe();
        await w.stop();
      }
    });

    it('conclusão em lote só vale para quem ainda tem a reserva daquela tentativa', async () => {
      const id = (await queue.enqueue('teste.lote', { n: 1 }))!;
      const [claimed] = await store.claim('trabalhador-a', 60, 10);
      // The lease passed to another worker (re-claimed after expiring): a's outcome no longer counts.
      await database.db.update(tarefas).set({ bloqueadaPor: 'trabalhador-b', tentativas: 2 }).where(eq(tarefas.id, id));
      expect(await store.completeMany([claimed!], 'trabalhador-a')).toEqual([]);
      expect((await job(id)).status).toBe('EXECUTANDO');
      const [atual] = await database.db.select().from(tarefas).where(eq(tarefas.id, id));
      expect(await store.completeMany([atual!], 'trabalhador-b')).toEqual([id]);
      expect((await job(id)).status).toBe('CONCLUIDA');
    });
  });

  it('stop({ waitMs }): a tarefa que terminou a tempo fica CONCLUIDA; a que não terminou volta à fila e outro a toma já', async () => {
    let soltar: () => void = () => undefined;
    const presa = new Promise<void>((resolve) => (soltar = resolve));
    const rodando: string[] = [];
    const falhas: string[] = [];
    const w = worker(
      {
        'teste.rapida': async () => undefined,
        'teste.presa': async () => {
          rodando.push('presa');
          await presa;
        },
      },
      { onFailure: (tipo) => falhas.push(tipo), leaseSeconds: 600 },
    );
    const rapida = await queue.enqueue('teste.rapida', {});
    const id = await queue.enqueue('teste.presa', {}, { maxAttempts: 3 });
    try {
      w.start();
      await waitFor(
        async () => (await job(id!)).status === 'EXECUTANDO' && rodando.length === 1,
        5_000,
        'presa rodando',
      );
      await waitFor(async () => (await job(rapida!)).status === 'CONCLUIDA', 5_000, 'rápida concluída');
      // The lease is long (10 min): without giving it back, another worker would wait that long.
      await w.stop({ waitMs: 50 });
      const devolvida = await job(id!);
      expect(devolvida).toMatchObject({ status: 'PENDENTE', tentativas: 0, bloqueadaAte: null, bloqueadaPor: null });
      // The interrupted handler ends later: its outcome is not recorded, and it is no failure.
      soltar();
      await sleep(50);
      expect(await job(id!)).toMatchObject({ status: 'PENDENTE', tentativas: 0 });
      expect(falhas).toEqual([]);
      // Another worker takes it at once.
      const outro = worker({ 'teste.presa': async () => undefined });
      expect(await outro.runOnce()).toBe(1);
      expect(await job(id!)).toMatchObject({ status: 'CONCLUIDA', tentativas: 1 });
    } finally {
      soltar();
      await w.stop();
    }
  });

  it('onFailure conta cada tentativa que falhou, pelo tipo', async () => {
    const falhas: string[] = [];
    const w = worker({ 'teste.falha': () => Promise.reject(new Error('não')) }, { onFailure: (t) => falhas.push(t) });
    await queue.enqueue('teste.falha', {});
    expect(await w.runOnce()).toBe(1);
    expect(falhas).toEqual(['teste.falha']);
  });

  it('dois trabalhadores concorrentes (duas conexões no PostgreSQL) rodam cada uma de 50 tarefas exatamente uma vez', async () => {
    const second = await secondConnection();
    const executions = new Map<number, number>();
    const perWorker = new Map<string, number>();
    const handler: JobHandler = async (_payload, ctx) => {
      executions.set(ctx.jobId, (executions.get(ctx.jobId) ?? 0) + 1);
      perWorker.set(ctx.workerId, (perWorker.get(ctx.workerId) ?? 0) + 1);
      await sleep(5 + Math.random() * 15);
    };
    const a = createJobWorker({ db: database.db, handlers: { 'teste.lote': handler }, pollMs: 10, batchSize: 4 });
    const b = createJobWorker({
      db: (second ?? database).db,
      handlers: { 'teste.lote': handler },
      pollMs: 10,
      batchSize: 4,
    });
    try {
      const ids: number[] = [];
      for (let i = 0; i < 50; i++) ids.push((await queue.enqueue('teste.lote', { i }))!);
      a.start();
      b.start();
      await waitFor(
        async () =>
          (await database.db.select().from(tarefas).where(eq(tarefas.status, 'CONCLUIDA'))).length === ids.length,
        30_000,
        'as 50 tarefas',
      );
      await Promise.all([a.stop(), b.stop()]);
      expect([...executions.keys()].sort((x, y) => x - y)).toEqual(ids);
      expect([...executions.values()].every((n) => n === 1)).toBe(true);
      expect(perWorker.get(a.workerId)! + perWorker.get(b.workerId)!).toBe(50);
      expect(perWorker.get(a.workerId)).toBeGreaterThan(0);
      expect(perWorker.get(b.workerId)).toBeGreaterThan(0);
      const rows = await database.db.select().from(tarefas);
      expect(rows.every((r) => r.tentativas === 1)).toBe(true);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await second?.close();
    }
  });

  describe('tarefas que não desistem (maxAttempts: Infinity)', () => {
    it('provedor fora do ar por duas horas: a tarefa repete até dar certo, termina CONCLUIDA e nunca FALHOU', async () => {
      const clock = shiftedClock();
      const fila = createJobQueue(database.db, clock);
      const FORA_DO_AR = 2 * 60 * 60;
      const TETO = 300;
      const contexts: JobContext[] = [];
      const w = worker(
        {
          'teste.estorno': async (_payload, ctx) => {
            contexts.push(ctx);
            if (clock.offsetSeconds < FORA_DO_AR) throw new Error('Provedor de pagamento fora do ar (503)');
          },
        },
        { clock, backoffUntilSuccess: { initialSeconds: 5, maxSeconds: TETO } },
      );
      const id = (await fila.enqueue(
        'teste.estorno',
        { pagamentoId: 7 },
        { maxAttempts: Infinity, key: 'estorno:7' },
      ))!;
      expect((await job(id)).maxTentativas).toBeNull();

      const esperas: number[] = [];
      const situacoes = new Set<SituacaoTarefa>();
      for (let i = 0; i < 100; i++) {
        expect(await w.runOnce()).toBe(1);
        const row = await job(id);
        situacoes.add(row.status);
        if (row.status === 'CONCLUIDA') break;
        const espera = (row.executarEm.getTime() - (await clockNow(clock)).getTime()) / 1000;
        esperas.push(espera);
        // Nothing runs before the wait ends …
        expect(await w.runOnce()).toBe(0);
        // … and the simulated time jumps to it.
        clock.advance(Math.ceil(espera));
      }
      const row = await job(id);
      expect(row.status).toBe('CONCLUIDA');
      expect([...situacoes].sort()).toEqual(['CONCLUIDA', 'PENDENTE']);
      expect(row.tentativas).toBe(contexts.length);
      expect(row.tentativas).toBeGreaterThan(8);
      // Waits grow 5, 10, 20 … and never pass the cap.
      expect(esperas.slice(0, 4).map(Math.round)).toEqual([5, 10, 20, 40]);
      expect(Math.max(...esperas)).toBeLessThanOrEqual(TETO);
      expect(Math.round(Math.max(...esperas))).toBe(TETO);
      // Done within one cap of the provider coming back.
      expect(clock.offsetSeconds - FORA_DO_AR).toBeLessThanOrEqual(TETO + 1);
      expect(contexts.every((c) => c.maxAttempts === Infinity && !c.lastAttempt)).toBe(true);
    });

    it('trabalhador morto no meio de uma tarefa sem limite: ela roda de novo, não vira FALHOU', async () => {
      const clock = shiftedClock();
      const fila = createJobQueue(database.db, clock);
      const id = (await fila.enqueue('teste.sem-limite', {}, { maxAttempts: Infinity }))!;
      await database.raw('UPDATE tarefas SET tentativas = 50 WHERE id = $1', [id]);
      await createJobStore(database.db, clock).claim('trabalhador-morto', 60, 1);
      clock.advance(61);
      const runs: number[] = [];
      const w = worker({ 'teste.sem-limite': async (_p, ctx) => void runs.push(ctx.attempt) }, { clock });
      expect(await w.runOnce()).toBe(1);
      expect(runs).toEqual([52]);
      expect(await job(id)).toMatchObject({ status: 'CONCLUIDA', tentativas: 52 });
    });

    it('maxAttempts aceita inteiros ≥ 1 ou Infinity', async () => {
      for (const bad of [0, -1, 1.5, Number.NaN, -Infinity, 10_000_000]) {
        await expect(queue.enqueue('teste.x', {}, { maxAttempts: bad })).rejects.toThrow(TypeError);
      }
      expect(await database.db.select().from(tarefas)).toHaveLength(0);
    });
  });

  describe('chave única só entre tarefas vivas', () => {
    it('tarefas CONCLUIDA e FALHOU com a chave não bloqueiam uma nova; uma PENDENTE ou EXECUTANDO bloqueia', async () => {
      const K = 'pagamento-estorno:42';
      const w = worker({
        'teste.chave-viva': async () => undefined,
        'teste.chave-morta': async () => Promise.reject(new Error('não')),
      });
      const concluida = (await queue.enqueue('teste.chave-viva', { n: 1 }, { key: K }))!;
      expect(await w.runOnce()).toBe(1);
      expect((await job(concluida)).status).toBe('CONCLUIDA');

      const morta = (await queue.enqueue('teste.chave-morta', { n: 2 }, { key: K, maxAttempts: 1 }))!;
      expect(morta).not.toBe(concluida);
      expect(await w.runOnce()).toBe(1);
      expect((await job(morta)).status).toBe('FALHOU');

      const nova = await queue.enqueue('teste.chave-viva', { n: 3 }, { key: K });
      expect(nova).toEqual(expect.any(Number));
      expect([concluida, morta]).not.toContain(nova);
      // While it is PENDENTE, nothing new …
      expect(await queue.enqueue('teste.chave-viva', { n: 4 }, { key: K })).toBeNull();
      // … nor while it runs.
      await createJobStore(database.db).claim('alguem', 60, 1);
      expect((await job(nova!)).status).toBe('EXECUTANDO');
      expect(await queue.enqueue('teste.chave-viva', { n: 5 }, { key: K })).toBeNull();

      const rows = await database.db.select().from(tarefas).where(eq(tarefas.chave, K)).orderBy(tarefas.id);
      expect(rows.map((r) => [r.status, r.payload])).toEqual([
        ['CONCLUIDA', { n: 1 }],
        ['FALHOU', { n: 2 }],
        ['EXECUTANDO', { n: 3 }],
      ]);
      // The database itself refuses a second live job with the key.
      await expect(
        database.raw("INSERT INTO tarefas (tipo, chave) VALUES ('teste.chave-viva', $1)", [K]),
      ).rejects.toThrow(/tarefas_chave_viva_uq/);
    });
  });

  describe('tarefas periódicas (registerRecurring)', () => {
    const PERIODO = 3600;
    const vivas = (tipo: string) =>
      database.db
        .select()
        .from(tarefas)
        .where(and(eq(tarefas.tipo, tipo), sql`${tarefas.status} IN ('PENDENTE', 'EXECUTANDO')`));

    it('dois trabalhadores no mesmo banco: uma tarefa viva, uma execução por período, nunca duas ao mesmo tempo', async () => {
      const clock = shiftedClock();
      const second = await secondConnection();
      let rodando = 0;
      let maxSimultaneas = 0;
      const execucoes: string[] = [];
      const handler: JobHandler = async (_p, ctx) => {
        rodando++;
        maxSimultaneas = Math.max(maxSimultaneas, rodando);
        await sleep(30);
        execucoes.push(ctx.workerId);
        rodando--;
      };
      const a = createJobWorker({ db: database.db, handlers: { 'teste.periodica': handler }, clock, pollMs: 10 });
      const b = createJobWorker({
        db: (second ?? database).db,
        handlers: { 'teste.periodica': handler },
        clock,
        pollMs: 10,
      });
      a.registerRecurring('teste.periodica', PERIODO);
      b.registerRecurring('teste.periodica', PERIODO);
      try {
        // Each instance makes sure the job exists at start: one live job between them.
        await Promise.all([a.ensureRecurring(), b.ensureRecurring()]);
        const [viva, ...outras] = await vivas('teste.periodica');
        expect(outras).toHaveLength(0);
        expect(viva).toMatchObject({ chave: recurringKey('teste.periodica'), maxTentativas: null });

        a.start();
        b.start();
        await waitFor(() => execucoes.length === 1, 10_000, 'primeira execução');
        for (let periodo = 2; periodo <= 4; periodo++) {
          await waitFor(async () => (await vivas('teste.periodica'))[0]?.status === 'PENDENTE', 10_000, 'próxima');
          clock.advance(PERIODO);
          await waitFor(() => execucoes.length === periodo, 10_000, `execução ${periodo}`);
        }
        await waitFor(async () => (await vivas('teste.periodica'))[0]?.status === 'PENDENTE', 10_000, 'a quinta');
        await Promise.all([a.stop(), b.stop()]);

        expect(execucoes).toHaveLength(4);
        expect(maxSimultaneas).toBe(1);
        const rows = await database.db.select().from(tarefas).orderBy(tarefas.id);
        expect(rows.map((r) => r.status)).toEqual(['CONCLUIDA', 'CONCLUIDA', 'CONCLUIDA', 'CONCLUIDA', 'PENDENTE']);
        // The next run is one period after the last one ended, on the queue's clock.
        const proxima = rows[4]!.executarEm.getTime() - (await clockNow(clock)).getTime();
        expect(proxima / 1000).toBeGreaterThan(PERIODO - 60);
        expect(proxima / 1000).toBeLessThanOrEqual(PERIODO);
        // Starting again (a restart, a third instance) adds nothing.
        await a.ensureRecurring();
        expect(await vivas('teste.periodica')).toHaveLength(1);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
        await second?.close();
      }
    });

    it('um trabalhador morre no meio da execução: passada a reserva, outro a roda e agenda a próxima, uma só', async () => {
      const clock = shiftedClock();
      const runs: string[] = [];
      const handler: JobHandler = async (_p, ctx) => void runs.push(ctx.workerId);
      const morto = createJobWorker({ db: database.db, handlers: { 'teste.periodica': handler }, clock });
      morto.registerRecurring('teste.periodica', PERIODO);
      await morto.ensureRecurring();
      // The dying worker claims the run (as its runOnce would) and never finishes it.
      const storeDoMorto = createJobStore(database.db, clock);
      const [claimed] = await storeDoMorto.claim('trabalhador-morto', 60, 1);
      expect(claimed?.chave).toBe(recurringKey('teste.periodica'));

      const vivo = worker({ 'teste.periodica': handler }, { clock });
      vivo.registerRecurring('teste.periodica', PERIODO);
      await vivo.ensureRecurring();
      expect(await vivas('teste.periodica')).toHaveLength(1);
      expect(await vivo.runOnce()).toBe(0);

      clock.advance(61);
      expect(await vivo.runOnce()).toBe(1);
      expect(runs).toEqual([vivo.workerId]);
      let rows = await database.db.select().from(tarefas).orderBy(tarefas.id);
      expect(rows.map((r) => [r.status, r.tentativas])).toEqual([
        ['CONCLUIDA', 2],
        ['PENDENTE', 0],
      ]);
      // The dead worker's late completion changes nothing and schedules no second run.
      expect(
        await storeDoMorto.complete(claimed!, 'trabalhador-morto', { key: claimed!.chave!, everySeconds: 1 }),
      ).toBe(false);
      rows = await database.db.select().from(tarefas).orderBy(tarefas.id);
      expect(rows).toHaveLength(2);
      expect(await vivo.runOnce()).toBe(0);
    });

    it('uma execução que falha repete (sem limite) e, quando dá certo, agenda a próxima', async () => {
      const clock = shiftedClock();
      let falhar = true;
      const w = worker(
        {
          'teste.periodica': async () => {
            if (falhar) throw new Error('banco do provedor fora do ar');
          },
        },
        { clock },
      );
      w.registerRecurring('teste.periodica', PERIODO);
      await w.ensureRecurring();
      expect(await w.runOnce()).toBe(1);
      const [falhando] = await vivas('teste.periodica');
      expect(falhando).toMatchObject({ status: 'PENDENTE', tentativas: 1, ultimoErro: 'banco do provedor fora do ar' });
      falhar = false;
      clock.advance(5);
      expect(await w.runOnce()).toBe(1);
      const rows = await database.db.select().from(tarefas).orderBy(tarefas.id);
      expect(rows.map((r) => [r.status, r.tentativas])).toEqual([
        ['CONCLUIDA', 2],
        ['PENDENTE', 0],
      ]);
    });

    it('uma tarefa do mesmo tipo sem a chave periódica não agenda uma próxima', async () => {
      const w = worker({ 'teste.periodica': async () => undefined });
      w.registerRecurring('teste.periodica', PERIODO);
      await queue.enqueue('teste.periodica', {});
      expect(await w.runOnce()).toBe(1);
      expect((await database.db.select().from(tarefas)).map((r) => r.status)).toEqual(['CONCLUIDA']);
    });

    it('registerRecurring exige o handler e um período positivo', () => {
      const w = worker({ 'teste.periodica': async () => undefined });
      expect(() => w.registerRecurring('teste.outra', 60)).toThrow(/sem handler/);
      expect(() => w.registerRecurring('teste.periodica', 0)).toThrow(TypeError);
    });
  });
});
