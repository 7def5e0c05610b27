import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeEncode } from 'zod/v4/core';
import { defineEndpoint } from '@clinica/shared/endpoint';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { envelopeSchema } from '@clinica/shared/schemas/common';
import { ok } from '../lib/envelope.js';
import { createLogger } from '../lib/logger.js';
import { route } from '../lib/route.js';
import { body, createTestApp, memoryLog, testDatabaseTargets, type TestApp } from '../test/harness.js';
import { ContractViolation, compileEncoder } from './response-serializer.js';

/** A codec like the shared money schema: integer cents in code, reais with two decimals on the wire. */
const centavos = z.codec(z.number().min(0), z.int().min(0), {
  decode: (reais) => Math.round(reais * 100),
  encode: (cents) => cents / 100,
});

const itemSchema = z.object({
  id: z.int(),
  nome: z.string(),
  preco: centavos,
  digital: z.boolean(),
  foto: z.string().nullable(),
  nota: z.number().optional(),
  tipo: z.enum(['FISICO', 'DIGITAL']),
  origem: z.literal('loja'),
  criadoEm: z.date(),
  extras: z.record(z.string(), z.number()),
  rotulo: z.union([z.string(), z.number()]),
  resumo: z.string().default('—'),
});

const pageSchema = envelopeSchema(
  z.object({ itens: z.array(itemSchema), total: centavos, proxima: z.object({ pagina: z.int() }).nullable() }),
);

const item = (over: Record<string, unknown> = {}) => ({
  id: 7,
  nome: 'Escova "macia" \u2028 com acento: ção',
  preco: 1290,
  digital: false,
  foto: null,
  tipo: 'FISICO',
  origem: 'loja',
  criadoEm: new Date('2026-01-02T03:04:05.000Z'),
  extras: { a: 1 },
  rotulo: 3,
  resumo: 'curto',
  ...over,
});

const zodJson = (schema: z.ZodType, value: unknown) => {
  const r = safeEncode(schema, value);
  if (!r.success) throw r.error;
  return JSON.stringify(r.data);
};

describe('codificador de respostas compilado (ADR 008)', () => {
  const encode = compileEncoder(pageSchema);

  it('produz exatamente o JSON do encode do zod: codecs, opcionais, nulos, enum, literal, data, record, união', () => {
    const values = [
      { statusCode: 200, message: 'ok', content: { itens: [item()], total: 1290, proxima: null } },
      {
        statusCode: 200,
        message: 'ok',
        content: {
          itens: [item({ nota: 4.5, foto: '/x.webp', rotulo: 'novo', tipo: 'DIGITAL' }), item({ id: 8, preco: 0 })],
          total: 99999,
          proxima: { pagina: 2 },
        },
      },
      { statusCode: 200, message: 'ok', content: { itens: [], total: 0, proxima: null } },
    ];
    for (const value of values) expect(JSON.stringify(encode(value))).toBe(zodJson(pageSchema, value));
    expect(JSON.parse(JSON.stringify(encode(values[0])))).toMatchObject({
      content: { itens: [{ preco: 12.9 }], total: 12.9 },
    });
  });

  it('só as chaves do contrato saem: colunas a mais (senhaHash) nunca vazam', () => {
    const value = {
      statusCode: 200,
      message: 'ok',
      interno: true,
      content: { itens: [item({ senhaHash: 'argon2id$segredo' })], total: 1, proxima: { pagina: 1, cursor: 'x' } },
    };
    const json = JSON.stringify(encode(value));
    expect(json).toBe(zodJson(pageSchema, value));
    expect(json).not.toContain('senhaHash');
    expect(json).not.toContain('interno');
    expect(json).not.toContain('cursor');
  });

  it.each([
    ['campo obrigatório ausente', { nome: undefined }, 'content.itens.0.nome', 'texto'],
    ['texto no lugar de número', { id: '7' }, 'content.itens.0.id', 'inteiro'],
    ['número quebrado num inteiro', { id: 7.5 }, 'content.itens.0.id', 'inteiro'],
    ['NaN', { nota: Number.NaN }, 'content.itens.0.nota', 'número'],
    ['centavos quebrados no dinheiro', { preco: 12.9 }, 'content.itens.0.preco', 'inteiro'],
    ['dinheiro como texto (o numeric do driver)', { preco: '12.90' }, 'content.itens.0.preco', 'inteiro'],
    ['null onde não pode', { digital: null }, 'content.itens.0.digital', 'booleano'],
    ['valor fora do enum', { tipo: 'OUTRO' }, 'content.itens.0.tipo', 'FISICO'],
    ['data inválida', { criadoEm: new Date('x') }, 'content.itens.0.criadoEm', 'data'],
  ])('recusa %s, dizendo onde', (_caso, over, path, expected) => {
    const value = { statusCode: 200, message: 'ok', content: { itens: [item(over)], total: 1, proxima: null } };
    expect(safeEncode(pageSchema, value as never).success).toBe(false);
    let caught: unknown;
    try {
      encode(value);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ContractViolation);
    const violation = caught as ContractViolation;
    expect(violation.path.join('.')).toBe(path);
    expect(violation.message).toContain(expected);
    // The value itself never goes into the error (it may be personal data).
    expect(violation.message).not.toContain('12.90');
  });

  it('o que o codificador não muda não é copiado: objetos e listas sem codec saem como estão', () => {
    const schema = z.object({
      itens: z.array(z.object({ id: z.int(), nome: z.string(), foto: z.string().nullable() })),
      preco: centavos,
      extra: z.object({ a: z.string() }).optional(),
    });
    const itens = [
      { id: 1, nome: 'a', foto: null },
      { id: 2, nome: 'b', foto: '/x.webp' },
    ];
    const value = { itens, preco: 1290 };
    const out = compileEncoder(schema)(value) as { itens: unknown; preco: number };
    expect(out).not.toBe(value); // the money codec changes `preco`
    expect(out.itens).toBe(itens);
    expect(out.preco).toBe(12.9);
    expect(JSON.stringify(out)).toBe(zodJson(schema, value));
    const semCodec = z.object({ itens: schema.shape.itens });
    const plain = { itens };
    expect(compileEncoder(semCodec)(plain)).toBe(plain);
    // Keys in another order are copied in the schema's order (the JSON is the same as zod's).
    const foraDeOrdem = { itens: [{ nome: 'a', id: 1, foto: null }] };
    expect(JSON.stringify(compileEncoder(semCodec)(foraDeOrdem))).toBe(zodJson(semCodec, foraDeOrdem));
    // A key outside the schema, or an object with a prototype of its own, is copied (nothing leaks).
    const comExtra = { itens: [{ id: 1, nome: 'a', foto: null, senhaHash: 'x' }] };
    const saida = compileEncoder(semCodec)(comExtra) as { itens: Array<Record<string, unknown>> };
    expect(saida.itens[0]).not.toHaveProperty('senhaHash');
    class Linha {
      id = 1;
      nome = 'a';
      foto = null;
      toJSON() {
        return { vazou: true };
      }
    }
    const deClasse = { itens: [new Linha()] };
    expect(JSON.stringify(compileEncoder(semCodec)(deClasse))).toBe('{"itens":[{"id":1,"nome":"a","foto":null}]}');
  });

  it('um esquema recursivo compila uma vez e codifica em profundidade', () => {
    interface No {
      nome: string;
      filhos: No[];
    }
    const no: z.ZodType<No> = z.object({
      nome: z.string(),
      get filhos() {
        return z.array(no);
      },
    });
    const value = { nome: 'a', filhos: [{ nome: 'b', filhos: [{ nome: 'c', filhos: [], x: 1 }] }] };
    expect(JSON.stringify(compileEncoder(no)(value))).toBe(zodJson(no, value));
  });
});

const quebraContrato = defineEndpoint({
  method: 'GET',
  path: '/teste/contrato/:caso',
  summary: 'teste',
  params: z.object({ caso: z.string() }),
  response: z.object({ id: z.int(), preco: centavos, nome: z.string() }),
});

/** Every mode of the serializer: verify (development, tests) and compiled only (production). */
describe.each(testDatabaseTargets())('serialização das respostas pelo contrato (%s)', (kind) => {
  const apps: Record<'teste' | 'producao', TestApp> = {} as never;
  const logs = { teste: memoryLog(), producao: memoryLog() };

  beforeAll(async () => {
    for (const modo of ['teste', 'producao'] as const) {
      apps[modo] = await createTestApp({
        kind,
        ...(modo === 'teste' ? {} : { database: apps.teste.database }),
        config: { NODE_ENV: modo === 'teste' ? 'test' : 'production' },
        logger: createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'test' }, logs[modo].stream),
        extraRoutes: (api) => {
          route(api, quebraContrato, { access: 'public' }, async (request) => {
            const rows: Record<string, unknown> = {
              certo: { id: 1, preco: 1290, nome: 'Escova', senhaHash: 'argon2id$segredo' },
              'sem-campo': { id: 1, preco: 1290 },
              'tipo-errado': { id: 'um', preco: 1290, nome: 'Escova' },
              'dinheiro-em-texto': { id: 1, preco: '12.90', nome: 'Escova' },
            };
            return ok(rows[request.params.caso] as never);
          });
        },
      });
    }
  });
  afterAll(async () => {
    await apps.producao?.dispose();
    await apps.teste?.dispose();
  });

  it.each(['teste', 'producao'] as const)(
    '%s: a resposta segue o contrato, com o codec aplicado e sem campos a mais',
    async (modo) => {
      const res = await apps[modo].app.inject({ method: 'GET', url: '/api/teste/contrato/certo' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(
        JSON.stringify({ statusCode: 200, message: MSG_API.sucesso, content: { id: 1, preco: 12.9, nome: 'Escova' } }),
      );
    },
  );

  it.each(['teste', 'producao'] as const)(
    '%s: um handler que quebra o contrato recebe 500 genérico, e o log diz onde',
    async (modo) => {
      for (const caso of ['sem-campo', 'tipo-errado', 'dinheiro-em-texto']) {
        const res = await apps[modo].app.inject({ method: 'GET', url: `/api/teste/contrato/${caso}` });
        expect(res.statusCode, caso).toBe(500);
        const b = body<{ requestId: string }>(res);
        expect(b.message).toBe(MSG.erroInterno);
        expect(res.body).not.toContain('Escova');
        const logged = logs[modo].lines.find((l) => l.reqId === b.content.requestId && l.level === 50);
        expect(logged, caso).toBeDefined();
        expect(JSON.stringify(logged)).toContain('FST_ERR_RESPONSE_SERIALIZATION');
      }
    },
  );
});
