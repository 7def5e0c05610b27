import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { descontoApi } from '@clinica/shared/schemas/desconto';
import { DEMO_DESCONTO } from '../../db/seed/demo-data.js';
import { body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';

describe.each(testDatabaseTargets())('GET /api/condicaodesconto/ativa (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
  });
  afterAll(() => t?.dispose());

  const ativa = () => t.app.inject({ method: 'GET', url: '/api/condicaodesconto/ativa' });

  it('traz a condição ativa da demonstração: valor em centavos no contrato, reais com duas casas no JSON', async () => {
    const res = await ativa();
    expect(res.json().content).toMatchObject({ descricao: DEMO_DESCONTO.descricao, valor: 300, ativo: true });
    expect(contentOf(descontoApi.ativa, res)).toMatchObject({
      descricao: DEMO_DESCONTO.descricao,
      valor: DEMO_DESCONTO.valor,
      ativo: true,
    });
  });

  it('a única ativa; uma inativa mais nova nunca; o banco recusa uma segunda ativa', async () => {
    await t.database.raw(
      `INSERT INTO condicoes_desconto (descricao, valor, ativo, updated_at) VALUES
        ('Inativa mais nova', 99.99, false, now() + interval '2 minutes')`,
    );
    try {
      const antes = contentOf(descontoApi.ativa, await ativa());
      expect(antes.descricao).not.toBe('Inativa mais nova');
      await expect(
        t.database.raw(`INSERT INTO condicoes_desconto (descricao, valor, ativo) VALUES ('Segunda ativa', 10, true)`),
      ).rejects.toThrow(/condicoes_desconto_ativo_uq/);
      expect(contentOf(descontoApi.ativa, await ativa())).toEqual(antes);
    } finally {
      await t.database.raw("DELETE FROM condicoes_desconto WHERE descricao IN ('Segunda ativa', 'Inativa mais nova')");
    }
  });

  it('404 "Não há condição de desconto ativa." quando nenhuma está ativa', async () => {
    await t.database.raw('UPDATE condicoes_desconto SET ativo = false');
    try {
      const res = await ativa();
      expect(res.statusCode).toBe(404);
      expect(body(res)).toEqual({ statusCode: 404, message: MSG.condicaoNaoEncontrada, content: null });
    } finally {
      await t.database.raw('UPDATE condicoes_desconto SET ativo = true');
    }
  });
});
