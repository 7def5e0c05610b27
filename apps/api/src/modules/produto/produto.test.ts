import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fisicoDigitalContentSchema, type FisicoDigital } from '@clinica/shared/schemas/produto';
import { body, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';

describe.each(testDatabaseTargets())('GET /api/produto/fisicodigital (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
  });
  afterAll(() => t?.dispose());

  const fetchMenus = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/produto/fisicodigital' });
    expect(res.statusCode).toBe(200);
    return fisicoDigitalContentSchema.parse(body<FisicoDigital>(res).content);
  };

  it('lista os produtos ativos que não são brinde, separados em digitais e físicos', async () => {
    const menus = await fetchMenus();
    const rows = await t.database.raw<{ id: number; digital: boolean }>(
      'SELECT id, digital FROM produtos WHERE ativo AND NOT brinde',
    );
    const digital = rows
      .filter((r) => r.digital)
      .map((r) => Number(r.id))
      .sort((a, b) => a - b);
    const fisico = rows
      .filter((r) => !r.digital)
      .map((r) => Number(r.id))
      .sort((a, b) => a - b);
    expect(digital.length).toBeGreaterThan(0);
    expect(fisico.length).toBeGreaterThan(0);
    expect(menus.listProdutoDigital.map((p) => p.id).sort((a, b) => a - b)).toEqual(digital);
    expect(menus.listProdutoFisico.map((p) => p.id).sort((a, b) => a - b)).toEqual(fisico);
    expect(menus.listProdutoDigital.every((p) => p.digital)).toBe(true);
    expect(menus.listProdutoFisico.every((p) => !p.digital)).toBe(true);
  });

  it('ordena por nome em ordem de dicionário (acentos e maiúsculas não jogam para o fim)', async () => {
    const [cat] = await t.database.raw<{ id: number }>('SELECT id FROM categorias WHERE NOT digital LIMIT 1');
    await t.database.raw(
      `INSERT INTO produtos (nome, preco, digital, categoria_id, ativo, brinde) VALUES
        ('Ábaco de teste', 10, false, $1, true, false),
        ('abridor de teste', 10, false, $1, true, false),
        ('Zz inativo de teste', 10, false, $1, false, false),
        ('Zz brinde de teste', 0, false, $1, true, true)`,
      [cat?.id],
    );
    const menus = await fetchMenus();
    const names = menus.listProdutoFisico.map((p) => p.nome);
    const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
    expect(names).toEqual([...names].sort(collator.compare));
    expect(names.indexOf('Ábaco de teste')).toBeLessThan(names.indexOf('abridor de teste'));
    expect(names.indexOf('abridor de teste')).toBe(names.indexOf('Ábaco de teste') + 1);
    expect(names).not.toContain('Zz inativo de teste');
    expect(names).not.toContain('Zz brinde de teste');
  });
});
