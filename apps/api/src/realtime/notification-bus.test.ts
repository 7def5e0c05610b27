import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificacaoPagamento } from '@clinica/shared/schemas/pagamento';
import { createTestDatabase, testDatabaseTargets, type TestDatabase } from '../db/test-databases.js';
import { memoryLog } from '../test/harness.js';
import { createNotificationBus, NOTIFICATION_CHANNEL, type NotificationBus } from './notification-bus.js';

const aprovado = (idPedido: number): NotificacaoPagamento => ({
  id: idPedido,
  message: 'Pagamento aprovado!',
  statusPayment: 'approved',
  idPedido,
});

/** Resolves with what `bus` delivers to `idUsuario`, once `n` arrived. */
function collect(bus: NotificationBus, idUsuario: number) {
  const received: NotificacaoPagamento[] = [];
  const unsubscribe = bus.assinar(idUsuario, (n) => received.push(n));
  return {
    received,
    unsubscribe,
    async atLeast(n: number) {
      const until = Date.now() + 15_000;
      while (received.length < n) {
        if (Date.now() > until) throw new Error(`esperava ${n} notificações, vieram ${received.length}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return received;
    },
  };
}

describe.each(testDatabaseTargets())('barramento de notificações (%s)', (kind) => {
  let database: TestDatabase;
  let one: NotificationBus;
  let two: NotificationBus;
  const log = memoryLog();
  const logger = pino({ level: 'warn' }, log.stream) as unknown as FastifyBaseLogger;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // Two instances on one database.
    one = await createNotificationBus(database, logger);
    two = await createNotificationBus(database, logger);
  });

  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.dispose();
  });

  it('publicada numa instância, chega aos assinantes do usuário em todas; só a eles', async () => {
    const a1 = collect(one, 10);
    const a2 = collect(two, 10);
    const b2 = collect(two, 11);
    await one.publicar(10, aprovado(1));
    await two.publicar(11, aprovado(2));
    expect(await a1.atLeast(1)).toEqual([aprovado(1)]);
    expect(await a2.atLeast(1)).toEqual([aprovado(1)]);
    expect(await b2.atLeast(1)).toEqual([aprovado(2)]);
    await new Promise((r) => setTimeout(r, 100));
    expect(a1.received).toHaveLength(1);
    expect(b2.received).toHaveLength(1);
    for (const c of [a1, a2, b2]) c.unsubscribe();
  });

  it('depois de cancelar a assinatura, nada chega', async () => {
    const a = collect(two, 12);
    a.unsubscribe();
    const control = collect(two, 13);
    await one.publicar(12, aprovado(3));
    await one.publicar(13, aprovado(4));
    await control.atLeast(1);
    expect(a.received).toEqual([]);
    control.unsubscribe();
  });

  it('recusa notificação inválida ou grande demais para o NOTIFY', async () => {
    await expect(one.publicar(10, { message: 'x', statusPayment: 'nada', idPedido: 1 } as never)).rejects.toThrow();
    await expect(one.publicar(0, aprovado(1))).rejects.toThrow();
    await expect(one.publicar(10, { ...aprovado(1), message: 'é'.repeat(4000) })).rejects.toThrow(/maior que/);
  });

  it.runIf(kind === 'postgres')('payload malformado no canal é registrado e ignorado', async () => {
    const a = collect(one, 14);
    await database.raw('SELECT pg_notify($1, $2)', [NOTIFICATION_CHANNEL, '{"u":14,"n":{"oi":1}}']);
    await database.raw('SELECT pg_notify($1, $2)', [NOTIFICATION_CHANNEL, 'não é json']);
    await one.publicar(14, aprovado(5));
    expect(await a.atLeast(1)).toEqual([aprovado(5)]);
    expect(log.lines.filter((l) => /formato inválido/.test(String(l.msg))).length).toBeGreaterThanOrEqual(2);
    a.unsubscribe();
  });

  it('encerrado, não publica mais', async () => {
    const bus = await createNotificationBus(database, logger);
    await bus.close();
    await expect(bus.publicar(10, aprovado(1))).rejects.toThrow(/encerrado/);
  });
});
