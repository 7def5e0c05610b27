/**
 * The fuzzer finds what it must (docs/quality.md R2): routes planted with a crash, a
 * leaked stack trace, a bare body and a half-written refusal each fail it;
 * a well-behaved route passes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@clinica/shared/endpoint';
import { ok } from '../lib/envelope.js';
import { badRequest } from '../lib/errors.js';
import { route } from '../lib/route.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { createRouteFuzzer, type RouteFuzzer } from '../test/route-fuzz.js';

const corpo = z.object({ nome: z.string().min(3).max(20), quantidade: z.number().int().min(1).max(5) });
const bem = defineEndpoint({ method: 'POST', path: '/teste/fuzz/bem', summary: 't', body: corpo, response: z.null() });

describe('o fuzzer de rotas', () => {
  let t: TestApp;
  let fuzzer: RouteFuzzer;

  beforeAll(async () => {
    t = await createTestApp({
      kind: 'pglite',
      seed: true,
      extraRoutes: (api) => {
        route(api, bem, { access: ['ADMIN'] }, async () => ok(null));
        api.post('/teste/fuzz/quebra', { config: { access: ['ADMIN'] } }, async (request) => {
          // Trusts the body: crashes (500) when `nome` is not a string.
          const body = request.body as { nome: string };
          return ok(body.nome.trim().length);
        });
        api.post('/teste/fuzz/pilha', { config: { access: ['ADMIN'] } }, async (_request, reply) =>
          reply
            .code(400)
            .send({ statusCode: 400, message: 'Erro', content: { stack: 'Error: x\n    at handler (a.ts:1:1)' } }),
        );
        api.post('/teste/fuzz/cru', { config: { access: ['ADMIN'] } }, async (_request, reply) =>
          reply.code(422).type('text/plain').send('não'),
        );
        api.post('/teste/fuzz/meia-escrita', { config: { access: ['ADMIN'] } }, async () => {
          // Writes, then refuses: the row stays (no transaction).
          await t.database.db.execute(sql`INSERT INTO tags (nome) VALUES (${`fuzz-${Math.random()}`})`);
          throw badRequest('Recusado.');
        });
      },
    });
    fuzzer = await createRouteFuzzer(t);
  });
  afterAll(() => t?.dispose());

  const falha = (url: string) => fuzzer.fuzzRoute('POST', url, bem, { runs: 30, seed: 42 });
  /** Why the fuzzer failed the route ('' when it passed): fast-check keeps the assertion in `cause`. */
  const motivo = async (url: string): Promise<string> => {
    try {
      await falha(url);
      return '';
    } catch (err) {
      const e = err as Error & { cause?: Error };
      return `${e.message}\n${e.cause?.message ?? ''}`;
    }
  };

  it('passa numa rota que valida e responde com o envelope', async () => {
    await expect(falha('/api/teste/fuzz/bem')).resolves.toBeUndefined();
  });

  it('acusa um 500, um rastro de pilha, uma resposta fora do envelope e uma escrita numa recusa', async () => {
    expect(await motivo('/api/teste/fuzz/quebra')).toMatch(
      /POST \/api\/teste\/fuzz\/quebra → .*expected 500 to be less than 500/s,
    );
    expect(await motivo('/api/teste/fuzz/pilha')).toMatch(/rastro de pilha/);
    expect(await motivo('/api/teste/fuzz/cru')).toMatch(/resposta sem JSON/);
    expect(await motivo('/api/teste/fuzz/meia-escrita')).toMatch(/escrita parcial/);
  });
});
