import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { fromCents } from '@clinica/shared/money';
import type { NotificacaoPagamento } from '@clinica/shared/schemas/pagamento';
import { pagamentoApi } from '@clinica/shared/schemas/pagamento';
import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { DEMO_ACCOUNTS, DEMO_CURSOS, DEMO_PRODUTOS_FISICOS } from '../../db/seed/demo-data.js';
import type { TokenSubject } from '../../lib/jwt.js';
import { createLogger } from '../../lib/logger.js';
import { CARTOES, semDescontoPixNemFreteGratis, tokenDeCartao } from '../../test/checkout-fixtures.js';
import {
  bearer,
  body,
  contentOf,
  createTestApp,
  memoryLog,
  testDatabaseTargets,
  type TestApp,
} from '../../test/harness.js';
import { pedidoHistorico, pedidoItens, pedidos, type SituacaoPedido } from '../pedido/pedido.table.js';
import { VERSAO_TERMOS } from '@clinica/shared/termos';

const ESPELHO = DEMO_PRODUTOS_FISICOS.find((p) => p.slug === 'espelho-bucal')!;
const CURSO = DEMO_CURSOS.find((c) => c.slug === 'biosseguranca-consultorio')!;

/** Mercado Pago's test cards. */
const CARTAO = CARTOES;

let keySeq = 0;
const novaChave = () => `pg-${process.pid}-${Date.now()}-${++keySeq}`;

/** CRC-16/CCITT-FALSE, written here independently of the library the sandbox uses. */
function crc16(texto: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(texto, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** EMV fields of a BR Code: id → value (one level). */
function campos(codigo: string): Map<string, string> {
  const m = new Map<string, string>();
  for (let i = 0; i < codigo.length;) {
    const id = codigo.slice(i, i + 2);
    const len = Number(codigo.slice(i + 2, i + 4));
    m.set(id, codigo.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return m;
}

describe.each(testDatabaseTargets())('pagamentos (%s)', (kind) => {
  let t: TestApp;
  const log = memoryLog();
  const who = {} as Record<'maria' | 'empresa' | 'equipe', TokenSubject>;
  const tokens = {} as Record<keyof typeof who, string>;
  let espelhoId = 0;
  let cursoId = 0;
  const avisos: NotificacaoPagamento[] = [];

  const ids = async (email: string) => {
    const [row] = await t.database.raw<{ id: number; cliente: number | null }>(
      'SELECT u.id, c.id AS cliente FROM usuarios u LEFT JOIN clientes c ON c.usuario_id = u.id WHERE u.email = $1',
      [email],
    );
    return { id: Number(row!.id), idCliente: row!.cliente === null ? null : Number(row!.cliente) };
  };
  const one = async <T>(sql: string, params: unknown[] = []) => (await t.database.raw<T>(sql, params))[0]!;

  /** An unpaid order of `clienteId` worth R$ 24,90, written directly. */
  async function pedidoDireto(clienteId: number, situacao: SituacaoPedido = 'PENDENTE') {
    const [p] = await t.database.db
      .insert(pedidos)
      .values({ clienteId, situacao, valorProdutos: 2490, valorTotal: 2490, dadosDocumento: '52998224725' })
      .returning({ id: pedidos.id });
    await t.database.db.insert(pedidoItens).values({
      pedidoId: p!.id,
      produtoId: espelhoId,
      produtoNome: ESPELHO.nome,
      quantidade: 1,
      valorUnitario: 2490,
      valorTotal: 2490,
    });
    await t.database.db.insert(pedidoHistorico).values({ pedidoId: p!.id, para: situacao, quem: 'SISTEMA' });
    return p!.id;
  }

  const processar = (payload: Record<string, unknown>, opts: { token?: string; chave?: string | null } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pagamento/processar',
      headers: {
        ...bearer(opts.token ?? tokens.maria),
        ...(opts.chave === null ? {} : { 'idempotency-key': opts.chave ?? novaChave() }),
      },
      payload,
    });

  const tokenizar = (titular: string, numero: string = CARTAO.master) => tokenDeCartao(t.app, titular, numero);

  const pagarPix = (codigo: string) =>
    t.app.inject({ method: 'POST', url: '/api/sandbox/pix/pagar', payload: { codigo } });

  /** Runs due jobs until none is left (the webhook path: record, then apply). */
  async function rodarTarefas() {
    for (let i = 0; i < 5; i++) await t.app.jobWorker.runOnce();
  }

  /** Waits for the customer's notification (the bus delivers after the commit, asynchronously). */
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

  beforeAll(async () => {
    // Debug level: the most the app ever logs, so the card-number check sees everything.
    t = await createTestApp({
      kind,
      seed: true,
      logger: createLogger({ LOG_LEVEL: 'debug', NODE_ENV: 'test' }, log.stream),
    });
    await semDescontoPixNemFreteGratis(t.database);
    who.maria = { ...(await ids(DEMO_ACCOUNTS.cliente.email)), permissao: 'CLIENTE' };
    who.empresa = { ...(await ids(DEMO_ACCOUNTS.empresa.email)), permissao: 'CLIENTE' };
    who.equipe = { ...(await ids(DEMO_ACCOUNTS.equipe.email)), permissao: 'USUARIO' };
    for (const k of Object.keys(who) as Array<keyof typeof who>) tokens[k] = await t.issueToken(who[k]);
    espelhoId = Number((await one<{ id: number }>('SELECT id FROM produtos WHERE nome = $1', [ESPELHO.nome])).id);
    cursoId = Number((await one<{ id: number }>('SELECT id FROM produtos WHERE nome = $1', [CURSO.nome])).id);
    t.app.notificacoes.assinar(who.maria.id, (n) => avisos.push(n));
  });
  afterAll(() => t?.dispose());

  beforeEach(async () => {
    avisos.length = 0;
    await t.database.raw('DELETE FROM pedidos');
    await t.database.raw('DELETE FROM chaves_idempotencia');
    await t.database.raw('DELETE FROM tarefas');
  });

  describe('PIX', () => {
    it('order dialog: a valid BR Code for 30 minutes; the sandbox bank pays it; the order becomes PAGO by itself', async () => {
      const id = await pedidoDireto(who.maria.idCliente!);
      const res = await processar({ idPedido: id, tipoPagamento: 'pix', valor: 24.9 });
      expect(res.statusCode).toBe(201);
      expect(body(res).message).toBe(MSG.pixGerado);
      const r = contentOf(pagamentoApi.processar, res);
      expect(r).toMatchObject({ idPedido: id, tipoPagamento: 'pix', status: 'pending', valor: 2490 });
      const pix = r.pixPaymentResponse!;
      expect(pix.validadeSegundos).toBe(1800);
      expect(Buffer.from(pix.qrCodeBase64, 'base64').subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');

      // docs/integrations.md#pix-br-code: EMV fields and CRC-16/CCITT-FALSE over everything up to "6304".
      const codigo = pix.qrCode;
      expect(codigo.slice(-4)).toBe(crc16(codigo.slice(0, -4)));
      const f = campos(codigo);
      expect(f.get('00')).toBe('01');
      expect(f.get('26')).toContain('br.gov.bcb.pix');
      expect(f.get('52')).toBe('0000');
      expect(f.get('53')).toBe('986');
      expect(f.get('54')).toBe('24.90');
      expect(f.get('58')).toBe('BR');
      expect(f.get('59')!.length).toBeLessThanOrEqual(25);
      expect(f.get('60')!.length).toBeLessThanOrEqual(15);
      expect(campos(f.get('62')!).get('05')).toMatch(/^[A-Za-z0-9]{1,25}$/);

      // The order shows the live charge.
      const lido = contentOf(
        pedidoApi.detalhe,
        await t.app.inject({ url: `/api/pedido/${id}`, headers: bearer(tokens.maria) }),
      );
      expect(lido.pix).toMatchObject({ qrCode: codigo, validadeSegundos: 1800 });

      const pago = await pagarPix(codigo);
      expect(pago.statusCode).toBe(200);
      expect(body(pago).message).toBe(MSG.pixPagoSandbox);
      expect(await situacao(id)).toBe('PENDENTE'); // applied by the job, as a webhook is
      await rodarTarefas();
      expect(await situacao(id)).toBe('PAGO');
      await avisado({ message: MSG.pagamentoProcessado, statusPayment: 'approved', idPedido: id });
      const ev = await one<{ n: string; processados: string }>(
        'SELECT count(*) AS n, count(processado_em) AS processados FROM pagamento_eventos e JOIN pagamentos p ON p.provider_id = e.provider_id WHERE p.pedido_id = $1',
        [id],
      );
      expect(Number(ev.n)).toBe(1);
      expect(Number(ev.processados)).toBe(1);

      // Paying again: the bank refuses, nothing changes.
      const deNovo = await pagarPix(codigo);
      expect(deNovo.statusCode).toBe(409);
      expect(body(deNovo).message).toBe(MSG_API.pixJaPago);
      const hist = await t.database.raw<{ para: string; quem: string }>(
        'SELECT para, quem FROM pedido_historico WHERE pedido_id = $1 ORDER BY id',
        [id],
      );
      expect(hist.map((h) => h.para)).toEqual(['PENDENTE', 'PAGO']);
      expect(hist[1]!.quem).toBe('SISTEMA');
    });

    it('a paid PIX whose notification was lost (crash between paying and notifying) still makes the order PAGO', async () => {
      const id = await pedidoDireto(who.maria.idCliente!);
      const codigo = contentOf(
        pagamentoApi.processar,
        await processar({ idPedido: id, tipoPagamento: 'pix', valor: 24.9 }),
      ).pixPaymentResponse!.qrCode;
      expect((await pagarPix(codigo)).statusCode).toBe(200);
      // As if the process died after the bank paid and before the notification was recorded.
      await t.database.raw("DELETE FROM tarefas WHERE chave LIKE 'pagamento-evento:%'");
      await t.database.raw('DELETE FROM pagamento_eventos');
      await rodarTarefas();
      expect(await situacao(id)).toBe('PENDENTE');
      // The bank's re-read, a few seconds later, applies the payment.
      const [rede] = await t.database.raw<{ n: string }>(
        "UPDATE tarefas SET executar_em = now() WHERE tipo = 'pagamento.sincronizar' AND status = 'PENDENTE' RETURNING id AS n",
      );
      expect(rede, 'uma releitura agendada').toBeDefined();
      await rodarTarefas();
      expect(await situacao(id)).toBe('PAGO');
      // Paying again is refused as already paid, and nothing changes.
      expect((await pagarPix(codigo)).statusCode).toBe(409);
    });

    it('a new attempt cancels the live PIX first: never two side by side; the old code cannot be paid', async () => {
      const id = await pedidoDireto(who.maria.idCliente!);
      const primeiro = contentOf(
        pagamentoApi.processar,
        await processar({ idPedido: id, tipoPagamento: 'pix', valor: 24.9, origem: 'checkout' }),
      );
      expect(primeiro.pixPaymentResponse!.validadeSegundos).toBe(600);
      const segundo = contentOf(
        pagamentoApi.processar,
        await processar({ idPedido: id, tipoPagamento: 'pix', valor: 24.9, origem: 'checkout' }),
      );
      expect(segundo.pixPaymentResponse!.qrCode).not.toBe(primeiro.pixPaymentResponse!.qrCode);
      const vivos = await one<{ n: string }>(
        "SELECT count(*) AS n FROM pagamentos WHERE pedido_id = $1 AND tipo = 'pix' AND status = 'pending'",
        [id],
      );
      expect(Number(vivos.n)).toBe(1);
      const velho = await pagarPix(primeiro.pixPaymentResponse!.qrCode);
      expect(velho.statusCode).toBe(409);
      expect(body(velho).message).toBe(MSG_API.pixNaoPagavel);
      expect((await pagarPix(segundo.pixPaymentResponse!.qrCode)).statusCode).toBe(200);
      await rodarTarefas();
      expect(await situacao(id)).toBe('PAGO');
    });

    it('expires on the server at its time: the job cancels it, the order stays payable, the code is refused', async () => {
      const id = await pedidoDireto(who.maria.idCliente!);
      const r = contentOf(
        pagamentoApi.processar,
        await processar({ idPedido: id, tipoPagamento: 'pix', valor: 24.9, origem: 'checkout' }),
      );
      const job = await one<{ n: string; em: string }>(
        "SELECT count(*) AS n, max(executar_em)::text AS em FROM tarefas WHERE tipo = 'pagamento.expirar-pix'",
      );
      expect(Number(job.n)).toBe(1);
      expect(Math.abs(new Date(job.em).getTime() - new Date(r.pixPaymentResponse!.expiraEm).getTime())).toBeLessThan(
        1000,
      );
      await rodarTarefas();
      expect(
        await one<{ status: string }>('SELECT status FROM pagamentos WHERE id = $1', [r.idPagamento]),
      ).toMatchObject({ status: 'pending' });

      // Time passes: the charge's expiry and its job come due.
      await t.database.raw("UPDATE pagamentos SET expira_em = now() - interval '1 second' WHERE id = $1", [
        r.idPagamento,
      ]);
      await t.database.raw("UPDATE sandbox_pagamentos SET expira_em = now() - interval '1 second'");
      await t.database.raw("UPDATE tarefas SET executar_em = now() WHERE tipo = 'pagamento.expirar-pix'");
      await rodarTarefas();
      expect(
        await one<{ status: string }>('SELECT status FROM pagamentos WHERE id = $1', [r.idPagamento]),
      ).toMatchObject({ status: 'cancelled' });
      expect(await situacao(id)).toBe('PENDENTE');
      await avisado({ message: MSG.pixExpirado, statusPayment: 'cancelled', idPedido: id });
      expect((await pagarPix(r.pixPaymentResponse!.qrCode)).statusCode).toBe(409);
      const lido = contentOf(
        pedidoApi.detalhe,
        await t.app.inject({ url: `/api/pedido/${id}`, headers: bearer(tokens.maria) }),
      );
      expect(lido.pix).toBeNull();
      // And it can be paid again.
      const novo = await processar({ idPedido: id, tipoPagamento: 'pix', valor: 24.9 });
      expect(novo.statusCode).toBe(201);
    });
  });

  describe('cartão', () => {
    it('APRO: approved at once, order PAGO, the customer notified', async () => {
      const id = await pedidoDireto(who.maria.idCliente!);
      const token = await tokenizar('APRO');
      const res = await processar({
        idPedido: id,
        tipoPagamento: 'credit',
        token: token.id,
        paymentMethodId: 'master',
        valor: 24.9,
      });
      expect(res.statusCode).toBe(201);
      expect(body(res).message).toBe(MSG.pagamentoProcessado);
      expect(contentOf(pagamentoApi.processar, res)).toMatchObject({ status: 'approved', pixPaymentResponse: null });
      expect(await situacao(id)).toBe('PAGO');
      await avisado({ message: MSG.pagamentoProcessado, statusPayment: 'approved', idPedido: id });
      const p = await one<{ last_four: string }>(
        'SELECT last_four FROM pagamentos WHERE pedido_id = $1 AND status = $2',
        [id, 'approved'],
      );
      expect(p.last_four).toBe('6351');
    });

    it('OTHE: refused, order RECUSADO; paying again with APRO makes it PAGO', async () => {
      const id = await pedidoDireto(who.maria.idCliente!);
      const recusado = await processar({
        idPedido: id,
        tipoPagamento: 'credit',
        token: (await tokenizar('OTHE')).id,
        paymentMethodId: 'master',
        valor: 24.9,
      });
      expect(recusado.statusCode).toBe(201);
      expect(contentOf(pagamentoApi.processar, recusado).status).toBe('rejected');
      expect(await situacao(id)).toBe('RECUSADO');
      await avisado({ message: MSG.pagamentoRecusado, statusPayment: 'rejected', idPedido: id });

      const aprovado = await processar({
        idPedido: id,
        tipoPagamento: 'credit',
        token: (await tokenizar('APRO', CARTAO.visa)).id,
        paymentMethodId: 'visa',
        valor: 24.9,
      });
      expect(contentOf(pagamentoApi.processar, aprovado).status).toBe('approved');
      expect(await situacao(id)).toBe('PAGO');
    });

    it('a forged, empty or used token is refused even with holder APRO; nothing is written', async () => {
      const id = await pedidoDireto(who.maria.idCliente!);
      const base = { idPedido: id, tipoPagamento: 'credit', paymentMethodId: 'master', valor: 24.9 };
      const forjado = await processar({ ...base, token: 'APRO-0123456789abcdef0123456789abcdef' });
      expect(forjado.statusCode).toBe(422);
      expect(body(forjado).message).toBe(MSG.erroProcessarCartao);
      const vazio = await processar({ ...base, token: '' });
      expect(vazio.statusCode).toBe(422);
      expect(body(vazio).message).toBe(MSG_API.pagamentoCartaoIncompleto);

      const token = await tokenizar('APRO');
      await t.database.raw('UPDATE sandbox_cartoes SET usado_em = now() WHERE token = $1', [token.id]);
      const usado = await processar({ ...base, token: token.id });
      expect(usado.statusCode).toBe(422);
      const n = await one<{ n: string }>('SELECT count(*) AS n FROM pagamentos WHERE pedido_id = $1', [id]);
      expect(Number(n.n)).toBe(0);
      expect(await situacao(id)).toBe('PENDENTE');
    });

    it('the card number appears nowhere in the database or the logs', async () => {
      const id = await pedidoDireto(who.maria.idCliente!);
      const token = await tokenizar('APRO', CARTAO.visa);
      await processar({ idPedido: id, tipoPagamento: 'credit', token: token.id, paymentMethodId: 'visa', valor: 24.9 });
      const tabelas = await t.database.raw<{ tablename: string }>(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public'",
      );
      let dump = '';
      for (const { tablename } of tabelas) {
        const rows = await t.database.raw(`SELECT * FROM "${tablename}"`);
        dump += JSON.stringify(rows);
      }
      expect(dump).toContain(token.id);
      expect(dump).not.toContain(CARTAO.visa);
      expect(dump).not.toContain(CARTAO.visa.slice(0, 12));
      expect(JSON.stringify(log.lines)).not.toContain(CARTAO.visa);
    });
  });

  describe('recusas', () => {
    it('only the order’s owner pays: another client and staff get 403', async () => {
      const id = await pedidoDireto(who.maria.idCliente!);
      const outro = await processar({ idPedido: id, tipoPagamento: 'pix', valor: 24.9 }, { token: tokens.empresa });
      expect(outro.statusCode).toBe(403);
      const equipe = await processar({ idPedido: id, tipoPagamento: 'pix', valor: 24.9 }, { token: tokens.equipe });
      expect(equipe.statusCode).toBe(403);
      const anonimo = await t.app.inject({
        method: 'POST',
        url: '/api/pagamento/processar',
        headers: { 'idempotency-key': novaChave() },
        payload: { idPedido: id, tipoPagamento: 'pix', valor: 24.9 },
      });
      expect(anonimo.statusCode).toBe(401);
      const inexistente = await processar({ idPedido: 999999, tipoPagamento: 'pix', valor: 24.9 });
      expect(inexistente.statusCode).toBe(404);
    });

    it('valor must equal the order’s total; a paid or cancelled order takes no payment: 409', async () => {
      const id = await pedidoDireto(who.maria.idCliente!);
      const errado = await processar({ idPedido: id, tipoPagamento: 'pix', valor: 24.89 });
      expect(errado.statusCode).toBe(409);
      expect(body(errado).message).toBe(MSG_API.pagamentoValorDivergente);
      const pago = await pedidoDireto(who.maria.idCliente!, 'PAGO');
      const r1 = await processar({ idPedido: pago, tipoPagamento: 'pix', valor: 24.9 });
      expect(r1.statusCode).toBe(409);
      expect(body(r1).message).toBe(MSG.pedidoJaPago);
      const cancelado = await pedidoDireto(who.maria.idCliente!, 'CANCELADO');
      const r2 = await processar({ idPedido: cancelado, tipoPagamento: 'pix', valor: 24.9 });
      expect(r2.statusCode).toBe(409);
      expect(body(r2).message).toBe(MSG.pedidoNaoAceitaPagamento);
      const n = await one<{ n: string }>('SELECT count(*) AS n FROM pagamentos');
      expect(Number(n.n)).toBe(0);
    });

    it('a repeated key answers the first response and charges once; the same key with another body is 422; no key is refused', async () => {
      const id = await pedidoDireto(who.maria.idCliente!);
      const chave = novaChave();
      const token = (await tokenizar('APRO')).id;
      const payload = { idPedido: id, tipoPagamento: 'credit', token, paymentMethodId: 'master', valor: 24.9 };
      const a = await processar(payload, { chave });
      const b = await processar(payload, { chave });
      expect(b.statusCode).toBe(201);
      expect(b.headers['idempotent-replayed']).toBe('true');
      expect(contentOf(pagamentoApi.processar, b)).toEqual(contentOf(pagamentoApi.processar, a));
      const n = await one<{ n: string }>('SELECT count(*) AS n FROM sandbox_pagamentos WHERE referencia = $1', [
        String(id),
      ]);
      expect(Number(n.n)).toBe(1);
      const outro = await processar({ ...payload, tipoPagamento: 'pix', token: null }, { chave });
      expect(outro.statusCode).toBe(422);
      expect(body(outro).message).toBe(MSG.idempotenciaOutroCorpo);
      const semChave = await processar(payload, { chave: null });
      expect(semChave.statusCode).toBeGreaterThanOrEqual(400);
      expect(semChave.statusCode).toBeLessThan(500);
    });
  });

  describe('pedido criado com pagamento', () => {
    async function criarPedido(pagamento: Record<string, unknown>, chave = novaChave()) {
      return t.app.inject({
        method: 'POST',
        url: '/api/pedido/create',
        headers: { ...bearer(tokens.maria), 'idempotency-key': chave },
        payload: {
          valorTotal: fromCents(CURSO.preco),
          clienteId: who.maria.idCliente,
          itens: [
            {
              produto: { id: cursoId },
              quantidade: 1,
              valor: fromCents(CURSO.preco),
              valorTotal: fromCents(CURSO.preco),
            },
          ],
          versaoTermos: VERSAO_TERMOS,
          dadosPessoais: {
            nome: 'Maria Cliente Silva',
            email: 'cliente@clinica.com.br',
            telefone: '(11) 9 8765-4321',
            documento: '529.982.247-25',
          },
          pagamento: {
            nome: 'Maria Cliente Silva',
            email: 'cliente@clinica.com.br',
            valor: fromCents(CURSO.preco),
            ...pagamento,
          },
        },
      });
    }

    it('PIX: the order answers with its 600 s charge', async () => {
      const res = await criarPedido({ tipoPagamento: 'pix', paymentMethodId: 'pix', token: null });
      expect(res.statusCode).toBe(201);
      const pedido = contentOf(pedidoApi.create, res);
      expect(pedido.pix).toMatchObject({ validadeSegundos: 600 });
      expect(pedido.pagamento).toMatchObject({ tipoPagamento: 'pix', status: 'pending' });
      await pagarPix(pedido.pix!.qrCode);
      await rodarTarefas();
      expect(await situacao(pedido.id)).toBe('PAGO');
    });

    /** The order's payment rows, oldest first. */
    const pagamentosDe = (pedidoId: number) =>
      t.database.raw<{ id: number; status: string; status_detalhe: string | null; provider_id: string | null }>(
        'SELECT id, status, status_detalhe, provider_id FROM pagamentos WHERE pedido_id = $1 ORDER BY id',
        [pedidoId],
      );

    it('PIX: the charge takes the place of the checkout placeholder (one row); a replay charges nothing more', async () => {
      const chave = novaChave();
      const pix = { tipoPagamento: 'pix', paymentMethodId: 'pix', token: null };
      const pedido = contentOf(pedidoApi.create, await criarPedido(pix, chave));
      const [linha, ...outras] = await pagamentosDe(pedido.id);
      expect(outras).toEqual([]);
      expect(linha).toMatchObject({ id: pedido.pagamento!.id, status: 'pending', provider_id: expect.any(String) });
      const jobs = await t.database.raw<{ chave: string }>(
        "SELECT chave FROM tarefas WHERE tipo = 'pagamento.expirar-pix'",
      );
      expect(jobs).toEqual([{ chave: `pix-expira:${linha!.id}` }]);

      const repetido = contentOf(pedidoApi.create, await criarPedido(pix, chave));
      expect(repetido.id).toBe(pedido.id);
      expect(repetido.pix).toEqual(pedido.pix);
      expect(await pagamentosDe(pedido.id)).toEqual([linha]);
      const sandbox = await one<{ n: string }>('SELECT count(*) AS n FROM sandbox_pagamentos WHERE referencia = $1', [
        String(pedido.id),
      ]);
      expect(Number(sandbox.n)).toBe(1);
    });

    it('card with a forged token: 201, the placeholder becomes the rejected attempt, order RECUSADO', async () => {
      const res = await criarPedido({
        tipoPagamento: 'credit',
        paymentMethodId: 'master',
        token: 'APRO-0123456789abcdef0123456789abcdef',
      });
      const pedido = contentOf(pedidoApi.create, res);
      expect(pedido.situacaoPedido).toBe('RECUSADO');
      expect(pedido.pagamento).toMatchObject({ tipoPagamento: 'credit', status: 'rejected' });
      expect(await pagamentosDe(pedido.id)).toEqual([
        {
          id: pedido.pagamento!.id,
          status: 'rejected',
          status_detalhe: 'cc_rejected_invalid_token',
          provider_id: null,
        },
      ]);
    });

    it('card APRO: the order answers already PAGO; card OTHE: RECUSADO', async () => {
      const ok = contentOf(
        pedidoApi.create,
        await criarPedido({ tipoPagamento: 'credit', paymentMethodId: 'master', token: (await tokenizar('APRO')).id }),
      );
      expect(ok.situacaoPedido).toBe('PAGO');
      expect(ok.pagamento).toMatchObject({ status: 'approved' });
      await t.database.raw('DELETE FROM pedidos');
      const nao = contentOf(
        pedidoApi.create,
        await criarPedido({ tipoPagamento: 'credit', paymentMethodId: 'master', token: (await tokenizar('OTHE')).id }),
      );
      expect(nao.situacaoPedido).toBe('RECUSADO');
      expect(nao.pagamento).toMatchObject({ status: 'rejected' });
    });
  });

  describe('cancelamento', () => {
    it('the customer cancels an order with a live PIX: the charge is cancelled and its code refused', async () => {
      const id = await pedidoDireto(who.maria.idCliente!);
      const r = contentOf(pagamentoApi.processar, await processar({ idPedido: id, tipoPagamento: 'pix', valor: 24.9 }));
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/pedido/cancelar/${id}`,
        headers: bearer(tokens.maria),
      });
      expect(res.statusCode).toBe(200);
      expect((await pagarPix(r.pixPaymentResponse!.qrCode)).statusCode).toBe(409);
    });

    it('staff cancel a paid order by refunding it: payment refunded, order CANCELADO', async () => {
      const id = await pedidoDireto(who.maria.idCliente!);
      await processar({
        idPedido: id,
        tipoPagamento: 'credit',
        token: (await tokenizar('APRO')).id,
        paymentMethodId: 'master',
        valor: 24.9,
      });
      expect(await situacao(id)).toBe('PAGO');
      const cliente = await t.app.inject({
        method: 'PUT',
        url: `/api/pedido/cancelar/${id}`,
        headers: bearer(tokens.maria),
      });
      expect(cliente.statusCode).toBe(409);
      const equipe = await t.app.inject({
        method: 'PUT',
        url: `/api/pedido/cancelar/${id}`,
        headers: bearer(tokens.equipe),
      });
      expect(equipe.statusCode).toBe(200);
      expect(contentOf(pedidoApi.cancelar, equipe).situacaoPedido).toBe('CANCELADO');
      const p = await one<{ status: string }>(
        'SELECT status FROM pagamentos WHERE pedido_id = $1 ORDER BY id DESC LIMIT 1',
        [id],
      );
      expect(p.status).toBe('refunded');
    });
  });
});
