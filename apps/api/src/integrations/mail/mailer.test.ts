import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseTargets, type TestDatabase } from '../../db/test-databases.js';
import { createJobQueue, createJobWorker, type JobQueue } from '../../lib/jobs/index.js';
import { emailsSaida } from '../../modules/email/email.table.js';
import { tarefas } from '../../modules/tarefa/tarefa.table.js';
import type { MailMessage, MailTransport } from './mail.js';
import { createMailer, EMAIL_JOB, EMAIL_MAX_ATTEMPTS, emailJobHandlers } from './mailer.js';
import { createOutboxTransport } from './outbox-transport.js';
import { codigoEmail } from './templates.js';
import { countQueries } from '../../test/query-count.js';

const mensagem = (para = 'paciente@exemplo.com.br'): MailMessage => ({
  para,
  ...codigoEmail({ nome: 'Paciente', codigo: '123456', finalidade: 'CONFIRMACAO', validadeMinutos: 15 }),
});

/** A transport that records deliveries and fails while `failing` is set. */
function fakeTransport() {
  const state = { delivered: [] as MailMessage[], failing: false };
  const transport: MailTransport = {
    kind: 'smtp',
    async deliver(message) {
      if (state.failing) throw new Error('Servidor de e-mail fora do ar');
      state.delivered.push(message);
    },
  };
  return { transport, state };
}

describe.each(testDatabaseTargets())('mailer: caixa de saída + tarefa de envio (%s)', (kind) => {
  let database: TestDatabase;
  let jobs: JobQueue;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    jobs = createJobQueue(database.db);
  });
  afterAll(() => database?.dispose());
  beforeEach(async () => {
    await database.db.delete(tarefas);
    await database.db.delete(emailsSaida);
  });

  const emails = () => database.db.select().from(emailsSaida).orderBy(emailsSaida.id);
  const jobRows = () => database.db.select().from(tarefas).orderBy(tarefas.id);

  it('guarda a mensagem e enfileira exatamente uma tarefa na transação de quem chama', async () => {
    const mailer = createMailer({ db: database.db, jobs });
    const message = mensagem();
    await database.db.transaction(async (tx) => {
      await mailer.enviar(message, tx);
    });
    const [email, ...moreEmails] = await emails();
    expect(moreEmails).toHaveLength(0);
    expect(email).toMatchObject({
      para: message.para,
      assunto: message.assunto,
      texto: message.texto,
      html: message.html,
      status: 'PENDENTE',
      tentativas: 0,
      enviadoEm: null,
    });
    const rows = await jobRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tipo: EMAIL_JOB,
      payload: { emailId: email!.id },
      status: 'PENDENTE',
      maxTentativas: EMAIL_MAX_ATTEMPTS,
    });
  });

  it('transação desfeita: nem e-mail nem tarefa', async () => {
    const mailer = createMailer({ db: database.db, jobs });
    await database.db
      .transaction(async (tx) => {
        await mailer.enviar(mensagem(), tx);
        throw new Error('o cadastro falhou depois do e-mail');
      })
      .catch(() => undefined);
    expect(await emails()).toHaveLength(0);
    expect(await jobRows()).toHaveLength(0);
  });

  it('sem transação, usa uma própria e acorda o trabalhador depois de gravar', async () => {
    const mailer = createMailer({ db: database.db, jobs });
    let wakes = 0;
    const unsubscribe = jobs.onEnqueue(() => wakes++);
    try {
      await mailer.enviar(mensagem('sem-tx@exemplo.com.br'));
    } finally {
      unsubscribe();
    }
    expect(await emails()).toHaveLength(1);
    expect(await jobRows()).toHaveLength(1);
    expect(wakes).toBeGreaterThanOrEqual(1);
  });

  it('no sandbox (outbox), a tarefa marca o e-mail ENVIADO e guarda o corpo', async () => {
    const mailer = createMailer({ db: database.db, jobs });
    const worker = createJobWorker({
      db: database.db,
      handlers: {},
      batchHandlers: emailJobHandlers(createOutboxTransport(), database.db),
    });
    const message = mensagem();
    await mailer.enviar(message);
    expect(await worker.runOnce()).toBe(1);
    const [email] = await emails();
    expect(email).toMatchObject({ status: 'ENVIADO', tentativas: 1, ultimoErro: null });
    // The outbox is the demo's mailbox: the body, code included, stays (ADR 007).
    expect(email).toMatchObject({ texto: message.texto, html: message.html });
    expect(email?.texto).toContain('123456');
    expect(email?.enviadoEm).toBeInstanceOf(Date);
    expect((await jobRows())[0]?.status).toBe('CONCLUIDA');
  });

  it('entrega pelo transporte; um e-mail já ENVIADO não é enviado de novo se a tarefa rodar outra vez', async () => {
    const { transport, state } = fakeTransport();
    const mailer = createMailer({ db: database.db, jobs });
    const worker = createJobWorker({
      db: database.db,
      handlers: {},
      batchHandlers: emailJobHandlers(transport, database.db),
    });
    const message = mensagem('duas-vezes@exemplo.com.br');
    await mailer.enviar(message);
    expect(await worker.runOnce()).toBe(1);
    expect(state.delivered).toEqual([message]);
    // Delivered by a real transport: the body leaves the database.
    expect((await emails())[0]).toMatchObject({ status: 'ENVIADO', assunto: message.assunto, texto: '', html: null });

    const [email] = await emails();
    await jobs.enqueue(EMAIL_JOB, { emailId: email!.id });
    expect(await worker.runOnce()).toBe(1);
    expect(state.delivered).toHaveLength(1);
    expect((await jobRows()).map((r) => r.status)).toEqual(['CONCLUIDA', 'CONCLUIDA']);
  });

  it('falha de entrega fica no e-mail e na tarefa, que é repetida; esgotadas as tentativas, FALHOU', async () => {
    const { transport, state } = fakeTransport();
    state.failing = true;
    const mailer = createMailer({ db: database.db, jobs, maxAttempts: 2 });
    const worker = createJobWorker({
      db: database.db,
      handlers: {},
      batchHandlers: emailJobHandlers(transport, database.db),
      backoff: { initialSeconds: 0.01, maxSeconds: 0.01 },
    });
    await mailer.enviar(mensagem());

    expect(await worker.runOnce()).toBe(1);
    let [email] = await emails();
    expect(email).toMatchObject({ status: 'PENDENTE', tentativas: 1, ultimoErro: 'Servidor de e-mail fora do ar' });
    expect((await jobRows())[0]).toMatchObject({ status: 'PENDENTE', ultimoErro: 'Servidor de e-mail fora do ar' });

    await new Promise((r) => setTimeout(r, 50));
    expect(await worker.runOnce()).toBe(1);
    [email] = await emails();
    expect(email).toMatchObject({ status: 'FALHOU', tentativas: 2, ultimoErro: 'Servidor de e-mail fora do ar' });
    expect((await jobRows())[0]).toMatchObject({ status: 'FALHOU', tentativas: 2 });
    expect(state.delivered).toHaveLength(0);
  });

  it('uma mensagem sem e-mail correspondente (apagado) conclui sem enviar', async () => {
    const { transport, state } = fakeTransport();
    const worker = createJobWorker({
      db: database.db,
      handlers: {},
      batchHandlers: emailJobHandlers(transport, database.db),
    });
    const id = (await jobs.enqueue(EMAIL_JOB, { emailId: 999_999 }))!;
    expect(await worker.runOnce()).toBe(1);
    expect(state.delivered).toHaveLength(0);
    const [row] = await database.db.select().from(tarefas).where(eq(tarefas.id, id));
    expect(row?.status).toBe('CONCLUIDA');
  });

  it('no sandbox, os e-mails devidos saem em lote: poucas instruções para muitos e-mails (docs/quality.md P4)', async () => {
    const mailer = createMailer({ db: database.db, jobs });
    const worker = createJobWorker({
      db: database.db,
      handlers: {},
      batchHandlers: emailJobHandlers(createOutboxTransport(), database.db),
      batchSize: 2,
    });
    for (let i = 0; i < 20; i++) await mailer.enviar(mensagem(`lote${i}@exemplo.com.br`));
    const { result, queries } = await countQueries(database.db, () => worker.runOnce());
    expect(result).toBe(20);
    // The sweep of abandoned jobs, the claim of the batched tipos, the claim of the others, one UPDATE of the 20
    // e-mails and one of the 20 jobs: not two or three per e-mail.
    expect(queries).toBeLessThanOrEqual(5);
    expect((await emails()).map((e) => e.status)).toEqual(Array(20).fill('ENVIADO'));
    expect((await jobRows()).map((r) => r.status)).toEqual(Array(20).fill('CONCLUIDA'));
  });

  it('num lote por SMTP, o e-mail recusado repete sozinho e os outros saem', async () => {
    const delivered: string[] = [];
    const transport: MailTransport = {
      kind: 'smtp',
      async deliver(message) {
        if (message.para.startsWith('recusado')) throw new Error('550 caixa inexistente');
        delivered.push(message.para);
      },
    };
    const mailer = createMailer({ db: database.db, jobs });
    const worker = createJobWorker({
      db: database.db,
      handlers: {},
      batchHandlers: emailJobHandlers(transport, database.db),
    });
    for (const para of ['a@exemplo.com.br', 'recusado@exemplo.com.br', 'b@exemplo.com.br', 'c@exemplo.com.br']) {
      await mailer.enviar(mensagem(para));
    }
    expect(await worker.runOnce()).toBe(4);
    expect(delivered.sort()).toEqual(['a@exemplo.com.br', 'b@exemplo.com.br', 'c@exemplo.com.br']);
    const porDestino = new Map((await emails()).map((e) => [e.para, e]));
    expect(porDestino.get('recusado@exemplo.com.br')).toMatchObject({
      status: 'PENDENTE',
      ultimoErro: '550 caixa inexistente',
    });
    expect(porDestino.get('a@exemplo.com.br')?.status).toBe('ENVIADO');
    const tarefasPorStatus = (await jobRows()).map((r) => r.status).sort();
    expect(tarefasPorStatus).toEqual(['CONCLUIDA', 'CONCLUIDA', 'CONCLUIDA', 'PENDENTE']);
  });
});
