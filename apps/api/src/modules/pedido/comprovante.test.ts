/**
 * The terms of purchase at the order's creation and the order's confirmation PDF (ADR 035): the version accepted is
 * stored with the order, a missing one is 422 and another one 409 (nothing written); the PDF is the customer's alone
 * and shows the clinic, the order's number, lines and total, the terms' version and the right of withdrawal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBRL, toCents, type Cents } from '@clinica/shared/money';
import { MSG_TERMOS } from '@clinica/shared/messages-termos';
import { formatCnpj } from '@clinica/shared/documents';
import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { VERSAO_TERMOS } from '@clinica/shared/termos';
import { DEMO_ACCOUNTS, DEMO_PRODUTOS_FISICOS } from '../../db/seed/demo-data.js';
import { corpoDoPedido, cotarFrete, semDescontoPixNemFreteGratis } from '../../test/checkout-fixtures.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { textoDoPdf } from '../../test/pdf-texto.js';

const ESPELHO = DEMO_PRODUTOS_FISICOS.find((p) => p.slug === 'espelho-bucal')!;

let seq = 0;
const novaChave = () => `termos-${process.pid}-${Date.now()}-${++seq}`;
/** The PDF's text with the non-breaking spaces of the money format made plain. */
const plano = (s: string) => s.replace(/\u00a0/g, ' ');

describe.each(testDatabaseTargets())('termos de compra e comprovante do pedido (%s)', (kind) => {
  let t: TestApp;
  let espelho: { id: number; preco: Cents };
  const conta = {} as Record<'maria' | 'empresa' | 'equipe', { token: string; idCliente: number | null }>;

  const raw = <T>(sql: string, params: unknown[] = []) => t.database.raw<T>(sql, params);
  const criar = (token: string, payload: object, chave = novaChave()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pedido/create',
      headers: { ...bearer(token), 'idempotency-key': chave },
      payload: payload as Record<string, unknown>,
    });
  const baixar = (id: number, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/pedido/${id}/comprovante.pdf`, headers: bearer(token) });

  async function corpo(versao: string | null | undefined) {
    const opcao = await cotarFrete(t.app, [{ id: espelho.id, quantidade: 1 }]);
    const c: Record<string, unknown> = corpoDoPedido({
      clienteId: conta.maria.idCliente!,
      itens: [espelho],
      opcao,
      pagamento: { tipoPagamento: 'pix' },
    });
    if (versao === undefined) delete c.versaoTermos;
    else c.versaoTermos = versao;
    return c;
  }
  const quantos = async () => Number((await raw<{ n: string }>('SELECT count(*) AS n FROM pedidos'))[0]!.n);

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    await semDescontoPixNemFreteGratis(t.database);
    const [p] = await raw<{ id: number; preco: string }>(
      'SELECT id, preco::text AS preco FROM produtos WHERE nome = $1',
      [ESPELHO.nome],
    );
    espelho = { id: Number(p!.id), preco: toCents(p!.preco) };
    for (const [k, email] of [
      ['maria', DEMO_ACCOUNTS.cliente.email],
      ['empresa', DEMO_ACCOUNTS.empresa.email],
      ['equipe', DEMO_ACCOUNTS.equipe.email],
    ] as const) {
      const [u] = await raw<{ id: number; permissao: string; cliente_id: number | null }>(
        `SELECT u.id, p.nome AS permissao, c.id AS cliente_id FROM usuarios u JOIN permissoes p ON p.id = u.permissao_id
         LEFT JOIN clientes c ON c.usuario_id = u.id WHERE u.email = $1`,
        [email],
      );
      const idCliente = u!.cliente_id === null ? null : Number(u!.cliente_id);
      conta[k] = {
        idCliente,
        token: await t.issueToken({
          id: Number(u!.id),
          permissao: u!.permissao as 'CLIENTE' | 'USUARIO' | 'ADMIN',
          idCliente,
        }),
      };
    }
  });
  afterAll(() => t?.dispose());

  it('stores the version of the terms accepted and answers it with the order', async () => {
    const res = await criar(conta.maria.token, await corpo(VERSAO_TERMOS));
    expect(res.statusCode, res.body).toBe(201);
    const pedido = contentOf(pedidoApi.create, res)!;
    expect(pedido.versaoTermos).toBe(VERSAO_TERMOS);
    const [row] = await raw<{ versao_termos: string }>('SELECT versao_termos FROM pedidos WHERE id = $1', [pedido.id]);
    expect(row!.versao_termos).toBe(VERSAO_TERMOS);
    const lido = await t.app.inject({
      method: 'GET',
      url: `/api/pedido/${pedido.id}`,
      headers: bearer(conta.maria.token),
    });
    expect(contentOf(pedidoApi.detalhe, lido)!.versaoTermos).toBe(VERSAO_TERMOS);
  });

  it('refuses an order without the version (422) or with another one (409), writing nothing', async () => {
    const antes = await quantos();
    for (const versao of [undefined, null, '']) {
      const res = await criar(conta.maria.token, await corpo(versao));
      expect(res.statusCode, res.body).toBe(422);
      expect(body(res).message).toBe(MSG_TERMOS.versaoAusente);
    }
    for (const versao of ['2020-01-01', '2099-12-31', 'qualquer']) {
      const res = await criar(conta.maria.token, await corpo(versao));
      expect(res.statusCode, res.body).toBe(409);
      expect(body(res).message).toBe(MSG_TERMOS.versaoDesatualizada);
    }
    expect(await quantos()).toBe(antes);
  });

  it('the confirmation PDF is a real PDF with the clinic, the order’s number, lines, total, terms and withdrawal', async () => {
    const res = await criar(conta.maria.token, await corpo(VERSAO_TERMOS));
    const pedido = contentOf(pedidoApi.create, res)!;
    const pdf = await baixar(pedido.id, conta.maria.token);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const texto = plano(textoDoPdf(pdf.rawPayload));
    const [empresa] = await raw<{ nome: string; cnpj: string }>('SELECT nome, cnpj FROM empresa');
    expect(texto).toContain(empresa!.nome);
    expect(texto).toContain(`CNPJ ${formatCnpj(empresa!.cnpj)}`);
    expect(texto).toContain(`Comprovante de pedido nº ${pedido.id}`);
    expect(texto).toContain(ESPELHO.nome);
    expect(texto).toContain(`Total: ${plano(formatBRL(pedido.valorTotal))}`);
    expect(texto).toContain(`Frete: ${plano(formatBRL(pedido.valorFrete))}`);
    expect(texto).toContain('Avenida Paulista');
    expect(texto).toContain('Forma: PIX');
    expect(texto).toContain('Maria Cliente Silva');
    expect(texto).toContain(`(versão ${VERSAO_TERMOS})`);
    expect(texto).toContain('Direito de arrependimento');
    expect(texto).toContain('Desistir da compra');
    // Only WinAnsi characters: a minus sign outside it would print as a stray glyph.
    expect(texto).not.toMatch(/[\u2212\u201c"]/);
  });

  it('the PDF is the order’s customer’s alone: 403 another customer and staff, 404 unknown, 401 signed out', async () => {
    const pedido = contentOf(pedidoApi.create, await criar(conta.maria.token, await corpo(VERSAO_TERMOS)))!;
    expect((await baixar(pedido.id, conta.empresa.token)).statusCode).toBe(403);
    expect((await baixar(pedido.id, conta.equipe.token)).statusCode).toBe(403);
    expect((await baixar(999_999, conta.maria.token)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/pedido/${pedido.id}/comprovante.pdf` })).statusCode).toBe(
      401,
    );
    expect((await baixar(0, conta.maria.token)).statusCode).toBe(400);
  });

  it('the discounts print with a plain minus sign (the PDF fonts are WinAnsi)', async () => {
    const pedido = contentOf(pedidoApi.create, await criar(conta.maria.token, await corpo(VERSAO_TERMOS)))!;
    await raw(`UPDATE pedidos SET desconto_pix = 1.00, cupom_codigo = 'TESTE', desconto_cupom = 0.50 WHERE id = $1`, [
      pedido.id,
    ]);
    const texto = plano(textoDoPdf((await baixar(pedido.id, conta.maria.token)).rawPayload));
    expect(texto).toContain('Cupom TESTE: - R$ 0,50');
    expect(texto).toContain('Desconto PIX: - R$ 1,00');
    expect(texto).not.toMatch(/[\u2212"]/);
  });

  it('an order from before the terms had versions still gets its PDF, saying so', async () => {
    const pedido = contentOf(pedidoApi.create, await criar(conta.maria.token, await corpo(VERSAO_TERMOS)))!;
    await raw('UPDATE pedidos SET versao_termos = NULL WHERE id = $1', [pedido.id]);
    const pdf = await baixar(pedido.id, conta.maria.token);
    expect(pdf.statusCode).toBe(200);
    expect(plano(textoDoPdf(pdf.rawPayload))).toContain('antes da publicação');
  });
});
