import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { createTestDatabase, testDatabaseTargets, type TestDatabase } from '../../db/test-databases.js';
import { tarefas, type Tarefa } from '../../modules/tarefa/tarefa.table.js';
import {
  backoffSeconds,
  createJobQueue,
  createJobWorker,
  MAX_ERROR_LENGTH,
  safeErrorMessage,
  type JobContext,
  type JobHandler,
  type JobQueue,
  type JobWorkerOptions,
} from './index.js';
import { claimJobs, completeJob, failJob } from './job-store.js';

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

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    queue = createJobQueue(database.db);
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
    const [claimed] = await claimJobs(database.db, 'trabalhador-morto', 2, 10);
    expect(claimed?.id).toBe(id);

    const survivor = worker({ 'teste.retomada': async (_p, ctx) => void runs.push(ctx.workerId) });
    expect(await survivor.runOnce()).toBe(0);
    expect(await job(id)).toMatchObject({ status: 'EXECUTANDO', bloqueadaPor: 'trabalhador-morto', tentativas: 1 });

    await waitFor(async () => (await job(id)).bloqueadaAte!.getTime() < (await dbNow()).getTime(), 5_000, 'reserva');
    expect(await survivor.runOnce()).toBe(1);
    expect(runs).toEqual([survivor.workerId]);
    expect(await job(id)).toMatchObject({ status: 'CONCLUIDA', tentativas: 2, bloqueadaPor: survivor.workerId });

    // The dead worker coming back late cannot record anything over the new outcome.
    expect(await completeJob(database.db, claimed!, 'trabalhador-morto')).toBe(false);
    expect(await failJob(database.db, claimed!, 'trabalhador-morto', 'tarde demais', 1)).toBeNull();
    expect((await job(id)).status).toBe('CONCLUIDA');
  });

  it('resultado de quem perdeu a reserva não vale: só o dono atual registra', async () => {
    const id = (await queue.enqueue('teste.dono', {}))!;
    const [first] = await claimJobs(database.db, 'primeiro', 60, 1);
    await database.raw("UPDATE tarefas SET bloqueada_ate = now() - interval '1 second' WHERE id = $1", [id]);
    const [second] = await claimJobs(database.db, 'segundo', 60, 1);
    expect(second).toMatchObject({ id, tentativas: 2, bloqueadaPor: 'segundo' });

    expect(await completeJob(database.db, first!, 'primeiro')).toBe(false);
    expect(await job(id)).toMatchObject({ status: 'EXECUTANDO', bloqueadaPor: 'segundo' });
    // Same worker name, older attempt: still refused (the attempt number fences it).
    expect(await completeJob(database.db, { ...second!, tentativas: 1 }, 'segundo')).toBe(false);
    expect(await completeJob(database.db, second!, 'segundo')).toBe(true);
    expect((await job(id)).status).toBe('CONCLUIDA');
  });

  it('trabalhador morto na última tentativa: a tarefa termina FALHOU em vez de rodar de novo', async () => {
    const runs: number[] = [];
    const id = (await queue.enqueue('teste.ultima', {}, { maxAttempts: 1 }))!;
    await claimJobs(database.db, 'trabalhador-morto', 60, 1);
    await database.raw("UPDATE tarefas SET bloqueada_ate = now() - interval '1 second' WHERE id = $1", [id]);
    const w = worker({ 'teste.ultima': async () => void runs.push(id) });
    expect(await w.runOnce()).toBe(0);
    expect(runs).toEqual([]);
    const row = await job(id);
    expect(row.status).toBe('FALHOU');
    expect(row.ultimoErro).toMatch(/^A última tentativa não terminou/);
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

  it('dois trabalhadores concorrentes (duas conexões no PostgreSQL) rodam cada uma de 50 tarefas exatamente uma vez', async () => {
    let second: Database | undefined;
    if (kind === 'postgres') {
      const [{ nome }] = (await database.raw<{ nome: string }>('SELECT current_database() AS nome')) as [
        { nome: string },
      ];
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${nome}`;
      second = await openDatabase({ url: url.toString(), poolSize: 5 });
    }
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
});
