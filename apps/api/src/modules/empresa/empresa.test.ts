import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { empresaContentSchema, type Empresa } from '@clinica/shared/schemas/empresa';
import { body, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';

describe.each(testDatabaseTargets())('GET /api/empresa/ (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
  });
  afterAll(() => t?.dispose());

  it('é público e traz os campos que o rodapé lê, com município e UF', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/empresa/' });
    expect(res.statusCode).toBe(200);
    const b = body<Empresa>(res);
    expect(b.statusCode).toBe(200);
    const empresa = empresaContentSchema.parse(b.content);
    expect(empresa.cnpj).toMatch(/^[0-9A-Z]{12}[0-9]{2}$/);
    expect(empresa.endereco).not.toBeNull();
    expect(empresa.endereco?.municipio.nome).toBeTruthy();
    expect(empresa.endereco?.uf.sigla).toMatch(/^[A-Z]{2}$/);
    const [row] = await t.database.raw<{ nome: string; uf_id: number }>('SELECT nome, uf_id FROM empresa');
    expect(empresa.nome).toBe(row?.nome);
    expect(empresa.endereco?.uf.id).toBe(Number(row?.uf_id));
  });

  it('também responde sem a barra final', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/empresa' });
    expect(res.statusCode).toBe(200);
  });

  it('sem empresa cadastrada: 404 com a mensagem da SPEC', async () => {
    await t.database.raw('DELETE FROM empresa');
    const res = await t.app.inject({ method: 'GET', url: '/api/empresa/' });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ statusCode: 404, message: MSG.empresaNaoEncontrada, content: null });
  });
});
