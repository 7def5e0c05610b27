import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addBusinessDays,
  barcodeFromLinha,
  boletoFields,
  dueDateFactor,
  formatLinhaDigitavel,
  validLinhaDigitavel,
} from '@clinica/shared/boleto';
import { hojeNaClinica, inicioDoDiaSeguinte, somarDias } from '@clinica/shared/clinic-day';
import { MSG } from '@clinica/shared/messages';
import { MSG_BOLETO } from '@clinica/shared/messages-boleto';
import type { NotificacaoPagamento } from '@clinica/shared/schemas/pagamento';
import { pagamentoApi } from '@clinica/shared/schemas/pagamento';
import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { sandboxPagamentoApi } from '@clinica/shared/schemas/sandbox';
import { DEMO_ACCOUNTS, DEMO_PRODUTOS_FISICOS } from '../../db/seed/demo-data.js';
import type { TokenSubject } from '../../lib/jwt.js';
import { cotarFrete, corpoDoPedido, semDescontoPixNemFreteGratis } from '../../test/checkout-fixtures.js';
import {
  bearer,
  body,
  contentOf,
  createTestApp,
  movableClock,
  testDatabaseTargets,
  type TestApp,
} from '../../test/harness.js';
import { pedidoHistorico, pedidoItens, pedidos } from '../pedido/pedido.table.js';

const ESPELHO = DEMO_PRODUTOS_FISICOS.find((p) => p.slug === 'espelho-bucal')!;

let keySeq = 0;
const novaChave = () => `bol-${process.pid}-${Date.now()}-${++keySeq}`;
const DIA_S = 24 * 3600;

describe.each(testDatabaseTargets())('boleto (%s)', (kind) => {
  let t: TestApp;
  const clock = movableClock();
  const who = {} as Record<'maria' | 'empresa', TokenSubject>;
  const tokens = {} as Record<keyof typeof who, string>;
  let espelhoId = 0;
  const avisos: NotificacaoPagamento[] = [];

  const ids = async (email: string) => {
    const [row] = await t.database.raw<{ id: number; cliente: number | null }>(
      'SELECT u.id, c.id AS cliente FROM usuarios u LEFT JOIN clientes c ON c.usuario_id = u.id WHERE u.email = $1',
      [email],
    );
    return { id: Number(row!.id), idCliente: row!.cliente === null ? null : Number(row!.cliente) };
  };
  const one = async <T>(sql: string, params: unknown[] = []) => (await t.database.raw<T>(sql, params))[0]!;

  /** An unpaid order of `clienteId` worth R$ 24,90 (no freight), written directly. */
  async function pedidoDireto(clienteId: number) {
    const [p] = await t.database.db
      .insert(pedidos)
      .values({
        clienteId,
        situacao: 'PENDENTE',
        valorProdutos: 2490,
        valorTotal: 2490,
        dadosNome: 'Odonto Empresa Ltda',
        dadosDocumento: '11222333000181',
      })
      .returning({ id: pedidos.id });
    await t.database.db.insert(pedidoItens).values({
      pedidoId: p!.id,
      produtoId: espelhoId,
      produtoNome: ESPELHO.nome,
      quantidade: 1,
      valorUnitario: 2490,
      valorTotal: 2490,
    });
    await t.database.db.insert(pedidoHistorico).values({ pedidoId: p!.id, para: 'PENDENTE', quem: 'SISTEMA' });
    return p!.id;
  }

  const processar = (payload: Record<string, unknown>, token = tokens.empresa) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pagamento/processar',
      headers: { ...bearer(token), 'idempotency-key': novaChave() },
      payload,
    });

  async function emitir(idPedido: number) {
    const res = await processar({ idPedido, tipoPagamento: 'boleto', valor: 24.9 });
    expect(res.statusCode).toBe(201);
    expect(body(res).message).toBe(MSG_BOLETO.gerado);
    return contentOf(pagamentoApi.processar, res);
  }

  const pagarLinha = (linha: string) =>
    t.app.inject({ method: 'POST', url: '/api/sandbox/boleto/pagar', payload: { linha } });

  async function rodarTarefas() {
    for (let i = 0; i < 5; i++) await t.app.jobWorker.runOnce();
  }
  /** The boleto's expiry job made due now (the job queue's own clock is the system's). */
  const vencerTarefa = () =>
    t.database.raw("UPDATE tarefas SET executar_em = now() WHERE tipo = 'pagamento.expirar-boleto'");

  /** Published to the customer, with the id of the notification kept for the bell (ADR 046). */
  const avisado = async (n: Omit<NotificacaoPagamento, 'id'>) => {
    await vi.waitFor(() => expect(avisos).toContainEqual({ ...n, id: expect.any(Number) }), { timeout: 5000 });
    const { id } = avisos.find((a) => a.idPedido === n.idPedido && a.message === n.message)!;
    const kept = await one<{ texto: string; status_pagamento: string; pedido_id: number }>(
      'SELECT texto, status_pagamento, pedido_id FROM notificacoes WHERE id = $1',
      [id],
    );
    expect(kept).toEqual({ texto: n.message, status_pagamento: n.statusPayment, pedido_id: n.idPedido });
  };
  const situacao = async (id: number) =>
    (await one<{ situacao: string }>('SELECT situacao FROM pedidos WHERE id = $1', [id])).situacao;
  const statusDe = async (idPagamento: number) =>
    (await one<{ status: string }>('SELECT status FROM pagamentos WHERE id = $1', [idPagamento])).status;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true, clock });
    await semDescontoPixNemFreteGratis(t.database);
    await t.database.raw(
      'UPDATE regras_comerciais SET boleto_ativo = true, boleto_dias_uteis = 3, boleto_dias_tolerancia = 2',
    );
    who.maria = { ...(await ids(DEMO_ACCOUNTS.cliente.email)), permissao: 'CLIENTE' };
    who.empresa = { ...(await ids(DEMO_ACCOUNTS.empresa.email)), permissao: 'CLIENTE' };
    for (const k of Object.keys(who) as Array<keyof typeof who>) tokens[k] = await t.issueToken(who[k]);
    espelhoId = Number((await one<{ id: number }>('SELECT id FROM produtos WHERE nome = $1', [ESPELHO.nome])).id);
    t.app.notificacoes.assinar(who.empresa.id, (n) => avisos.push(n));
  });
  afterAll(() => t?.dispose());

  beforeEach(async () => {
    avisos.length = 0;
    await t.database.raw('DELETE FROM pedidos');
    await t.database.raw('DELETE FROM chaves_idempotencia');
    await t.database.raw('DELETE FROM tarefas');
  });

  it('issues a valid FEBRABAN line for the amount, due in 3 business days, and schedules its expiry', async () => {
    const id = await pedidoDireto(who.empresa.idCliente!);
    const r = await emitir(id);
    expect(r.tipoPagamento).toBe('boleto');
    expect(r.status).toBe('pending');
    const b = r.boleto!;
    // The check digits, worked out again by the shared rule.
    expect(validLinhaDigitavel(b.linhaDigitavel)).toBe(true);
    expect(b.linhaDigitavel).toMatch(/^\d{47}$/);
    expect(barcodeFromLinha(b.linhaDigitavel)).toBe(b.codigoBarras);
    const campos = boletoFields(b.codigoBarras);
    expect(campos.valor).toBe(2490);
    expect(campos.banco).toBe('237');
    const hoje = hojeNaClinica(clock());
    expect(b.vencimento).toBe(addBusinessDays(hoje, 3));
    expect(campos.fator).toBe(dueDateFactor(b.vencimento));
    expect(b.pagavelAte).toBe(somarDias(b.vencimento, 2));
    expect(b.pdfUrl).toBeNull();

    const job = await one<{ n: string; em: Date | string }>(
      "SELECT count(*) AS n, max(executar_em) AS em FROM tarefas WHERE tipo = 'pagamento.expirar-boleto'",
    );
    expect(Number(job.n)).toBe(1);
    expect(new Date(job.em).getTime()).toBe(inicioDoDiaSeguinte(b.pagavelAte).getTime());

    // The order dialog shows the same boleto while it is payable.
    const lido = contentOf(
      pedidoApi.detalhe,
      await t.app.inject({ url: `/api/pedido/${id}`, headers: bearer(tokens.empresa) }),
    );
    expect(lido.pagamento?.tipoPagamento).toBe('boleto');
    expect(lido.boleto).toMatchObject({ idPagamento: r.idPagamento, linhaDigitavel: b.linhaDigitavel });
  });

  it('serves its PDF to the order owner only: a real PDF, 403 to another customer, 404 unknown', async () => {
    const id = await pedidoDireto(who.empresa.idCliente!);
    const r = await emitir(id);
    const url = `/api/pagamento/${r.idPagamento}/boleto/pdf`;

    const dono = await t.app.inject({ url, headers: bearer(tokens.empresa) });
    expect(dono.statusCode).toBe(200);
    expect(dono.headers['content-type']).toBe('application/pdf');
    const pdf = dono.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    // One A4 page, and its metadata (not compressed) carries the formatted line.
    const texto = pdf.toString('latin1');
    expect(texto.match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(texto).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(texto).toContain(`(Boleto ${formatLinhaDigitavel(r.boleto!.linhaDigitavel)})`);

    const outro = await t.app.inject({ url, headers: bearer(tokens.maria) });
    expect(outro.statusCode).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const desconhecido = await t.app.inject({
      url: '/api/pagamento/999999/boleto/pdf',
      headers: bearer(tokens.empresa),
    });
    expect(desconhecido.statusCode).toBe(404);
    expect(body(desconhecido).message).toBe(MSG_BOLETO.naoEncontrado);
  });

  it('paid at the sandbox bank: through the webhook path the order becomes PAGO and the customer is told live', async () => {
    const id = await pedidoDireto(who.empresa.idCliente!);
    const r = await emitir(id);
    const linha = formatLinhaDigitavel(r.boleto!.linhaDigitavel);

    const consulta = await t.app.inject({ method: 'POST', url: '/api/sandbox/boleto/consultar', payload: { linha } });
    expect(contentOf(sandboxPagamentoApi.boletoConsultar, consulta)).toMatchObject({
      valor: 2490,
      status: 'pending',
      idPedido: id,
      pagador: 'Odonto Empresa Ltda',
      vencimento: r.boleto!.vencimento,
    });

    const pago = await pagarLinha(linha);
    expect(pago.statusCode).toBe(200);
    expect(body(pago).message).toBe(MSG_BOLETO.pagoSandbox);
    // The notification is recorded, then applied by its job.
    const evento = await one<{ n: string }>('SELECT count(*) AS n FROM pagamento_eventos WHERE provider_id = $1', [
      (await one<{ provider_id: string }>('SELECT provider_id FROM pagamentos WHERE id = $1', [r.idPagamento]))
        .provider_id,
    ]);
    expect(Number(evento.n)).toBe(1);
    await rodarTarefas();
    expect(await situacao(id)).toBe('PAGO');
    await avisado({ message: MSG.pagamentoProcessado, statusPayment: 'approved', idPedido: id });

    const deNovo = await pagarLinha(linha);
    expect(deNovo.statusCode).toBe(409);
    expect(body(deNovo).message).toBe(MSG_BOLETO.jaPago);
    // Paid: no boleto to show any more, and its expiry cancels nothing.
    clock.advance(30 * DIA_S);
    await vencerTarefa();
    await rodarTarefas();
    clock.advance(-30 * DIA_S);
    expect(await situacao(id)).toBe('PAGO');
  });

  it('the expiry job cancels the unpaid order after the due date plus the grace period, and not before', async () => {
    const id = await pedidoDireto(who.empresa.idCliente!);
    const r = await emitir(id);
    const prazo = inicioDoDiaSeguinte(r.boleto!.pagavelAte).getTime();

    // Run early (a minute before its time): nothing changes.
    const antes = (prazo - clock().getTime()) / 1000 - 60;
    clock.advance(antes);
    try {
      await vencerTarefa();
      await rodarTarefas();
      expect(await statusDe(r.idPagamento)).toBe('pending');
      expect(await situacao(id)).toBe('PENDENTE');

      // Its time comes.
      clock.advance(120);
      await vencerTarefa();
      await rodarTarefas();
      expect(await statusDe(r.idPagamento)).toBe('cancelled');
      expect(await situacao(id)).toBe('CANCELADO');
      const historico = await one<{ quem: string }>(
        "SELECT quem FROM pedido_historico WHERE pedido_id = $1 AND para = 'CANCELADO'",
        [id],
      );
      expect(historico.quem).toBe('SISTEMA');
      await avisado({ message: MSG_BOLETO.vencidoCancelado, statusPayment: 'cancelled', idPedido: id });
      const pagar = await pagarLinha(r.boleto!.linhaDigitavel);
      expect(pagar.statusCode).toBe(409);
      expect(body(pagar).message).toBe(MSG_BOLETO.naoPagavel);
    } finally {
      clock.advance(-antes - 120);
    }
  });

  it('a boleto paid late, after its due date but within the grace period, pays the order', async () => {
    const id = await pedidoDireto(who.empresa.idCliente!);
    const r = await emitir(id);
    const depoisDoVencimento = (inicioDoDiaSeguinte(r.boleto!.vencimento).getTime() - clock().getTime()) / 1000 + 3600;
    clock.advance(depoisDoVencimento);
    try {
      expect((await pagarLinha(r.boleto!.linhaDigitavel)).statusCode).toBe(200);
      await rodarTarefas();
      expect(await situacao(id)).toBe('PAGO');
    } finally {
      clock.advance(-depoisDoVencimento);
    }
  });

  it("a second boleto invalidates the first; the first one's expiry then cancels nothing", async () => {
    const id = await pedidoDireto(who.empresa.idCliente!);
    const primeiro = await emitir(id);
    const segundo = await emitir(id);
    expect(segundo.idPagamento).not.toBe(primeiro.idPagamento);
    expect(segundo.boleto!.linhaDigitavel).not.toBe(primeiro.boleto!.linhaDigitavel);
    expect(await statusDe(primeiro.idPagamento)).toBe('cancelled');
    // Replaced, not expired: nothing is told about it.
    expect(avisos.filter((a) => a.statusPayment === 'cancelled')).toEqual([]);

    const velho = await pagarLinha(primeiro.boleto!.linhaDigitavel);
    expect(velho.statusCode).toBe(409);
    expect(body(velho).message).toBe(MSG_BOLETO.naoPagavel);
    const lido = contentOf(
      pedidoApi.detalhe,
      await t.app.inject({ url: `/api/pedido/${id}`, headers: bearer(tokens.empresa) }),
    );
    expect(lido.boleto?.idPagamento).toBe(segundo.idPagamento);

    // The first one's job comes due (both jobs, the second one's still in time): the order stays payable.
    await t.database.raw(
      "UPDATE tarefas SET executar_em = now() WHERE tipo = 'pagamento.expirar-boleto' AND chave = $1",
      [`boleto-expira:${primeiro.idPagamento}`],
    );
    clock.advance(10 * DIA_S);
    try {
      await rodarTarefas();
    } finally {
      clock.advance(-10 * DIA_S);
    }
    expect(await situacao(id)).toBe('PENDENTE');
    expect((await pagarLinha(segundo.boleto!.linhaDigitavel)).statusCode).toBe(200);
    await rodarTarefas();
    expect(await situacao(id)).toBe('PAGO');
  });

  it('switching to PIX cancels the boleto and prices the order for PIX', async () => {
    await t.database.raw('UPDATE regras_comerciais SET pix_desconto_centesimos = 1000');
    try {
      const id = await pedidoDireto(who.empresa.idCliente!);
      const b = await emitir(id);
      const pix = await processar({ idPedido: id, tipoPagamento: 'pix', valor: 22.41 });
      expect(pix.statusCode).toBe(201);
      expect(await statusDe(b.idPagamento)).toBe('cancelled');
      const pedido = await one<{ valor_total: string; desconto_pix: string }>(
        'SELECT valor_total, desconto_pix FROM pedidos WHERE id = $1',
        [id],
      );
      expect(pedido).toEqual({ valor_total: '22.41', desconto_pix: '2.49' });
      // Back to boleto: no PIX discount any more.
      const outra = await processar({ idPedido: id, tipoPagamento: 'boleto', valor: 22.41 });
      expect(outra.statusCode).toBe(409);
      await emitir(id);
    } finally {
      await semDescontoPixNemFreteGratis(t.database);
    }
  });

  it('refuses a wrong line (422), an unknown one (404), and boleto when the rules turn it off (409)', async () => {
    const id = await pedidoDireto(who.empresa.idCliente!);
    const r = await emitir(id);
    const l = r.boleto!.linhaDigitavel;
    const errada = `${l.slice(0, 9)}${(Number(l[9]) + 1) % 10}${l.slice(10)}`;
    const invalida = await pagarLinha(errada);
    expect(invalida.statusCode).toBe(422);
    expect(body(invalida).message).toBe(MSG_BOLETO.linhaInvalida);
    const letras = await pagarLinha('abc');
    expect(letras.statusCode).toBe(400);
    // The field's own reason goes with the generic message.
    expect(JSON.stringify(body(letras))).toContain(MSG_BOLETO.linhaInvalida);
    // A valid line of a boleto nobody issued.
    const alheia = '00190500954014481606906809350314337370000000100';
    expect((await pagarLinha(alheia)).statusCode).toBe(404);

    await t.database.raw('UPDATE regras_comerciais SET boleto_ativo = false');
    try {
      const res = await processar({ idPedido: id, tipoPagamento: 'boleto', valor: 24.9 });
      expect(res.statusCode).toBe(409);
      expect(body(res).message).toBe(MSG_BOLETO.indisponivel);
      // Refused before anything was cancelled: the first boleto is still payable.
      expect(await statusDe(r.idPagamento)).toBe('pending');
    } finally {
      await t.database.raw('UPDATE regras_comerciais SET boleto_ativo = true');
    }
  });

  it('an order created at checkout by boleto is issued its boleto with the delivery address', async () => {
    const linhas = [{ id: espelhoId, quantidade: 1 }];
    const opcao = await cotarFrete(t.app, linhas);
    const preco = Number(
      (await one<{ preco: string }>('SELECT preco FROM produtos WHERE id = $1', [espelhoId])).preco.replace('.', ''),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pedido/create',
      headers: { ...bearer(tokens.empresa), 'idempotency-key': novaChave() },
      payload: corpoDoPedido({
        clienteId: who.empresa.idCliente!,
        itens: [{ id: espelhoId, preco }],
        opcao,
        pagamento: { tipoPagamento: 'boleto' },
      }),
    });
    expect(res.statusCode).toBe(201);
    const pedido = contentOf(pedidoApi.create, res);
    expect(pedido.situacaoPedido).toBe('PENDENTE');
    expect(pedido.pagamento?.tipoPagamento).toBe('boleto');
    expect(validLinhaDigitavel(pedido.boleto!.linhaDigitavel)).toBe(true);
    expect(boletoFields(pedido.boleto!.codigoBarras).valor).toBe(pedido.valorTotal);
  });
});
