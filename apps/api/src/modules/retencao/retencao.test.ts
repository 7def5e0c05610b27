import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recurringKey } from '../../lib/jobs/index.js';
import { createTestApp, createUser, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { JOB_RECONCILIAR } from '../checkout/reconciliador.js';
import { JOB_AVISAR_ESTOQUE } from '../estoque/estoque-avisos.js';
import { JOB_LEMBRETE_SACOLA } from '../sacola/sacola.service.js';
import { createRetencaoRepository } from './retencao.repository.js';
import { createRetencaoService, JOB_RETENCAO, RETENCAO_INTERVALO_SEGUNDOS } from './retencao.service.js';

describe.each(testDatabaseTargets())('retenção: apaga o que é velho, em lotes (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, config: { RETENTION_DAYS: 30, RETENTION_FAILED_DAYS: 180 } });
  });
  afterAll(() => t?.dispose());
  beforeEach(async () => {
    await t.database.raw('DELETE FROM tarefas');
    await t.database.raw('DELETE FROM emails_saida');
    await t.database.raw('DELETE FROM pagamento_eventos');
    await t.database.raw('DELETE FROM notificacoes');
  });

  /** A customer of the notifications (ADR 046), made once. */
  let clienteId = 0;
  const cliente = async () => {
    if (clienteId) return clienteId;
    const { idCliente } = await createUser(t.database, {
      email: `ana-retencao-${kind}@example.com`,
      password: 'senha123',
      permissao: 'CLIENTE',
      cpf: '52998224725',
    });
    return (clienteId = idCliente!);
  };
  /** `n` notifications of the customer written 400 days ago, read `lida` days ago (null: unread). */
  const notificacoes = async (n: number, lida: number | null, texto: string) =>
    t.database.raw(
      `INSERT INTO notificacoes (cliente_id, tipo, texto, criada_em, lida_em)
       SELECT $1, 'pagamento', $2, now() - make_interval(days => 400),
              CASE WHEN $3::int IS NULL THEN NULL ELSE now() - make_interval(days => $3::int) END
         FROM generate_series(1, $4)`,
      [await cliente(), texto, lida, n],
    );

  /** `n` jobs of `status` whose last attempt was `dias` days ago, tagged by `tipo`. */
  const tarefas = (n: number, status: string, dias: number, tipo: string) =>
    t.database.raw(
      `INSERT INTO tarefas (tipo, status, executar_em, criada_em, tentativas)
       SELECT $1, $2, now() - make_interval(days => $3), now() - make_interval(days => $3 + 1), 1
         FROM generate_series(1, $4)`,
      [tipo, status, dias, n],
    );
  const emails = (n: number, status: string, dias: number, assunto: string) =>
    t.database.raw(
      `INSERT INTO emails_saida (para, assunto, texto, status, created_at)
       SELECT 'paciente@exemplo.com.br', $1, 'corpo', $2, now() - make_interval(days => $3)
         FROM generate_series(1, $4)`,
      [assunto, status, dias, n],
    );
  /** `n` payment notifications received `dias` days ago, applied `processado` days ago (null: not applied). */
  let evento = 0;
  const eventos = (n: number, dias: number, processado: number | null, acao: string) =>
    t.database.raw(
      `INSERT INTO pagamento_eventos (provedor, evento_id, provider_id, acao, recebido_em, processado_em)
       SELECT 'sandbox', $1 || g, 'sbx-1', $2, now() - make_interval(days => $3),
              CASE WHEN $4::int IS NULL THEN NULL ELSE now() - make_interval(days => $4::int) END
         FROM generate_series(1, $5) g`,
      [`ev-${++evento}-`, acao, dias, processado, n],
    );
  const contagem = async (sql: string) =>
    Object.fromEntries(
      (await t.database.raw<{ k: string; n: string | number }>(sql)).map((r) => [r.k, Number(r.n)]),
    ) as Record<string, number>;
  const tarefasPorTipo = () => contagem('SELECT tipo AS k, count(*) AS n FROM tarefas GROUP BY tipo');
  const emailsPorAssunto = () => contagem('SELECT assunto AS k, count(*) AS n FROM emails_saida GROUP BY assunto');
  const eventosPorAcao = () => contagem('SELECT acao AS k, count(*) AS n FROM pagamento_eventos GROUP BY acao');
  const notificacoesPorTexto = () => contagem('SELECT texto AS k, count(*) AS n FROM notificacoes GROUP BY texto');

  async function semear() {
    await tarefas(25, 'CONCLUIDA', 31, 'concluida-velha');
    await tarefas(3, 'CONCLUIDA', 29, 'concluida-recente');
    await tarefas(12, 'FALHOU', 181, 'falhou-velha');
    await tarefas(2, 'FALHOU', 100, 'falhou-prova');
    await tarefas(2, 'PENDENTE', 400, 'pendente-antiga');
    await tarefas(1, 'EXECUTANDO', 400, 'executando-antiga');
    await emails(21, 'ENVIADO', 31, 'enviado-velho');
    await emails(2, 'ENVIADO', 1, 'enviado-recente');
    await emails(3, 'FALHOU', 181, 'falhou-velho');
    await emails(2, 'FALHOU', 31, 'falhou-prova');
    await emails(1, 'PENDENTE', 400, 'pendente-antigo');
    await eventos(11, 32, 31, 'aplicado-velho');
    await eventos(2, 32, 29, 'aplicado-recente');
    await eventos(2, 400, null, 'nao-aplicado');
    await notificacoes(4, 31, 'lida-velha');
    await notificacoes(2, 29, 'lida-recente');
    await notificacoes(3, null, 'nao-lida');
  }
  const SOBRAM = {
    tarefas: { 'concluida-recente': 3, 'falhou-prova': 2, 'pendente-antiga': 2, 'executando-antiga': 1 },
    emails: { 'enviado-recente': 2, 'falhou-prova': 2, 'pendente-antigo': 1 },
    eventos: { 'aplicado-recente': 2, 'nao-aplicado': 2 },
    notificacoes: { 'lida-recente': 2, 'nao-lida': 3 },
  };

  it('apaga tarefas concluídas e e-mails enviados de mais de N dias, mortas e não entregues de mais de M, eventos aplicados e notificações lidas de mais de N', async () => {
    await semear();
    const lotes: Array<[string, number]> = [];
    const repository = createRetencaoRepository(t.database.db);
    const service = createRetencaoService({
      repository: {
        apagarLote: async (alvo, dias, lote) => {
          const n = await repository.apagarLote(alvo, dias, lote);
          lotes.push([alvo, n]);
          return n;
        },
      },
      politica: { dias: 30, diasFalhas: 180, lote: 10 },
    });

    expect(await service.limpar()).toEqual({
      tarefasConcluidas: 25,
      tarefasFalhas: 12,
      emailsEnviados: 21,
      emailsFalhos: 3,
      eventosPagamento: 11,
      notificacoesLidas: 4,
    });
    expect(await tarefasPorTipo()).toEqual(SOBRAM.tarefas);
    expect(await emailsPorAssunto()).toEqual(SOBRAM.emails);
    expect(await eventosPorAcao()).toEqual(SOBRAM.eventos);
    expect(await notificacoesPorTexto()).toEqual(SOBRAM.notificacoes);
    // Batches of at most 10 rows, until one comes back short.
    expect(lotes).toEqual([
      ['tarefasConcluidas', 10],
      ['tarefasConcluidas', 10],
      ['tarefasConcluidas', 5],
      ['tarefasFalhas', 10],
      ['tarefasFalhas', 2],
      ['emailsEnviados', 10],
      ['emailsEnviados', 10],
      ['emailsEnviados', 1],
      ['emailsFalhos', 3],
      ['eventosPagamento', 10],
      ['eventosPagamento', 1],
      ['notificacoesLidas', 4],
    ]);
    // A second pass finds nothing.
    expect(Object.values(await service.limpar())).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('um limite de lotes por execução deixa o resto para a próxima', async () => {
    await tarefas(25, 'CONCLUIDA', 31, 'concluida-velha');
    const service = createRetencaoService({
      repository: createRetencaoRepository(t.database.db),
      politica: { dias: 30, diasFalhas: 180, lote: 10, maxLotes: 2 },
    });
    expect((await service.limpar()).tarefasConcluidas).toBe(20);
    expect(await tarefasPorTipo()).toEqual({ 'concluida-velha': 5 });
    expect((await service.limpar()).tarefasConcluidas).toBe(5);
    expect(await tarefasPorTipo()).toEqual({});
  });

  it('no app, é uma tarefa periódica: agendada ao iniciar, roda com os prazos do ambiente e agenda a próxima', async () => {
    await semear();
    await t.app.jobWorker.ensureRecurring();
    const [agendada] = await t.database.raw<{ tipo: string; status: string; max: number | null }>(
      'SELECT tipo, status, max_tentativas AS max FROM tarefas WHERE chave = $1',
      [recurringKey(JOB_RETENCAO)],
    );
    expect(agendada).toEqual({ tipo: JOB_RETENCAO, status: 'PENDENTE', max: null });

    // The retention run, the checkout's reconciler, the abandoned-bag reminder and the back-in-stock sweep (the
    // app's other periodic jobs), and the two old pending jobs of the seed (no handler: they fail and stay): six,
    // in two of the worker's batches.
    expect((await t.app.jobWorker.runOnce()) + (await t.app.jobWorker.runOnce())).toBe(6);
    expect(await emailsPorAssunto()).toEqual(SOBRAM.emails);
    expect(await eventosPorAcao()).toEqual(SOBRAM.eventos);
    expect(await notificacoesPorTexto()).toEqual(SOBRAM.notificacoes);
    const periodicas = await t.database.raw<{ status: string; espera: number }>(
      `SELECT status, extract(epoch FROM executar_em - now())::float AS espera
         FROM tarefas WHERE chave = $1 ORDER BY id`,
      [recurringKey(JOB_RETENCAO)],
    );
    expect(periodicas.map((p) => p.status)).toEqual(['CONCLUIDA', 'PENDENTE']);
    expect(Number(periodicas[1]!.espera)).toBeGreaterThan(RETENCAO_INTERVALO_SEGUNDOS - 60);
    const { tarefas: antes } = SOBRAM;
    expect(await tarefasPorTipo()).toEqual({
      ...antes,
      [JOB_RETENCAO]: 2,
      [JOB_RECONCILIAR]: 2,
      [JOB_LEMBRETE_SACOLA]: 2,
      [JOB_AVISAR_ESTOQUE]: 2,
    });
  });
});
