/**
 * The CRO rule of professional-use products (ADR 037, RDC 6/2015): the customer's CRO in the profile
 * (PUT /cliente/{id}/cro), the order refused without it (422 naming the item), the CRO recorded on the order when it has
 * a professional item and shown by its read, and printed on the invoice (DANFE, XML and the provider's data).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_ANVISA } from '@clinica/shared/messages-anvisa';
import { toCents, type Cents } from '@clinica/shared/money';
import { clienteApi } from '@clinica/shared/schemas/cliente';
import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { DEMO_ACCOUNTS, DEMO_PRODUTOS_FISICOS } from '../../db/seed/demo-data.js';
import { corpoDoPedido, cotarFrete, semDescontoPixNemFreteGratis } from '../../test/checkout-fixtures.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { textoDoPdf } from '../../test/pdf-texto.js';

const fisico = (slug: string) => DEMO_PRODUTOS_FISICOS.find((p) => p.slug === slug)!;
const GEL = fisico('gel-clareador-16'); // uso profissional
const ESPELHO = fisico('espelho-bucal');

let seq = 0;
const novaChave = () => `anvisa-${process.pid}-${Date.now()}-${++seq}`;

describe.each(testDatabaseTargets())('CRO e produtos de uso profissional (%s)', (kind) => {
  let t: TestApp;
  const produto = {} as Record<'gel' | 'espelho', { id: number; preco: Cents }>;
  const raw = <T>(sql: string, params: unknown[] = []) => t.database.raw<T>(sql, params);

  /** A new customer without a CRO, with a token. */
  async function novoCliente() {
    const n = `${kind}-${++seq}-${Date.now()}`;
    const [u] = await raw<{ id: number }>(
      `INSERT INTO usuarios (nome, email, senha_hash, permissao_id, ativo, confirmado)
       VALUES ('Cliente CRO', $1, 'x', 2, true, true) RETURNING id`,
      [`cro-${n}@example.com`],
    );
    const usuarioId = Number(u!.id);
    const [c] = await raw<{ id: number }>(
      `INSERT INTO clientes (usuario_id, juridica, nome, cpf, telefone)
       VALUES ($1, false, 'Cliente CRO', $2, '11900000000') RETURNING id`,
      [usuarioId, String(usuarioId).padStart(11, '7')],
    );
    const clienteId = Number(c!.id);
    const token = await t.issueToken({ id: usuarioId, permissao: 'CLIENTE', idCliente: clienteId });
    return { usuarioId, clienteId, token };
  }

  const definirCro = (cliente: { clienteId: number; token: string }, payload: unknown, token = cliente.token) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/cliente/${cliente.clienteId}/cro`,
      headers: bearer(token),
      payload: payload as Record<string, unknown>,
    });

  async function pedir(cliente: { clienteId: number; token: string }, itens: Array<{ id: number; preco: Cents }>) {
    const opcao = await cotarFrete(
      t.app,
      itens.map((i) => ({ id: i.id, quantidade: 1 })),
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/pedido/create',
      headers: { ...bearer(cliente.token), 'idempotency-key': novaChave() },
      payload: corpoDoPedido({ clienteId: cliente.clienteId, itens, opcao, pagamento: { tipoPagamento: 'pix' } }),
    });
  }

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    await semDescontoPixNemFreteGratis(t.database);
    for (const [k, p] of [
      ['gel', GEL],
      ['espelho', ESPELHO],
    ] as const) {
      const [r] = await raw<{ id: number; preco: string }>(
        'SELECT id, preco::text AS preco FROM produtos WHERE nome = $1',
        [p.nome],
      );
      produto[k] = { id: Number(r!.id), preco: toCents(r!.preco) };
    }
    await raw('UPDATE produtos SET estoque = estoque + 100 WHERE id = $1', [produto.gel.id]);
  });
  afterAll(() => t?.dispose());

  describe('o CRO no perfil', () => {
    it('é informado com pontos e zeros à esquerda, lido no perfil, e removido com null', async () => {
      const c = await novoCliente();
      const res = await definirCro(c, { numero: '012.345', uf: 'SP' });
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res).message).toBe(MSG_ANVISA.croSalvo);
      expect(contentOf(clienteApi.editarCro, res).cro).toEqual({ numero: '12345', uf: 'SP' });
      const perfil = await t.app.inject({
        method: 'GET',
        url: `/api/profile/${c.usuarioId}`,
        headers: bearer(c.token),
      });
      expect(contentOf(clienteApi.perfil, perfil).cro).toEqual({ numero: '12345', uf: 'SP' });

      const remove = await definirCro(c, { numero: null, uf: null });
      expect(remove.statusCode).toBe(200);
      expect(body(remove).message).toBe(MSG_ANVISA.croRemovido);
      expect(contentOf(clienteApi.editarCro, remove).cro).toBeNull();
    });

    it.each([
      ['7 dígitos', { numero: '1234567', uf: 'SP' }, { numero: MSG_ANVISA.croNumeroInvalido }],
      ['letras', { numero: '12A45', uf: 'SP' }, { numero: MSG_ANVISA.croNumeroInvalido }],
      ['zero', { numero: '0', uf: 'SP' }, { numero: MSG_ANVISA.croNumeroInvalido }],
      ['UF que não existe', { numero: '12345', uf: 'XX' }, { uf: MSG_ANVISA.croUfInvalida }],
      ['UF em minúsculas', { numero: '12345', uf: 'sp' }, { uf: MSG_ANVISA.croUfInvalida }],
      ['sem UF', { numero: '12345', uf: null }, { uf: MSG_ANVISA.croUfInvalida }],
      ['sem número', { numero: '', uf: 'RJ' }, { numero: MSG_ANVISA.croNumeroInvalido }],
      ['número que não é texto', { numero: 12345, uf: 'RJ' }, { numero: MSG_ANVISA.croNumeroInvalido }],
    ])('%s: 400 com a mensagem no campo, nada gravado', async (_nome, payload, esperado) => {
      const c = await novoCliente();
      const res = await definirCro(c, payload);
      expect(res.statusCode).toBe(400);
      const erros = Object.fromEntries(
        (body<{ errors?: { campo: string; mensagem: string }[] }>(res).content.errors ?? []).map((e) => [
          e.campo,
          e.mensagem,
        ]),
      );
      expect(erros).toMatchObject(esperado);
      const [linha] = await raw<{ cro_numero: string | null }>('SELECT cro_numero FROM clientes WHERE id = $1', [
        c.clienteId,
      ]);
      expect(linha!.cro_numero).toBeNull();
    });

    it('o CRO de outro cliente é 403; a equipe também não o edita', async () => {
      const dono = await novoCliente();
      const outro = await novoCliente();
      expect((await definirCro(dono, { numero: '1', uf: 'SP' }, outro.token)).statusCode).toBe(403);
      const equipe = await t.login(DEMO_ACCOUNTS.equipe.email, DEMO_ACCOUNTS.equipe.password);
      expect((await definirCro(dono, { numero: '1', uf: 'SP' }, equipe)).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'PUT', url: `/api/cliente/${dono.clienteId}/cro`, payload: {} })).statusCode,
      ).toBe(401);
    });
  });

  describe('o pedido', () => {
    it('sem CRO, um produto de uso profissional é recusado com 422 que o nomeia, e nada é gravado', async () => {
      const c = await novoCliente();
      const antes = Number((await raw<{ n: number }>('SELECT count(*)::int AS n FROM pedidos'))[0]!.n);
      const reservado = (
        await raw<{ r: number }>('SELECT reservado AS r FROM produtos WHERE id = $1', [produto.gel.id])
      )[0]!.r;
      const res = await pedir(c, [produto.espelho, produto.gel]);
      expect(res.statusCode, res.body).toBe(422);
      const texto = MSG_ANVISA.pedidoSemCro.replace('{produto}', GEL.nome);
      expect(body(res).message).toBe(texto);
      expect(body<{ errors: { campo: string; mensagem: string }[] }>(res).content.errors).toEqual([
        { campo: 'itens.1.produto.id', mensagem: texto },
      ]);
      expect(Number((await raw<{ n: number }>('SELECT count(*)::int AS n FROM pedidos'))[0]!.n)).toBe(antes);
      expect(
        (await raw<{ r: number }>('SELECT reservado AS r FROM produtos WHERE id = $1', [produto.gel.id]))[0]!.r,
      ).toBe(reservado);
    });

    it('sem CRO, um pedido sem produto profissional passa e não grava CRO', async () => {
      const c = await novoCliente();
      const res = await pedir(c, [produto.espelho]);
      expect(res.statusCode, res.body).toBe(201);
      expect(contentOf(pedidoApi.create, res).cro).toBeNull();
    });

    it('com CRO, o pedido passa e guarda o CRO de então; a leitura do pedido o mostra, ao cliente e à equipe', async () => {
      const c = await novoCliente();
      expect((await definirCro(c, { numero: '54321', uf: 'RJ' })).statusCode).toBe(200);
      const res = await pedir(c, [produto.gel]);
      expect(res.statusCode, res.body).toBe(201);
      const pedido = contentOf(pedidoApi.create, res);
      expect(pedido.cro).toEqual({ numero: '54321', uf: 'RJ' });
      const [linha] = await raw<{ dados_cro_numero: string; dados_cro_uf: string }>(
        'SELECT dados_cro_numero, dados_cro_uf FROM pedidos WHERE id = $1',
        [pedido.id],
      );
      expect(linha).toEqual({ dados_cro_numero: '54321', dados_cro_uf: 'RJ' });

      // A later change of the profile does not rewrite the order's snapshot.
      expect((await definirCro(c, { numero: '999', uf: 'MG' })).statusCode).toBe(200);
      const lido = await t.app.inject({ method: 'GET', url: `/api/pedido/${pedido.id}`, headers: bearer(c.token) });
      expect(contentOf(pedidoApi.detalhe, lido).cro).toEqual({ numero: '54321', uf: 'RJ' });
      const equipe = await t.login(DEMO_ACCOUNTS.equipe.email, DEMO_ACCOUNTS.equipe.password);
      const daEquipe = await t.app.inject({ method: 'GET', url: `/api/pedido/${pedido.id}`, headers: bearer(equipe) });
      expect(contentOf(pedidoApi.detalhe, daEquipe).cro).toEqual({ numero: '54321', uf: 'RJ' });
      // The order's confirmation PDF (ADR 035) prints it too.
      const pdf = await t.app.inject({
        method: 'GET',
        url: `/api/pedido/${pedido.id}/comprovante.pdf`,
        headers: bearer(c.token),
      });
      expect(pdf.statusCode).toBe(200);
      expect(textoDoPdf(pdf.rawPayload)).toContain('CRO do comprador: CRO-RJ 54321');
    });

    it('a nota fiscal do pedido pago imprime o CRO (DANFE, XML e os dados enviados ao provedor)', async () => {
      const c = await novoCliente();
      expect((await definirCro(c, { numero: '24680', uf: 'SP' })).statusCode).toBe(200);
      const res = await pedir(c, [produto.gel]);
      expect(res.statusCode, res.body).toBe(201);
      const pedido = contentOf(pedidoApi.create, res);
      const codigo = pedido.pix!.qrCode;
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/sandbox/pix/pagar', payload: { codigo } })).statusCode,
      ).toBe(200);
      for (let i = 0; i < 6; i++) await t.app.jobWorker.runOnce();

      const esperado = MSG_ANVISA.infoNota.replace('{cro}', 'CRO-SP 24680');
      const [nota] = await raw<{ status: string; dados: { informacoesComplementares: string } }>(
        'SELECT status, dados FROM notas_fiscais WHERE pedido_id = $1',
        [pedido.id],
      );
      expect(nota).toMatchObject({ status: 'emitida', dados: { informacoesComplementares: esperado } });
      const xml = await t.app.inject({
        method: 'GET',
        url: `/api/pedido/${pedido.id}/nota-fiscal/nfe.xml`,
        headers: bearer(c.token),
      });
      expect(/<infCpl>([^<]*)<\/infCpl>/.exec(xml.body)?.[1]).toContain(esperado);
      const pdf = await t.app.inject({
        method: 'GET',
        url: `/api/pedido/${pedido.id}/nota-fiscal/danfe.pdf`,
        headers: bearer(c.token),
      });
      expect(pdf.statusCode).toBe(200);
      expect(textoDoPdf(pdf.rawPayload)).toContain('CRO-SP 24680');
    });
  });
});
