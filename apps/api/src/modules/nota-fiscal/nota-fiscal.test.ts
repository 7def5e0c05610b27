import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG_NFE } from '@clinica/shared/messages-nfe';
import { chaveAcessoValida } from '@clinica/shared/nfe';
import { notaFiscalApi } from '@clinica/shared/schemas/nota-fiscal';
import { DEMO_ACCOUNTS, DEMO_CURSOS, DEMO_PRODUTOS_FISICOS } from '../../db/seed/demo-data.js';
import { NotaIndisponivelError, type InvoiceProvider } from '../../integrations/invoices/invoice-provider.js';
import type { TokenSubject } from '../../lib/jwt.js';
import { semDescontoPixNemFreteGratis } from '../../test/checkout-fixtures.js';
import { bearer, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { textoDoPdf } from '../../test/pdf-texto.js';
import { pedidoEnderecosEntrega, pedidoHistorico, pedidoItens, pedidos } from '../pedido/pedido.table.js';

const ESPELHO = DEMO_PRODUTOS_FISICOS.find((p) => p.slug === 'espelho-bucal')!;
const CURSO = DEMO_CURSOS.find((c) => c.slug === 'biosseguranca-consultorio')!;

/** What the XML says between <tag> and </tag> (first occurrence). */
const campo = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1];

describe.each(testDatabaseTargets())('nota fiscal (%s)', (kind) => {
  let t: TestApp;
  const who = {} as Record<'maria' | 'empresa' | 'equipe', TokenSubject>;
  const tokens = {} as Record<keyof typeof who, string>;
  let espelhoId = 0;
  let cursoId = 0;
  /** How the provider behaves in the next calls (tests switch it). */
  let modo: 'normal' | 'recusa' | 'fora' = 'normal';

  const falhar = (p: InvoiceProvider): InvoiceProvider => ({
    ...p,
    kind: p.kind,
    async emitir(pedido) {
      if (modo === 'fora') throw new NotaIndisponivelError('NFE.io respondeu HTTP 503 (emitir)');
      if (modo === 'recusa') {
        return {
          status: 'rejeitada',
          providerId: null,
          numero: null,
          serie: null,
          chaveAcesso: null,
          motivo: 'Rejeição 778: NCM inexistente',
          emitidaEm: null,
        };
      }
      return p.emitir(pedido);
    },
  });

  const one = async <T>(sql: string, params: unknown[] = []) => (await t.database.raw<T>(sql, params))[0]!;
  const ids = async (email: string) => {
    const row = await one<{ id: number; cliente: number | null }>(
      'SELECT u.id, c.id AS cliente FROM usuarios u LEFT JOIN clientes c ON c.usuario_id = u.id WHERE u.email = $1',
      [email],
    );
    return { id: Number(row.id), idCliente: row.cliente === null ? null : Number(row.cliente) };
  };

  /** An order of `clienteId`, written directly: 2 mirrors with a R$ 5,00 coupon, freight to RJ (paid by PIX). */
  async function pedidoDireto(clienteId: number, itens: Array<'espelho' | 'curso'> = ['espelho']) {
    const linhas = itens.map((i) =>
      i === 'espelho'
        ? {
            produtoId: espelhoId,
            produtoNome: ESPELHO.nome,
            quantidade: 2,
            valorUnitario: 2490,
            valorTotal: 4980,
            digital: false,
          }
        : {
            produtoId: cursoId,
            produtoNome: CURSO.nome,
            quantidade: 1,
            valorUnitario: 10000,
            valorTotal: 10000,
            digital: true,
          },
    );
    const produtos = linhas.reduce((s, l) => s + l.valorTotal, 0);
    const fisico = itens.includes('espelho');
    const frete = fisico ? 1500 : 0;
    const [p] = await t.database.db
      .insert(pedidos)
      .values({
        clienteId,
        situacao: 'PENDENTE',
        valorProdutos: produtos,
        valorFrete: frete,
        descontoCupom: 500,
        valorTotal: produtos - 500 + frete,
        dadosNome: 'Maria Cliente',
        dadosDocumento: '52998224725',
      })
      .returning({ id: pedidos.id });
    await t.database.db.insert(pedidoItens).values(linhas.map((l) => ({ ...l, pedidoId: p!.id })));
    if (fisico) {
      await t.database.db.insert(pedidoEnderecosEntrega).values({
        pedidoId: p!.id,
        cep: '20040002',
        logradouro: 'Avenida Rio Branco',
        numero: '156',
        bairro: 'Centro',
        municipioId: 3304557,
        ufId: 33,
      });
    }
    await t.database.db.insert(pedidoHistorico).values({ pedidoId: p!.id, para: 'PENDENTE', quem: 'SISTEMA' });
    return p!.id;
  }

  /** Pays the order by PIX through the sandbox bank, then runs the jobs (payment, then invoice). */
  async function pagar(id: number, token = tokens.maria) {
    const pedido = await one<{ valor_total: string }>('SELECT valor_total FROM pedidos WHERE id = $1', [id]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pagamento/processar',
      headers: { ...bearer(token), 'idempotency-key': `nfe-${id}-${Date.now()}` },
      payload: { idPedido: id, tipoPagamento: 'pix', valor: Number(pedido.valor_total) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const codigo = res.json().content.pixPaymentResponse.qrCode as string;
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/sandbox/pix/pagar', payload: { codigo } })).statusCode,
    ).toBe(200);
    await rodarTarefas();
  }
  async function rodarTarefas() {
    for (let i = 0; i < 6; i++) await t.app.jobWorker.runOnce();
  }

  const nota = (id: number, token = tokens.maria) =>
    t.app.inject({ method: 'GET', url: `/api/pedido/${id}/nota-fiscal`, headers: bearer(token) });
  const baixar = (id: number, tipo: 'danfe.pdf' | 'nfe.xml', token = tokens.maria) =>
    t.app.inject({ method: 'GET', url: `/api/pedido/${id}/nota-fiscal/${tipo}`, headers: bearer(token) });
  const enviar = (id: number, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/pedido/enviar/${id}`,
      headers: bearer(tokens.equipe),
      payload: { codigoRastreio: 'AA473124829BR', ...extra },
    });

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true, invoiceProvider: falhar });
    await semDescontoPixNemFreteGratis(t.database);
    who.maria = { ...(await ids(DEMO_ACCOUNTS.cliente.email)), permissao: 'CLIENTE' };
    who.empresa = { ...(await ids(DEMO_ACCOUNTS.empresa.email)), permissao: 'CLIENTE' };
    who.equipe = { ...(await ids(DEMO_ACCOUNTS.equipe.email)), permissao: 'USUARIO' };
    for (const k of Object.keys(who) as Array<keyof typeof who>) tokens[k] = await t.issueToken(who[k]);
    espelhoId = Number((await one<{ id: number }>('SELECT id FROM produtos WHERE nome = $1', [ESPELHO.nome])).id);
    cursoId = Number((await one<{ id: number }>('SELECT id FROM produtos WHERE nome = $1', [CURSO.nome])).id);
  });
  afterAll(() => t?.dispose());
  beforeEach(async () => {
    modo = 'normal';
    await t.database.raw('DELETE FROM pedidos');
    await t.database.raw('DELETE FROM tarefas');
  });

  it('a paid physical order gets its invoice from the sandbox: DANFE and XML with the same key, totals as paid', async () => {
    const id = await pedidoDireto(who.maria.idCliente!);
    await pagar(id);
    const n = contentOf(notaFiscalApi.daPedido, await nota(id))!;
    expect(n).toMatchObject({ status: 'emitida', provedor: 'sandbox', serie: 1, motivoFalha: null });
    expect(chaveAcessoValida(n.chaveAcesso!)).toBe(true);
    const empresa = await one<{ cnpj: string }>('SELECT cnpj FROM empresa');
    expect(n.chaveAcesso!.slice(0, 2)).toBe('35');
    expect(n.chaveAcesso!.slice(6, 20)).toBe(empresa.cnpj);
    expect(n.chaveAcesso!.slice(20, 22)).toBe('55');
    expect(Number(n.chaveAcesso!.slice(25, 34))).toBe(n.numero);

    const pdf = await baixar(id, 'danfe.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const texto = textoDoPdf(pdf.rawPayload);
    expect(texto).toContain(MSG_NFE.semValorFiscal);
    expect(texto.replace(/\s/g, '')).toContain(n.chaveAcesso);
    expect(texto).toContain('9018.49.99');

    const xml = await baixar(id, 'nfe.xml');
    expect(xml.statusCode).toBe(200);
    const corpo = xml.body;
    expect(corpo.startsWith('<?xml')).toBe(true);
    // Well-formed: every opened element is closed in order.
    const pilha: string[] = [];
    for (const m of corpo.replace(/<\?xml[^>]*\?>/, '').matchAll(/<(\/?)([A-Za-z][\w]*)[^>]*?(\/?)>/g)) {
      if (m[3]) continue;
      if (m[1]) expect(pilha.pop()).toBe(m[2]);
      else pilha.push(m[2]!);
    }
    expect(pilha).toEqual([]);
    expect(campo(corpo, 'chNFe')).toBe(n.chaveAcesso);
    expect(corpo).toContain(`Id="NFe${n.chaveAcesso}"`);
    expect(campo(corpo, 'NCM')).toBe('90184999');
    // Delivered to RJ from SP: 6102.
    expect(campo(corpo, 'CFOP')).toBe('6102');
    // What the customer paid: 49,80 − 5,00 + 15,00.
    const pago = await one<{ valor_total: string }>('SELECT valor_total FROM pedidos WHERE id = $1', [id]);
    expect(campo(corpo, 'vNF')).toBe(Number(pago.valor_total).toFixed(2));
    expect(campo(corpo, 'vNF')).toBe('59.80');
    expect(campo(corpo, 'vFrete')).toBe('15.00');
  });

  it('downloads are the owner’s and staff’s: 403 another customer, 404 an unknown order', async () => {
    const id = await pedidoDireto(who.maria.idCliente!);
    await pagar(id);
    expect((await baixar(id, 'danfe.pdf', tokens.empresa)).statusCode).toBe(403);
    expect((await baixar(id, 'nfe.xml', tokens.empresa)).statusCode).toBe(403);
    expect((await nota(id, tokens.empresa)).statusCode).toBe(403);
    expect((await baixar(id, 'danfe.pdf', tokens.equipe)).statusCode).toBe(200);
    expect((await baixar(999_999, 'danfe.pdf')).statusCode).toBe(404);
    expect((await nota(999_999)).statusCode).toBe(404);
  });

  it('a course-only order gets no invoice (an NFS-e, left out)', async () => {
    const id = await pedidoDireto(who.maria.idCliente!, ['curso']);
    await pagar(id);
    expect(contentOf(notaFiscalApi.daPedido, await nota(id))).toBeNull();
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM notas_fiscais')).n).toBe(0);
  });

  it('a mixed order invoices only the goods, with their share of the discounts', async () => {
    const id = await pedidoDireto(who.maria.idCliente!, ['espelho', 'curso']);
    await pagar(id);
    const xml = (await baixar(id, 'nfe.xml')).body;
    expect(xml.match(/<det /g)).toHaveLength(1);
    // 5,00 of discount over 49,80 + 100,00: the mirrors' share is 1,66.
    expect(campo(xml, 'vDesc')).toBe('1.66');
    expect(campo(xml, 'vNF')).toBe('63.14');
  });

  it('a duplicate approval notice gives one invoice', async () => {
    const id = await pedidoDireto(who.maria.idCliente!);
    await pagar(id);
    // The job asked for again (a second notice, another instance): nothing more is issued.
    await t.app.jobs.enqueue('nota-fiscal.emitir', { pedidoId: id });
    await rodarTarefas();
    const linhas = await t.database.raw<{ numero: number }>('SELECT numero FROM notas_fiscais WHERE pedido_id = $1', [
      id,
    ]);
    expect(linhas).toHaveLength(1);
  });

  it('a refusal is falhou with SEFAZ’s reason; shipping asks for confirmation; Emitir novamente issues it', async () => {
    modo = 'recusa';
    const id = await pedidoDireto(who.maria.idCliente!);
    await pagar(id);
    expect(contentOf(notaFiscalApi.daPedido, await nota(id))).toMatchObject({
      status: 'falhou',
      motivoFalha: 'Rejeição 778: NCM inexistente',
    });
    expect((await baixar(id, 'danfe.pdf')).statusCode).toBe(409);

    const recusado = await enviar(id);
    expect(recusado.statusCode).toBe(409);
    expect(recusado.json().message).toBe(MSG_NFE.envioExigeConfirmacao);

    // Only staff ask again; only a failed invoice.
    const url = `/api/pedido/${id}/nota-fiscal/reemitir`;
    expect((await t.app.inject({ method: 'POST', url, headers: bearer(tokens.maria) })).statusCode).toBe(403);
    modo = 'normal';
    const de = await t.app.inject({ method: 'POST', url, headers: bearer(tokens.equipe) });
    expect(de.statusCode).toBe(200);
    expect(de.json().content.status).toBe('pendente');
    const auditoria = await one<{ n: number }>(
      "SELECT count(*)::int AS n FROM auditoria WHERE acao = 'EMITIR_NOTA_FISCAL' AND entidade_id = $1",
      [id],
    );
    expect(auditoria.n).toBe(1);
    await rodarTarefas();
    expect(contentOf(notaFiscalApi.daPedido, await nota(id))).toMatchObject({ status: 'emitida', motivoFalha: null });
    expect((await t.app.inject({ method: 'POST', url, headers: bearer(tokens.equipe) })).statusCode).toBe(409);
    expect((await enviar(id)).statusCode).toBe(200);
    // The shipping e-mail names the invoice.
    const email = await one<{ texto: string }>('SELECT texto FROM emails_saida ORDER BY id DESC LIMIT 1');
    expect(email.texto).toContain(`NF-e nº ${contentOf(notaFiscalApi.daPedido, await nota(id))!.numero}`);
  });

  it('the provider unreachable keeps the order pending with the reason and retries; confirmed shipping goes through', async () => {
    modo = 'fora';
    const id = await pedidoDireto(who.maria.idCliente!);
    await pagar(id);
    const n = contentOf(notaFiscalApi.daPedido, await nota(id))!;
    expect(n.status).toBe('pendente');
    expect(n.tentativas).toBe(1);
    expect(n.motivoFalha).toContain('HTTP 503');
    const job = await one<{ status: string }>("SELECT status FROM tarefas WHERE tipo = 'nota-fiscal.emitir'");
    expect(job.status).toBe('PENDENTE');
    expect((await enviar(id)).statusCode).toBe(409);
    expect((await enviar(id, { semNotaFiscal: true })).statusCode).toBe(200);
  });

  it('the last attempt marks it falhou, with the reason kept', async () => {
    modo = 'fora';
    const id = await pedidoDireto(who.maria.idCliente!);
    await pagar(id);
    // The job's attempts run out: the next one is its last.
    await t.database.raw(
      "UPDATE tarefas SET max_tentativas = tentativas + 1, executar_em = now() WHERE tipo = 'nota-fiscal.emitir'",
    );
    await rodarTarefas();
    expect(contentOf(notaFiscalApi.daPedido, await nota(id))).toMatchObject({ status: 'falhou', tentativas: 2 });
  });
});
