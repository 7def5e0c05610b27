/**
 * Staff order moves (docs/behaviour/orders.md#shipping-and-tracking): PUT /pedido/enviar/{id} (PAGO → ENVIADO with
 * the tracking code, mailed to the client) and PUT /pedido/entregar/{id}
 * (ENVIADO → ENTREGUE); no skipping, no going back, nothing after CANCELADO or
 * RECUSADO, nothing to send for digital orders; one winner when two staff move
 * an order at once; history, audit and e-mail written with the move, and
 * nothing of them without it. Also the cancellations staff may and may not do.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { pedidoApi, type SituacaoPedido } from '@clinica/shared/schemas/pedido';
import { pedidoEquipeApi } from '@clinica/shared/schemas/pedido-equipe';
import { sandboxApi } from '@clinica/shared/schemas/sandbox';
import { DEMO_BRINDE, DEMO_CURSOS, DEMO_PRODUTOS_FISICOS } from '../../db/seed/demo-data.js';
import type { TokenSubject } from '../../lib/jwt.js';
import {
  corpoDoPedido,
  cotarFrete,
  semDescontoPixNemFreteGratis,
  tokenDeCartao,
  type PagamentoDoCorpo,
} from '../../test/checkout-fixtures.js';
import { contasDeDemonstracao } from '../../test/contas-demo.js';
import { contar } from '../../test/db-queries.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { codigoCorreios, CORREIOS_RASTREAMENTO, urlRastreio } from './pedido-rastreio.js';
import { pedidoEnderecosEntrega, pedidoHistorico, pedidoItens, pedidos } from './pedido.table.js';

const ESPELHO = DEMO_PRODUTOS_FISICOS.find((p) => p.slug === 'espelho-bucal')!;
const CURSO = DEMO_CURSOS.find((c) => c.slug === 'biosseguranca-consultorio')!;

/** A valid Correios (UPU S10) code: serial 47312482, check digit 9. */
const CORREIOS = 'AA473124829BR';

let keySeq = 0;
const novaChave = () => `staff-${process.pid}-${Date.now()}-${++keySeq}`;

describe('tracking links (Correios S10 codes only)', () => {
  it('builds the Correios link only for well-formed S10 codes with the right check digit', () => {
    expect(codigoCorreios(CORREIOS)).toBe(true);
    expect(codigoCorreios('RR473124829GB')).toBe(true);
    expect(codigoCorreios('AA473124828BR')).toBe(false); // wrong check digit
    expect(codigoCorreios('AA47312482BR')).toBe(false); // short
    expect(codigoCorreios('123456789012')).toBe(false); // a Jadlog-like number
    expect(urlRastreio(CORREIOS)).toBe(`${CORREIOS_RASTREAMENTO}${CORREIOS}`);
    expect(urlRastreio('JD-0012345678')).toBeNull();
    expect(urlRastreio(null)).toBeNull();
  });
});

describe.each(testDatabaseTargets())('pedidos: movimentos da equipe (%s)', (kind) => {
  let t: TestApp;
  const who = {} as Record<'maria' | 'empresa' | 'equipe' | 'admin', TokenSubject>;
  const tokens = {} as Record<keyof typeof who, string>;
  const produto = {} as Record<'espelho' | 'curso' | 'brinde', number>;

  const count = (sql: string, params: unknown[] = []) => contar(t.database, sql, params);

  const enviar = (id: number, payload: unknown, token: string | null = tokens.equipe) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/pedido/enviar/${id}`,
      headers: token ? bearer(token) : {},
      // Orders written here have no NF-e: the staff confirm shipping without it (ADR 031; the invoice's own
      // refusal is tested in modules/nota-fiscal).
      payload:
        payload !== null && typeof payload === 'object' && !Array.isArray(payload)
          ? { semNotaFiscal: true, ...(payload as Record<string, unknown>) }
          : (payload as Record<string, unknown>),
    });
  const entregar = (id: number, token: string | null = tokens.equipe) =>
    t.app.inject({ method: 'PUT', url: `/api/pedido/entregar/${id}`, headers: token ? bearer(token) : {} });
  const cancelar = (id: number, token: string) =>
    t.app.inject({ method: 'PUT', url: `/api/pedido/cancelar/${id}`, headers: bearer(token) });
  const ler = async (id: number, token = tokens.maria) =>
    contentOf(
      pedidoApi.detalhe,
      await t.app.inject({ method: 'GET', url: `/api/pedido/${id}`, headers: bearer(token) }),
    );

  /** The sandbox mailbox of an address, newest first. */
  const caixa = async (para: string) =>
    contentOf(
      sandboxApi.emails,
      await t.app.inject({ method: 'GET', url: `/api/sandbox/emails?para=${encodeURIComponent(para)}` }),
    );
  const auditoria = (id: number) =>
    t.database.raw<{
      usuario_id: number;
      permissao: string;
      acao: string;
      antes: Record<string, unknown> | null;
      depois: Record<string, unknown> | null;
    }>(
      "SELECT usuario_id, permissao, acao, antes, depois FROM auditoria WHERE entidade = 'pedido' AND entidade_id = $1 ORDER BY id",
      [id],
    );
  const historico = (id: number) =>
    t.database.raw<{ de: string | null; para: string; quem: string; quem_id: number | null }>(
      'SELECT de, para, quem, quem_id FROM pedido_historico WHERE pedido_id = $1 ORDER BY id',
      [id],
    );
  const linha = async (id: number) =>
    (
      await t.database.raw<{
        situacao: string;
        codigo_rastreio: string | null;
        enviado_em: unknown;
        entregue_em: unknown;
      }>('SELECT situacao, codigo_rastreio, enviado_em, entregue_em FROM pedidos WHERE id = $1', [id])
    )[0]!;

  /**
   * An order written directly to the tables: Maria's unless told, one line
   * (the mirror by default), a delivery address unless `endereco: false`.
   */
  async function pedidoDireto(
    situacao: SituacaoPedido,
    opts: {
      clienteId?: number;
      itens?: Array<{ produtoId: number; digital?: boolean; brinde?: boolean }>;
      endereco?: boolean;
      dadosEmail?: string | null;
    } = {},
  ) {
    const [p] = await t.database.db
      .insert(pedidos)
      .values({
        clienteId: opts.clienteId ?? who.maria.idCliente!,
        situacao,
        valorProdutos: 2490,
        valorFrete: 1500,
        valorTotal: 3990,
        dadosNome: 'Maria Cliente Silva',
        dadosEmail: opts.dadosEmail === undefined ? 'cliente@clinica.com.br' : opts.dadosEmail,
        entregaIdMelhorEnvio: 1,
        entregaServico: 'PAC',
        entregaTransportadora: 'Correios',
        entregaPrazoDias: 7,
      })
      .returning({ id: pedidos.id });
    const pedidoId = p!.id;
    for (const item of opts.itens ?? [{ produtoId: produto.espelho }]) {
      await t.database.db.insert(pedidoItens).values({
        pedidoId,
        produtoId: item.produtoId,
        produtoNome: 'Produto',
        quantidade: 1,
        valorUnitario: item.brinde ? 0 : 2490,
        valorTotal: item.brinde ? 0 : 2490,
        brinde: item.brinde ?? false,
        digital: item.digital ?? false,
      });
    }
    if (opts.endereco !== false) {
      await t.database.db.insert(pedidoEnderecosEntrega).values({
        pedidoId,
        cep: '01310100',
        logradouro: 'Avenida Paulista',
        numero: '1000',
        bairro: 'Bela Vista',
        municipioId: 3550308,
        ufId: 35,
      });
    }
    await t.database.db.insert(pedidoHistorico).values({ pedidoId, para: situacao, quem: 'SISTEMA' });
    return pedidoId;
  }

  /** Maria's real order of one mirror, through the checkout's route, paid by `pagamento`. */
  async function pedidoDaLoja(pagamento: PagamentoDoCorpo) {
    const opcao = await cotarFrete(t.app, [{ id: produto.espelho, quantidade: 1 }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pedido/create',
      headers: { ...bearer(tokens.maria), 'idempotency-key': novaChave() },
      payload: corpoDoPedido({
        clienteId: who.maria.idCliente!,
        itens: [{ id: produto.espelho, preco: ESPELHO.preco }],
        opcao,
        pagamento,
      }),
    });
    return { pedido: contentOf(pedidoApi.create, res), opcao };
  }

  const cartaoAprovado = async (): Promise<PagamentoDoCorpo> => ({
    tipoPagamento: 'credit',
    token: (await tokenDeCartao(t.app, 'APRO')).id,
  });

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    await semDescontoPixNemFreteGratis(t.database);
    const contas = await contasDeDemonstracao(t);
    Object.assign(who, contas.who);
    Object.assign(tokens, contas.tokens);
    const idDe = async (nome: string) =>
      Number((await t.database.raw<{ id: number }>('SELECT id FROM produtos WHERE nome = $1', [nome]))[0]!.id);
    produto.espelho = await idDe(ESPELHO.nome);
    produto.curso = await idDe(CURSO.nome);
    produto.brinde = await idDe(DEMO_BRINDE.nome);
  });
  afterAll(() => t?.dispose());

  beforeEach(async () => {
    await t.database.raw('DELETE FROM pedidos');
    await t.database.raw("DELETE FROM auditoria WHERE entidade = 'pedido'");
    await t.database.raw('DELETE FROM emails_saida');
  });

  describe('papéis', () => {
    it('anônimo 401 e cliente (mesmo o dono) 403 nas duas rotas; nada muda', async () => {
      const pago = await pedidoDireto('PAGO');
      const enviado = await pedidoDireto('ENVIADO');
      expect((await enviar(pago, { codigoRastreio: CORREIOS }, null)).statusCode).toBe(401);
      expect((await entregar(enviado, null)).statusCode).toBe(401);
      for (const token of [tokens.maria, tokens.empresa]) {
        const e = await enviar(pago, { codigoRastreio: CORREIOS }, token);
        expect(e.statusCode).toBe(403);
        expect(body(e).message).toBe(MSG.semPermissao);
        expect((await entregar(enviado, token)).statusCode).toBe(403);
      }
      expect((await linha(pago)).situacao).toBe('PAGO');
      expect((await linha(enviado)).situacao).toBe('ENVIADO');
      expect(await auditoria(pago)).toEqual([]);
      expect(await caixa('cliente@clinica.com.br')).toEqual([]);
    });

    it('pedido inexistente: 404 para a equipe', async () => {
      const e = await enviar(999_999, { codigoRastreio: CORREIOS });
      expect(e.statusCode).toBe(404);
      expect(body(e).message).toBe(MSG_API.pedidoNaoEncontrado);
      expect((await entregar(999_999, tokens.admin)).statusCode).toBe(404);
    });
  });

  describe('PAGO → ENVIADO → ENTREGUE', () => {
    it('pedido da loja pago por PIX: a equipe envia (código aparado e em maiúsculas), o cliente recebe o e-mail; o gerente entrega', async () => {
      const { pedido, opcao } = await pedidoDaLoja({ tipoPagamento: 'pix' });
      const pagar = await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/pix/pagar',
        payload: { codigo: pedido.pix!.qrCode },
      });
      expect(pagar.statusCode).toBe(200);
      for (let i = 0; i < 5; i++) await t.app.jobWorker.runOnce();
      expect((await linha(pedido.id)).situacao).toBe('PAGO');
      await t.database.raw('DELETE FROM emails_saida');

      const res = await enviar(pedido.id, { codigoRastreio: `  ${CORREIOS.toLowerCase()} ` });
      expect(res.statusCode).toBe(200);
      expect(body(res).message).toBe(MSG_BO.pedidoEnviado);
      const enviado = contentOf(pedidoEquipeApi.enviar, res);
      expect(enviado.situacaoPedido).toBe('ENVIADO');
      expect(enviado.rastreio).toMatchObject({
        codigo: CORREIOS,
        url: `${CORREIOS_RASTREAMENTO}${CORREIOS}`,
        entregueEm: null,
      });
      expect(Date.parse(enviado.rastreio!.enviadoEm!)).toBeGreaterThan(Date.now() - 60_000);
      expect(enviado.historico.at(-1)).toMatchObject({
        de: 'PAGO',
        para: 'ENVIADO',
        quem: 'USUARIO',
        quemId: who.equipe.id,
      });
      expect(await linha(pedido.id)).toMatchObject({ situacao: 'ENVIADO', codigo_rastreio: CORREIOS });

      // The client sees the code on the order.
      expect((await ler(pedido.id)).rastreio?.codigo).toBe(CORREIOS);

      const [email, ...outros] = await caixa('cliente@clinica.com.br');
      expect(outros).toEqual([]);
      expect(email!.assunto).toBe(`Seu pedido #${pedido.id} foi enviado`);
      expect(email!.texto).toContain(`Código de rastreio: ${CORREIOS}`);
      expect(email!.texto).toContain(`#${pedido.id}`);
      expect(email!.texto).toContain(`${opcao.company.name} – ${opcao.name}`);
      expect(email!.texto).toContain(`Rastrear pedido: ${CORREIOS_RASTREAMENTO}${CORREIOS}`);
      expect(email!.html).toContain(`href="${CORREIOS_RASTREAMENTO}${CORREIOS}"`);

      const [auditEnvio] = await auditoria(pedido.id);
      expect(auditEnvio).toMatchObject({
        usuario_id: who.equipe.id,
        permissao: 'USUARIO',
        acao: 'ENVIAR',
        antes: { id: pedido.id, situacao: 'PAGO', codigoRastreio: null, enviadoEm: null },
        depois: { id: pedido.id, situacao: 'ENVIADO', codigoRastreio: CORREIOS, entregueEm: null },
      });

      const fim = await entregar(pedido.id, tokens.admin);
      expect(fim.statusCode).toBe(200);
      expect(body(fim).message).toBe(MSG_BO.pedidoEntregue);
      const entregue = contentOf(pedidoEquipeApi.entregar, fim);
      expect(entregue.situacaoPedido).toBe('ENTREGUE');
      expect(entregue.rastreio).toMatchObject({ codigo: CORREIOS });
      expect(entregue.rastreio!.entregueEm).not.toBeNull();
      expect(entregue.historico.map((h) => [h.de, h.para, h.quem])).toEqual([
        [null, 'PENDENTE', 'CLIENTE'],
        ['PENDENTE', 'PAGO', 'SISTEMA'],
        ['PAGO', 'ENVIADO', 'USUARIO'],
        ['ENVIADO', 'ENTREGUE', 'ADMIN'],
      ]);
      expect(entregue.historico.at(-1)!.quemId).toBe(who.admin.id);
      const audit = await auditoria(pedido.id);
      expect(audit).toHaveLength(2);
      expect(audit[1]).toMatchObject({
        usuario_id: who.admin.id,
        permissao: 'ADMIN',
        acao: 'ENTREGAR',
        antes: { situacao: 'ENVIADO', entregueEm: null },
        depois: { situacao: 'ENTREGUE', codigoRastreio: CORREIOS },
      });
      const emails = await caixa('cliente@clinica.com.br');
      expect(emails.map((e) => e.assunto)).toEqual([
        `Seu pedido #${pedido.id} foi entregue`,
        `Seu pedido #${pedido.id} foi enviado`,
      ]);

      // The staff list finds it by its new status.
      const lista = contentOf(
        pedidoApi.listagemAdmin,
        await t.app.inject({
          method: 'GET',
          url: '/api/pedido/admin/listagem?situacao=ENTREGUE',
          headers: bearer(tokens.equipe),
        }),
      );
      expect(lista.pedidos.map((p) => p.id)).toEqual([pedido.id]);
    });

    it('outra transportadora: código sem formato dos Correios fica sem link (no pedido e no e-mail)', async () => {
      const id = await pedidoDireto('PAGO');
      const res = contentOf(pedidoEquipeApi.enviar, await enviar(id, { codigoRastreio: 'jd-0012345678' }));
      expect(res.rastreio).toMatchObject({ codigo: 'JD-0012345678', url: null });
      const [email] = await caixa('cliente@clinica.com.br');
      expect(email!.texto).toContain('Código de rastreio: JD-0012345678');
      expect(email!.texto).not.toContain('Rastrear pedido');
      // No guessed carrier link: the e-mail's only link is the order's page (pedido-emails.ts).
      expect(email!.html).not.toContain('rastreamento.correios');
      expect([...(email!.html ?? '').matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([
        `/orders/${who.maria.id}?idPedido=${id}`,
      ]);
      // A Correios-shaped code with a wrong check digit is kept, without a guessed link.
      const outro = await pedidoDireto('PAGO');
      expect(
        contentOf(pedidoEquipeApi.enviar, await enviar(outro, { codigoRastreio: 'AA473124828BR' })).rastreio?.url,
      ).toBeNull();
    });

    it('o e-mail vai para o e-mail do comprador informado no pedido; sem ele, para o e-mail da conta do cliente', async () => {
      const outro = await pedidoDireto('PAGO', { dadosEmail: 'compras@consultorio.com.br' });
      expect((await enviar(outro, { codigoRastreio: CORREIOS })).statusCode).toBe(200);
      expect((await caixa('compras@consultorio.com.br')).map((e) => e.assunto)).toEqual([
        `Seu pedido #${outro} foi enviado`,
      ]);
      expect(await caixa('cliente@clinica.com.br')).toEqual([]);
      const semEmail = await pedidoDireto('PAGO', { dadosEmail: null });
      expect((await enviar(semEmail, { codigoRastreio: CORREIOS })).statusCode).toBe(200);
      expect((await caixa('cliente@clinica.com.br')).map((e) => e.assunto)).toEqual([
        `Seu pedido #${semEmail} foi enviado`,
      ]);
    });

    it('código de rastreio inválido ou ausente: 400 com a mensagem, e nada muda', async () => {
      const id = await pedidoDireto('PAGO');
      for (const payload of [
        {},
        { codigoRastreio: '' },
        { codigoRastreio: '   ' },
        { codigoRastreio: 'AB1' },
        { codigoRastreio: 'AA 473124829 BR' },
        { codigoRastreio: 'ÁB123456' },
        { codigoRastreio: 'A'.repeat(51) },
        { codigoRastreio: 12345678 },
        { codigoRastreio: null },
      ]) {
        const res = await enviar(id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(body(res)).toMatchObject({
          message: MSG.erroValidacao,
          content: { errors: [{ campo: 'codigoRastreio', mensagem: MSG_BO.codigoRastreioInvalido }] },
        });
      }
      expect(await linha(id)).toMatchObject({ situacao: 'PAGO', codigo_rastreio: null });
      // 50 characters is the limit.
      expect((await enviar(id, { codigoRastreio: 'A'.repeat(50) })).statusCode).toBe(200);
    });
  });

  describe('movimentos recusados (409): sem pular, sem voltar, nada depois de cancelado ou recusado', () => {
    const ENVIAR: Array<[SituacaoPedido, string]> = [
      ['PENDENTE', MSG_BO.pedidoNaoPagoNaoEnvia],
      ['RECUSADO', MSG_BO.pedidoNaoPagoNaoEnvia],
      ['ENVIADO', MSG_BO.pedidoJaEnviado],
      ['ENTREGUE', MSG_BO.pedidoJaEntregue],
      ['CANCELADO', MSG_BO.pedidoCanceladoNaoEnvia],
    ];
    const ENTREGAR: Array<[SituacaoPedido, string]> = [
      ['PENDENTE', MSG_BO.pedidoEntregarNaoEnviado],
      ['RECUSADO', MSG_BO.pedidoEntregarNaoEnviado],
      ['PAGO', MSG_BO.pedidoEntregarNaoEnviado],
      ['ENTREGUE', MSG_BO.pedidoJaEntregue],
      ['CANCELADO', MSG_BO.pedidoCanceladoNaoEntrega],
    ];

    it.each(ENVIAR)('enviar um pedido %s: 409', async (situacao, mensagem) => {
      const id = await pedidoDireto(situacao);
      const res = await enviar(id, { codigoRastreio: CORREIOS });
      expect(res.statusCode).toBe(409);
      expect(body(res).message).toBe(mensagem);
      expect((await linha(id)).situacao).toBe(situacao);
      expect(await historico(id)).toHaveLength(1);
      expect(await auditoria(id)).toEqual([]);
      expect(await caixa('cliente@clinica.com.br')).toEqual([]);
    });

    it.each(ENTREGAR)('entregar um pedido %s: 409', async (situacao, mensagem) => {
      const id = await pedidoDireto(situacao);
      const res = await entregar(id, tokens.admin);
      expect(res.statusCode).toBe(409);
      expect(body(res).message).toBe(mensagem);
      expect(await linha(id)).toMatchObject({ situacao, entregue_em: null });
      expect(await historico(id)).toHaveLength(1);
      expect(await auditoria(id)).toEqual([]);
      expect(await caixa('cliente@clinica.com.br')).toEqual([]);
    });

    it('pedido sem nada a entregar (só cursos, ou cursos e brinde sem endereço): não é enviado', async () => {
      const digital = await pedidoDireto('PAGO', {
        itens: [{ produtoId: produto.curso, digital: true }],
        endereco: false,
      });
      const comBrinde = await pedidoDireto('PAGO', {
        itens: [
          { produtoId: produto.curso, digital: true },
          { produtoId: produto.brinde, brinde: true },
        ],
        endereco: false,
      });
      for (const id of [digital, comBrinde]) {
        const res = await enviar(id, { codigoRastreio: CORREIOS });
        expect(res.statusCode).toBe(409);
        expect(body(res).message).toBe(MSG_BO.pedidoSemEnvio);
        expect(await linha(id)).toMatchObject({ situacao: 'PAGO', codigo_rastreio: null });
        expect(await auditoria(id)).toEqual([]);
      }
      // A physical gift that goes to an address is something to carry.
      const brindeComEndereco = await pedidoDireto('PAGO', {
        itens: [
          { produtoId: produto.curso, digital: true },
          { produtoId: produto.brinde, brinde: true },
        ],
      });
      expect((await enviar(brindeComEndereco, { codigoRastreio: CORREIOS })).statusCode).toBe(200);
      expect(await caixa('cliente@clinica.com.br')).toHaveLength(1);
    });
  });

  describe('concorrência', () => {
    it('duas pessoas da equipe enviam o mesmo pedido ao mesmo tempo: um 200, o outro 409; um histórico, uma auditoria, um e-mail', async () => {
      const id = await pedidoDireto('PAGO');
      const rs = await Promise.all([
        enviar(id, { codigoRastreio: CORREIOS }, tokens.equipe),
        enviar(id, { codigoRastreio: 'JD-0012345678' }, tokens.admin),
      ]);
      expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const perdedor = rs.find((r) => r.statusCode === 409)!;
      expect(body(perdedor).message).toBe(MSG_BO.pedidoJaEnviado);
      const vencedor = contentOf(
        pedidoEquipeApi.enviar,
        rs.find((r) => r.statusCode === 200)!,
      );
      expect((await linha(id)).codigo_rastreio).toBe(vencedor.rastreio!.codigo);
      expect((await historico(id)).filter((h) => h.para === 'ENVIADO')).toHaveLength(1);
      expect(await auditoria(id)).toHaveLength(1);
      expect(await caixa('cliente@clinica.com.br')).toHaveLength(1);
    });

    it('duas entregas simultâneas: uma vence', async () => {
      const id = await pedidoDireto('ENVIADO');
      const rs = await Promise.all([entregar(id, tokens.equipe), entregar(id, tokens.admin)]);
      expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(body(rs.find((r) => r.statusCode === 409)!).message).toBe(MSG_BO.pedidoJaEntregue);
      expect((await historico(id)).filter((h) => h.para === 'ENTREGUE')).toHaveLength(1);
      expect(await auditoria(id)).toHaveLength(1);
    });

    it('envio e cancelamento ao mesmo tempo num pedido pendente: nunca os dois', async () => {
      const id = await pedidoDireto('PENDENTE');
      const rs = await Promise.all([enviar(id, { codigoRastreio: CORREIOS }), cancelar(id, tokens.admin)]);
      // The order is not paid: the move is refused whichever runs first; the cancellation wins.
      expect(rs.map((r) => r.statusCode)).toEqual([409, 200]);
      expect((await linha(id)).situacao).toBe('CANCELADO');
    });
  });

  describe('cancelamento só antes de ENVIADO', () => {
    it.each(['ENVIADO', 'ENTREGUE'] as const)(
      'pedido %s: nem a equipe, nem o gerente, nem o cliente cancelam (409); nada de auditoria',
      async (situacao) => {
        const id = await pedidoDireto(situacao);
        for (const token of [tokens.equipe, tokens.admin, tokens.maria]) {
          const res = await cancelar(id, token);
          expect(res.statusCode).toBe(409);
          expect(body(res).message).toBe(MSG.pedidoEnviadoNaoCancela);
        }
        expect((await linha(id)).situacao).toBe(situacao);
        expect(await auditoria(id)).toEqual([]);
      },
    );

    it('a equipe cancela um pedido pendente: auditoria CANCELAR; o cancelamento do cliente não é auditado', async () => {
      const daEquipe = await pedidoDireto('PENDENTE');
      expect((await cancelar(daEquipe, tokens.equipe)).statusCode).toBe(200);
      expect(await auditoria(daEquipe)).toEqual([
        {
          usuario_id: who.equipe.id,
          permissao: 'USUARIO',
          acao: 'CANCELAR',
          antes: { id: daEquipe, situacao: 'PENDENTE' },
          depois: { id: daEquipe, situacao: 'CANCELADO' },
        },
      ]);
      const doCliente = await pedidoDireto('RECUSADO');
      expect((await cancelar(doCliente, tokens.maria)).statusCode).toBe(200);
      expect(await auditoria(doCliente)).toEqual([]);
      // A refused cancellation writes nothing either.
      expect((await cancelar(daEquipe, tokens.admin)).statusCode).toBe(409);
      expect(await auditoria(daEquipe)).toHaveLength(1);
    });

    it('a equipe cancela um pedido pago estornando o pagamento: CANCELADO, auditoria com o estorno; depois não se envia', async () => {
      const { pedido } = await pedidoDaLoja(await cartaoAprovado());
      expect(pedido.situacaoPedido).toBe('PAGO');
      const res = await cancelar(pedido.id, tokens.admin);
      expect(res.statusCode).toBe(200);
      expect(contentOf(pedidoApi.cancelar, res).situacaoPedido).toBe('CANCELADO');
      expect(await auditoria(pedido.id)).toEqual([
        {
          usuario_id: who.admin.id,
          permissao: 'ADMIN',
          acao: 'CANCELAR',
          antes: { id: pedido.id, situacao: 'PAGO' },
          depois: { id: pedido.id, situacao: 'CANCELADO', estorno: true },
        },
      ]);
      const depois = await enviar(pedido.id, { codigoRastreio: CORREIOS });
      expect(depois.statusCode).toBe(409);
      expect(body(depois).message).toBe(MSG_BO.pedidoCanceladoNaoEnvia);
      expect(await count("SELECT count(*) AS n FROM emails_saida WHERE assunto LIKE 'Seu pedido%foi enviado'")).toBe(0);
    });
  });
});
