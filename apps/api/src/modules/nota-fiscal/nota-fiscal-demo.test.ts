import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chaveAcessoValida } from '@clinica/shared/nfe';
import { notaFiscalApi } from '@clinica/shared/schemas/nota-fiscal';
import { DEMO_COMPRADOR_SENHA } from '../../db/seed/demo-data.js';
import { bearer, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';

describe.each(testDatabaseTargets())('notas fiscais da demonstração (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
  });
  afterAll(() => t?.dispose());

  // A sale withdrawn after delivery (ADR 036) keeps the invoice of its sale.
  it('every paid, shipped or delivered demo sale of goods has its issued invoice; its buyer opens it and its DANFE', async () => {
    const vendas = await t.database.raw<{ id: number; email: string; status: string | null; chave: string | null }>(
      `SELECT o.id, u.email, n.status, n.chave_acesso AS chave
         FROM pedidos o
         JOIN clientes c ON c.id = o.cliente_id JOIN usuarios u ON u.id = c.usuario_id
         LEFT JOIN notas_fiscais n ON n.pedido_id = o.id
        WHERE o.situacao IN ('PAGO', 'ENVIADO', 'ENTREGUE', 'DEVOLUCAO_SOLICITADA')
          AND EXISTS (SELECT 1 FROM pedido_itens i WHERE i.pedido_id = o.id AND NOT i.digital AND NOT i.brinde)
        ORDER BY o.id`,
    );
    expect(vendas.length).toBeGreaterThan(10);
    for (const v of vendas) {
      expect(v.status, `pedido ${v.id}`).toBe('emitida');
      expect(chaveAcessoValida(v.chave!)).toBe(true);
    }
    const semVenda = await t.database.raw<{ n: number }>(
      `SELECT count(*)::int AS n FROM notas_fiscais n JOIN pedidos o ON o.id = n.pedido_id
        WHERE o.situacao NOT IN ('PAGO', 'ENVIADO', 'ENTREGUE', 'DEVOLUCAO_SOLICITADA')`,
    );
    expect(Number(semVenda[0]!.n)).toBe(0);

    const venda = vendas[0]!;
    const token = await t.login(venda.email, DEMO_COMPRADOR_SENHA);
    const nota = contentOf(
      notaFiscalApi.daPedido,
      await t.app.inject({ method: 'GET', url: `/api/pedido/${venda.id}/nota-fiscal`, headers: bearer(token) }),
    )!;
    expect(nota).toMatchObject({ status: 'emitida', provedor: 'sandbox', serie: 1, chaveAcesso: venda.chave });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/pedido/${venda.id}/nota-fiscal/danfe.pdf`,
      headers: bearer(token),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const xml = await t.app.inject({
      method: 'GET',
      url: `/api/pedido/${venda.id}/nota-fiscal/nfe.xml`,
      headers: bearer(token),
    });
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain(venda.chave!);
  });
});
