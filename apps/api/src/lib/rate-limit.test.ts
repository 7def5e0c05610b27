import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseTargets, type TestDatabase } from '../db/test-databases.js';
import { AppError } from './errors.js';
import { createRateLimiter, rateLimitKey, type RateLimiter } from './rate-limit.js';

describe.each(testDatabaseTargets())('limitador de requisições no banco (%s)', (kind) => {
  let database: TestDatabase;
  let limiter: RateLimiter;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    limiter = createRateLimiter(database.db, { cleanupProbability: 0 });
  });
  afterAll(() => database?.dispose());

  it('conta por chave numa janela fixa e recusa passado o máximo', async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit('teste:a', 3, 60));
    expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4]);
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.retryAfterSeconds).toBeGreaterThan(0);
    expect(results[3]?.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await limiter.hit('teste:b', 3, 60)).count).toBe(1);
  });

  it('consume lança 429 com retry-after', async () => {
    await limiter.consume('teste:c', 1, 120);
    const err = await limiter.consume('teste:c', 1, 120).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(429);
    expect(Number((err as AppError).headers['retry-after'])).toBeGreaterThan(0);
  });

  it('uma janela vencida recomeça do 1; reset apaga o contador', async () => {
    await limiter.hit('teste:d', 5, 60);
    await limiter.hit('teste:d', 5, 60);
    await database.raw("UPDATE limites_requisicao SET expira_em = now() - interval '1 second' WHERE chave = 'teste:d'");
    expect((await limiter.hit('teste:d', 5, 60)).count).toBe(1);
    await limiter.reset('teste:d');
    expect(await database.raw("SELECT 1 FROM limites_requisicao WHERE chave = 'teste:d'")).toHaveLength(0);
  });

  it('release devolve um acerto da janela atual, nunca abaixo de zero, e não mexe numa janela vencida', async () => {
    await limiter.hit('teste:f', 2, 60);
    await limiter.hit('teste:f', 2, 60);
    await limiter.release('teste:f');
    // Two hits, one given back: the next hit is the second, still allowed.
    expect(await limiter.hit('teste:f', 2, 60)).toMatchObject({ count: 2, allowed: true });
    for (let i = 0; i < 4; i++) await limiter.release('teste:f');
    expect((await limiter.hit('teste:f', 2, 60)).count).toBe(1);
    await database.raw("UPDATE limites_requisicao SET expira_em = now() - interval '1 second' WHERE chave = 'teste:f'");
    await limiter.release('teste:f');
    expect(await database.raw("SELECT contagem FROM limites_requisicao WHERE chave = 'teste:f'")).toEqual([
      { contagem: 1 },
    ]);
    // A key never hit: nothing to give back, nothing written.
    await limiter.release('teste:nunca');
    expect(await database.raw("SELECT 1 FROM limites_requisicao WHERE chave = 'teste:nunca'")).toHaveLength(0);
  });

  it('acertos concorrentes não se perdem', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('teste:e', 100, 60)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('chaves longas cabem na coluna e continuam distintas', async () => {
    const a = rateLimitKey('login', 'conta', 'email', `${'a'.repeat(300)}@x.com`);
    const b = rateLimitKey('login', 'conta', 'email', `${'a'.repeat(300)}@y.com`);
    expect(a.length).toBeLessThanOrEqual(255);
    expect(a).not.toBe(b);
    expect((await limiter.hit(`login:conta:email:${'a'.repeat(300)}@x.com`, 5, 60)).count).toBe(1);
  });
});
