/**
 * The order e-mails driven through the real flows (docs/behaviour/orders.md#order-e-mails, ADR 030): each is in
 * the outbox once the change that causes it happened, and only once (a retried request, a duplicate notice, a job
 * run again send nothing more).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { DEMO_ACCOUNTS, DEMO_CURSOS, DEMO_PRODUTOS_FISICOS } from '../../db/seed/demo-data.js';
import type { TokenSubject } from '../../lib/jwt.js';
import {
  corpoDoPedido,
  cotarFrete,
  semDescontoPixNemFreteGratis,
  tokenDeCartao,
  type PagamentoDoCorpo,
} from '../../test/checkout-fixtures.js';
import { bearer, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { caixaDeSaida } from '../../test/outbox.js';

const ESPELHO = DEMO_PRODUTOS_FISICOS.find((p) => p.slug === 'espelho-bucal')!;
const CURSO = DEMO_CURSOS.find((c) => c.slug === 'biosseguranca-consultorio')!;
const PARA = 'cliente@clinica.com.br';
const PUBLIC_URL = 'https://loja.sorrisopleno.com.br';

let seq = 0;
const novaChave = () => `em-${process.pid}-${Date.now()}-${++seq}`;

describe.each(testDatabaseTargets())('e-mails do pedido nos fluxos (%s)', (kind) => {
  let t: TestApp;
  const who = {} as Record<'maria' | 'equipe', TokenSubject>;
  const tokens = {} as Record<keyof typeof who, string>;
  const produto = {} as Record<'espelho' | 'curso', { id: number; preco: number }>;

  const raw = <T>(sql: string, params: unknown[] = []) => t.database.raw<T>(sql, params);
  const rodarTarefas = async () => {
    for (let i = 0; i < 6; i++) await t.app.jobWorker.runOnce();
  };
  const caixa = () => caixaDeSaida(t.app, PARA);
  const assuntos = async () => (await caixa()).map((e) => e.assunto);

  async function criar(slug: 'espelho' | 'curso', pagamento: PagamentoDoCorpo, chave = novaChave()) {
    const item = produto[slug];
    const body = corpoDoPedido({
      clienteId: who.maria.idCliente!,
      itens: [item],
      opcao: slug === 'espelho' ? await cotarFrete(t.app, [{ id: item.id, quantidade: 1 }]) : null,
      pagamento,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pedido/create',
      headers: { ...bearer(tokens.maria), 'idempotency-key': chave },
      payload: body,
    });
    return { pedido: contentOf(pedidoApi.create, res), chave, body };
  }
  const pagarPix = (codigo: string) =>
    t.app.inject({ method: 'POST', url: '/api/sandbox/pix/pagar', payload: { codigo } });
  const cartao = async (titular: string): Promise<PagamentoDoCorpo> => ({
    tipoPagamento: 'credit',
    token: (await tokenDeCartao(t.app, titular)).id,
  });
  const linkDoPedido = (id: number) => `${PUBLIC_URL}/orders/${who.maria.id}?idPedido=${id}`;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true, config: { PUBLIC_URL } });
    await semDescontoPixNemFreteGratis(t.database);
    const ids = async (email: string) => {
      const [row] = await raw<{ id: number; cliente: number | null }>(
        'SELECT u.id, c.id AS cliente FROM usuarios u LEFT JOIN clientes c ON c.usuario_id = u.id WHERE u.email = $1',
        [email],
      );
      return { id: Number(row!.id), idCliente: row!.cliente === null ? null : Number(row!.cliente) };
    };
    who.maria = { ...(await ids(DEMO_ACCOUNTS.cliente.email)), permissao: 'CLIENTE' };
    who.equipe = { ...(await ids(DEMO_ACCOUNTS.equipe.email)), permissao: 'USUARIO' };
    for (const k of Object.keys(who) as Array<keyof typeof who>) tokens[k] = await t.issueToken(who[k]);
    for (const [slug, nome] of [
      ['espelho', ESPELHO.nome],
      ['curso', CURSO.nome],
    ] as const) {
      const [row] = await raw<{ id: number; preco: string }>(
        'SELECT id, preco::text AS preco FROM produtos WHERE nome = $1',
        [nome],
      );
      produto[slug] = { id: Number(row!.id), preco: Math.round(Number(row!.preco) * 100) };
    }
  });
  afterAll(() => t?.dispose());
  beforeEach(async () => {
    await rodarTarefas();
    await raw('DELETE FROM emails_saida');
  });

  it('PIX: "recebido" com o código copia e cola e o link do pedido; repetir a requisição não manda outro', async () => {
    const { pedido, chave } = await criar('espelho', { tipoPagamento: 'pix' });
    const [email, ...outros] = await caixa();
    expect(outros).toEqual([]);
    expect(email!.assunto).toBe(`Recebemos seu pedido #${pedido.id}`);
    expect(email!.texto).toContain(pedido.pix!.qrCode);
    expect(email!.texto).toContain(ESPELHO.nome);
    expect(email!.texto).toContain('Avenida Paulista, 1000');
    expect(email!.texto).toContain(linkDoPedido(pedido.id));
    expect(email!.html).toContain('PIX Copia e Cola');
    // The same checkout attempt again (a lost answer): the same order, no second e-mail.
    await criar('espelho', { tipoPagamento: 'pix' }, chave);
    expect(await assuntos()).toEqual([`Recebemos seu pedido #${pedido.id}`]);
  });

  it('boleto: "recebido" com a linha digitável e o vencimento', async () => {
    const { pedido } = await criar('espelho', { tipoPagamento: 'boleto' });
    const [email, ...outros] = await caixa();
    expect(outros).toEqual([]);
    expect(email!.assunto).toBe(`Recebemos seu pedido #${pedido.id}`);
    expect(pedido.boleto).not.toBeNull();
    expect(email!.texto).toContain(pedido.boleto!.linhaDigitavel);
    expect(email!.texto).toContain(`Vencimento: ${pedido.boleto!.vencimento.split('-').reverse().join('/')}`);
    expect(email!.texto).toContain(`Ver o boleto: ${linkDoPedido(pedido.id)}`);
  });

  it('cartão aprovado na hora: um só e-mail, "Pedido confirmado", com o recibo', async () => {
    const { pedido } = await criar('espelho', await cartao('APRO'));
    expect(pedido.situacaoPedido).toBe('PAGO');
    const [email, ...outros] = await caixa();
    expect(outros).toEqual([]);
    expect(email!.assunto).toBe(`Pedido #${pedido.id} confirmado`);
    expect(email!.texto).toContain('Forma de pagamento: Cartão de crédito Mastercard');
    expect(email!.texto).toContain('À vista');
  });

  it('cartão recusado: "Pagamento não aprovado" com o link para pagar de novo', async () => {
    const { pedido } = await criar('espelho', await cartao('OTHE'));
    expect(pedido.situacaoPedido).toBe('RECUSADO');
    const [email, ...outros] = await caixa();
    expect(outros).toEqual([]);
    expect(email!.assunto).toBe(`Pagamento não aprovado – pedido #${pedido.id}`);
    expect(email!.texto).toContain(`Pagar novamente: ${linkDoPedido(pedido.id)}`);
    expect(email!.texto).toContain('Motivo informado: recusado pelo banco emissor.');
  });

  it('PIX pago no banco do sandbox: "Pagamento aprovado"; um aviso repetido não manda outro', async () => {
    const { pedido } = await criar('espelho', { tipoPagamento: 'pix' });
    expect((await pagarPix(pedido.pix!.qrCode)).statusCode).toBe(200);
    await rodarTarefas();
    expect(await assuntos()).toEqual([
      `Recebemos seu pedido #${pedido.id}`,
      `Pagamento aprovado – pedido #${pedido.id}`,
    ]);
    const aprovado = (await caixa())[1]!;
    expect(aprovado.texto).toContain('Forma de pagamento: PIX');
    // The provider's notice again (a duplicate webhook, the reconciler's re-read): nothing new.
    const [pago] = await raw<{ provider_id: string }>(
      "SELECT provider_id FROM pagamentos WHERE pedido_id = $1 AND status = 'approved'",
      [pedido.id],
    );
    await t.app.jobs.enqueue('pagamento.sincronizar', { provedor: 'sandbox', providerId: pago!.provider_id });
    await rodarTarefas();
    expect(await assuntos()).toHaveLength(2);
  });

  it('pedido com curso pago: "Seu curso já está na sua Biblioteca" com o link da sala de aula', async () => {
    const { pedido } = await criar('curso', { tipoPagamento: 'pix' });
    await pagarPix(pedido.pix!.qrCode);
    await rodarTarefas();
    const curso = (await caixa()).find((e) => e.assunto === 'Seu curso já está na sua Biblioteca');
    expect(curso).toBeDefined();
    expect(curso!.texto).toContain(CURSO.nome);
    expect(curso!.texto).toContain(`${PUBLIC_URL}/classRoom/${produto.curso.id}`);
  });

  it('cliente cancela: "Pedido cancelado, como você pediu", uma vez', async () => {
    const { pedido } = await criar('espelho', { tipoPagamento: 'pix' });
    const cancelar = () =>
      t.app.inject({ method: 'PUT', url: `/api/pedido/cancelar/${pedido.id}`, headers: bearer(tokens.maria) });
    expect((await cancelar()).statusCode).toBe(200);
    expect((await cancelar()).statusCode).toBe(409);
    await rodarTarefas();
    const emails = await caixa();
    expect(emails.map((e) => e.assunto)).toEqual([
      `Recebemos seu pedido #${pedido.id}`,
      `Pedido #${pedido.id} cancelado`,
    ]);
    expect(emails[1]!.texto).toContain('foi cancelado, como você pediu');
  });

  it('equipe cancela um pedido pago: o estorno confirmado manda "Estorno do pedido", com valor e fatura', async () => {
    const { pedido } = await criar('espelho', await cartao('APRO'));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/pedido/cancelar/${pedido.id}`,
      headers: bearer(tokens.equipe),
    });
    expect(res.statusCode).toBe(200);
    await rodarTarefas();
    const [, estorno, ...outros] = await caixa();
    expect(outros).toEqual([]);
    expect(estorno!.assunto).toBe(`Estorno do pedido #${pedido.id}`);
    expect(estorno!.texto).toContain('O estorno aparece na fatura do cartão em até 2 faturas');
    expect(estorno!.texto).toContain(`Valor estornado: R$`);
  });

  it('PIX vencido (a tarefa de expiração): "O PIX do pedido expirou", uma vez mesmo se a tarefa rodar de novo', async () => {
    const { pedido } = await criar('espelho', { tipoPagamento: 'pix' });
    const [pix] = await raw<{ id: number }>("SELECT id FROM pagamentos WHERE pedido_id = $1 AND tipo = 'pix'", [
      pedido.id,
    ]);
    // This PIX's expiry job is due now (other tests' PIX charges stay as they are).
    await raw("UPDATE tarefas SET executar_em = now() WHERE chave = $1 AND status = 'PENDENTE'", [
      `pix-expira:${pix!.id}`,
    ]);
    await rodarTarefas();
    await t.app.jobs.enqueue('pagamento.expirar-pix', { pagamentoId: Number(pix!.id) });
    await rodarTarefas();
    expect(await assuntos()).toEqual([`Recebemos seu pedido #${pedido.id}`, `O PIX do pedido #${pedido.id} expirou`]);
  });
  it('boleto vencido (a tarefa de expiração): "Pedido cancelado" porque o boleto venceu, uma vez', async () => {
    const { pedido } = await criar('espelho', { tipoPagamento: 'boleto' });
    const [boleto] = await raw<{ id: number }>("SELECT id FROM pagamentos WHERE pedido_id = $1 AND tipo = 'boleto'", [
      pedido.id,
    ]);
    // Past its due date and grace days: the expiry job runs now, and once more.
    await raw("UPDATE pagamentos SET expira_em = now() - interval '1 minute' WHERE id = $1", [boleto!.id]);
    await raw("UPDATE tarefas SET executar_em = now() WHERE chave = $1 AND status = 'PENDENTE'", [
      `boleto-expira:${boleto!.id}`,
    ]);
    await rodarTarefas();
    await t.app.jobs.enqueue('pagamento.expirar-boleto', { pagamentoId: Number(boleto!.id) });
    await rodarTarefas();
    const emails = await caixa();
    expect(emails.map((e) => e.assunto)).toEqual([
      `Recebemos seu pedido #${pedido.id}`,
      `Pedido #${pedido.id} cancelado`,
    ]);
    expect(emails[1]!.texto).toContain('porque o boleto venceu sem pagamento');
  });
});
