import { EventEmitter, once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@clinica/shared/messages';
import { MSG_API } from '@clinica/shared/messages-api';
import { freteApi, melhorEnvioApi } from '@clinica/shared/schemas/frete';
import { produtos } from '../../modules/produto/produto.table.js';
import { bearer, body, contentOf, createTestApp, testDatabaseTargets, type TestApp } from '../../test/harness.js';
import { createMelhorEnvio, StateInvalidoError, VALIDADE_STATE_SEGUNDOS } from './melhor-envio.js';
import { createMelhorEnvioStore } from './melhor-envio-store.js';

const REDIRECT = 'https://loja.exemplo.com.br/api/melhorenvio/callback';
const USER_AGENT = 'Loja Teste (ti@exemplo.com.br)';

interface Chamada {
  url: string;
  headers: http.IncomingHttpHeaders;
  corpo: string;
}

/**
 * A fake Melhor Envio on 127.0.0.1 speaking the API of docs/integrations.md#melhor-envio:
 * /oauth/token (authorization_code, refresh_token) and
 * /api/v2/me/shipment/calculate with a bearer token.
 */
function fakeMelhorEnvio() {
  /** 'fechado' (answered: boolean) when a request the fake never answers is closed. */
  const conexoes = new EventEmitter();
  const estado = {
    chamadas: [] as Chamada[],
    /** Access tokens the API accepts now. */
    validos: new Set<string>(),
    /** The current refresh token (each works once). */
    refreshAtual: '',
    seq: 0,
    /** What the quote answers. */
    cotacao: 'ok' as 'ok' | 'lento' | '500' | '422' | 'todos-com-erro' | 'nao-json',
    recusarRefresh: false,
    expiresIn: 2_592_000 as number | undefined,
  };

  const emitir = () => {
    estado.seq += 1;
    const access = `at-${estado.seq}`;
    estado.validos.add(access);
    estado.refreshAtual = `rt-${estado.seq}`;
    return {
      token_type: 'Bearer',
      ...(estado.expiresIn === undefined ? {} : { expires_in: estado.expiresIn }),
      access_token: access,
      refresh_token: estado.refreshAtual,
    };
  };

  const json = (res: http.ServerResponse, status: number, payload: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  };

  const servicos = [
    {
      id: 2,
      name: 'SEDEX',
      price: '48.10',
      custom_price: '45.20',
      discount: '2.90',
      currency: 'R$',
      delivery_time: 3,
      delivery_range: { min: 2, max: 3 },
      custom_delivery_time: 4,
      custom_delivery_range: { min: 3, max: 4 },
      packages: [],
      company: { id: 1, name: 'Correios', picture: 'https://sandbox.melhorenvio.com.br/images/correios.png' },
    },
    {
      id: 1,
      name: 'PAC',
      price: '30.50',
      custom_price: '25.40',
      discount: '5.10',
      currency: 'R$',
      delivery_time: 7,
      delivery_range: { min: 6, max: 7 },
      custom_delivery_time: 8,
      custom_delivery_range: { min: 7, max: 8 },
      packages: [],
      company: { id: 1, name: 'Correios', picture: 'https://sandbox.melhorenvio.com.br/images/correios.png' },
    },
    {
      id: 3,
      name: '.Package',
      error: 'Transportadora não atende este trecho.',
      company: { id: 2, name: 'Jadlog', picture: 'https://sandbox.melhorenvio.com.br/images/jadlog.png' },
    },
    // Only the list price: it is what is charged.
    {
      id: 17,
      name: 'Mini Envios',
      price: '19.99',
      delivery_time: 9,
      delivery_range: { min: 8, max: 9 },
      company: { id: 1, name: 'Correios', picture: null },
    },
  ];

  const server = http.createServer((req, res) => {
    let corpo = '';
    req.on('data', (c: Buffer) => (corpo += c.toString()));
    req.on('end', () => {
      estado.chamadas.push({ url: req.url ?? '', headers: req.headers, corpo });
      if (req.method === 'POST' && req.url === '/oauth/token') {
        const form = new URLSearchParams(corpo);
        if (form.get('client_id') !== 'cliente-123' || form.get('client_secret') !== 'segredo-456') {
          return json(res, 401, { error: 'invalid_client' });
        }
        if (form.get('grant_type') === 'authorization_code') {
          if (form.get('code') !== 'codigo-bom' || form.get('redirect_uri') !== REDIRECT) {
            return json(res, 400, { error: 'invalid_grant' });
          }
          return json(res, 200, emitir());
        }
        if (form.get('grant_type') === 'refresh_token') {
          if (estado.recusarRefresh || form.get('refresh_token') !== estado.refreshAtual) {
            return json(res, 401, { error: 'invalid_grant' });
          }
          return json(res, 200, emitir());
        }
        return json(res, 400, { error: 'unsupported_grant_type' });
      }
      if (req.method === 'POST' && req.url === '/api/v2/me/shipment/calculate') {
        const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        if (!estado.validos.has(token)) return json(res, 401, { message: 'Unauthenticated.' });
        switch (estado.cotacao) {
          case 'lento':
            // Never answered: the connection closes only when the API gives up.
            res.on('close', () => conexoes.emit('fechado', res.writableEnded));
            return;
          case '500':
            return json(res, 500, { message: 'Server Error' });
          case '422':
            return json(res, 422, {
              message: 'The given data was invalid.',
              errors: { 'to.postal_code': ['inválido'] },
            });
          case 'todos-com-erro':
            return json(
              res,
              200,
              servicos.map((s) => ({ id: s.id, name: s.name, error: 'Serviço indisponível', company: s.company })),
            );
          case 'nao-json':
            res.writeHead(200, { 'content-type': 'text/html' });
            return res.end('<html>manutenção</html>');
          default:
            return json(res, 200, servicos);
        }
      }
      json(res, 404, { message: 'rota desconhecida' });
    });
  });
  return { server, estado, conexoes };
}

describe.each(testDatabaseTargets())('frete pelo Melhor Envio (%s)', (kind) => {
  const fake = fakeMelhorEnvio();
  let t: TestApp;
  let admin: string;
  let usuario: string;
  let cliente: string;
  let produto: number;
  let base: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    t = await createTestApp({
      kind,
      seed: true,
      config: {
        FREIGHT_PROVIDER: 'melhorenvio',
        MELHOR_ENVIO_URL: base,
        MELHOR_ENVIO_CLIENT_ID: 'cliente-123',
        MELHOR_ENVIO_CLIENT_SECRET: 'segredo-456',
        MELHOR_ENVIO_REDIRECT_URI: REDIRECT,
        MELHOR_ENVIO_USER_AGENT: USER_AGENT,
        MELHOR_ENVIO_TIMEOUT_MS: 2000,
      },
    });
    const [fisica] = await t.database.raw<{ id: number }>('SELECT id FROM categorias WHERE digital = false LIMIT 1');
    const [novo] = await t.database.db
      .insert(produtos)
      .values({
        nome: 'Kit frete Melhor Envio',
        categoriaId: Number(fisica?.id),
        preco: 12990,
        peso: '0.750',
        altura: '10.00',
        largura: '15.00',
        comprimento: '20.00',
      })
      .returning({ id: produtos.id });
    produto = Number(novo?.id);
    const conta = async (email: string) => {
      const [row] = await t.database.raw<{ id: number; cliente: number | null }>(
        'SELECT u.id, c.id AS cliente FROM usuarios u LEFT JOIN clientes c ON c.usuario_id = u.id WHERE u.email = $1',
        [email],
      );
      return { id: Number(row?.id), idCliente: row?.cliente == null ? null : Number(row.cliente) };
    };
    admin = await t.issueToken({ ...(await conta('admin@clinica.com.br')), permissao: 'ADMIN' });
    usuario = await t.issueToken({ ...(await conta('equipe@clinica.com.br')), permissao: 'USUARIO' });
    cliente = await t.issueToken({ ...(await conta('cliente@clinica.com.br')), permissao: 'CLIENTE' });
  });

  afterAll(async () => {
    await t?.dispose();
    fake.server.closeAllConnections();
    await new Promise((resolve) => fake.server.close(resolve));
  });

  beforeEach(async () => {
    fake.estado.chamadas = [];
    fake.estado.cotacao = 'ok';
    fake.estado.recusarRefresh = false;
    fake.estado.expiresIn = 2_592_000;
    await t.database.raw('DELETE FROM cotacoes_frete');
  });

  const auth = (token: string) => t.app.inject({ method: 'GET', url: '/api/melhorenvio/auth', headers: bearer(token) });
  const callback = (query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/melhorenvio/callback?${new URLSearchParams(query).toString()}` });
  const calcular = (quantidade = 1, cep = '20040-020') =>
    t.app.inject({
      method: 'POST',
      url: '/api/frete/calcular',
      payload: { cep, pedidoProdutos: [{ id: produto, quantidade }] },
    });
  const chamadasA = (caminho: string) => fake.estado.chamadas.filter((c) => c.url === caminho);
  const tokenGuardado = async () =>
    (
      await t.database.raw<{ access_token: string; refresh_token: string | null; expira_em: Date }>(
        'SELECT access_token, refresh_token, expira_em FROM melhor_envio_tokens',
      )
    )[0];

  /** A fresh link's state (the authorize URL of GET /melhorenvio/auth). */
  async function stateNovo(): Promise<string> {
    const { urlAutheticar } = contentOf(melhorEnvioApi.auth, await auth(admin));
    return new URL(urlAutheticar ?? '').searchParams.get('state') ?? '';
  }

  async function conectar(): Promise<void> {
    await t.database.raw('DELETE FROM melhor_envio_tokens');
    const res = await callback({ code: 'codigo-bom', state: await stateNovo() });
    expect(contentOf(melhorEnvioApi.callback, res)).toEqual({ autenticar: false, urlAutheticar: null });
  }

  describe('conexão OAuth2 (código de autorização)', () => {
    beforeEach(async () => {
      await t.database.raw('DELETE FROM melhor_envio_tokens');
    });

    it('sem token: autenticar com o link de autorização do Melhor Envio (ADMIN e USUARIO)', async () => {
      for (const token of [admin, usuario]) {
        const content = contentOf(melhorEnvioApi.auth, await auth(token));
        expect(content.autenticar).toBe(true);
        const url = new URL(content.urlAutheticar ?? '');
        expect(`${url.origin}${url.pathname}`).toBe(`${base}/oauth/authorize`);
        expect(url.searchParams.get('response_type')).toBe('code');
        expect(url.searchParams.get('client_id')).toBe('cliente-123');
        expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
        expect(url.searchParams.get('scope')).toBe('shipping-calculate');
        expect(url.searchParams.get('state')).toMatch(/^\d+\.\d+\.[\w-]+\.[\w-]+$/);
      }
    });

    it('anônimo 401, cliente 403', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/melhorenvio/auth' })).statusCode).toBe(401);
      expect((await auth(cliente)).statusCode).toBe(403);
    });

    it('cotação sem conta conectada: 503 com a mensagem do frete, sem chamar o Melhor Envio', async () => {
      const res = await calcular();
      expect(res.statusCode).toBe(503);
      expect(body(res)).toEqual({ statusCode: 503, message: MSG_API.freteIndisponivel, content: null });
      expect(fake.estado.chamadas).toEqual([]);
    });

    it('retorno com o código: troca no /oauth/token, guarda o token e deixa de pedir autenticação', async () => {
      const res = await callback({ code: 'codigo-bom', state: await stateNovo() });
      expect(contentOf(melhorEnvioApi.callback, res)).toEqual({ autenticar: false, urlAutheticar: null });
      expect(body(res).message).toBe(MSG_API.melhorEnvioConectado);
      const [troca] = chamadasA('/oauth/token');
      expect(Object.fromEntries(new URLSearchParams(troca?.corpo))).toEqual({
        client_id: 'cliente-123',
        client_secret: 'segredo-456',
        grant_type: 'authorization_code',
        redirect_uri: REDIRECT,
        code: 'codigo-bom',
      });
      expect(troca?.headers['user-agent']).toBe(USER_AGENT);
      const guardado = await tokenGuardado();
      expect(guardado?.access_token).toMatch(/^at-\d+$/);
      expect(guardado?.refresh_token).toMatch(/^rt-\d+$/);
      expect(new Date(guardado?.expira_em ?? 0).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
      expect(contentOf(melhorEnvioApi.auth, await auth(admin))).toEqual({ autenticar: false, urlAutheticar: null });
    });

    it('state forjado, alterado ou ausente: 422 link inválido, sem trocar o código', async () => {
      const bom = await stateNovo();
      const [exp, usuarioId, nonce, mac] = bom.split('.');
      for (const state of [
        'x',
        `${exp}.${Number(usuarioId) + 1}.${nonce}.${mac}`,
        `${Number(exp) + 999}.${usuarioId}.${nonce}.${mac}`,
        `${bom}a`,
      ]) {
        const res = await callback({ code: 'codigo-bom', state });
        expect(res.statusCode, state).toBe(422);
        expect(body(res).message).toBe(MSG_API.melhorEnvioLinkInvalido);
      }
      expect((await callback({ code: 'codigo-bom' })).statusCode).toBe(422);
      expect(chamadasA('/oauth/token')).toEqual([]);
      expect(await tokenGuardado()).toBeUndefined();
    });

    it('state expirado (mais de 15 minutos): recusado, mesmo com a assinatura certa', async () => {
      let agora = Date.now();
      const adapter = createMelhorEnvio({
        baseUrl: base,
        clientId: 'cliente-123',
        clientSecret: 'segredo-456',
        redirectUri: REDIRECT,
        userAgent: USER_AGENT,
        services: '1,2',
        timeoutMs: 400,
        store: createMelhorEnvioStore(t.database.db),
        secret: 'segredo-de-teste',
        now: () => new Date(agora),
      });
      const link = async () =>
        new URL((await adapter.auth.status(1)).urlAutheticar ?? '').searchParams.get('state') ?? '';
      const quase = await link();
      agora += 14 * 60_000;
      expect(adapter.auth.validarState(quase)).toBe(1);
      const velho = await link();
      agora += VALIDADE_STATE_SEGUNDOS * 1000 + 1000;
      expect(() => adapter.auth.validarState(velho)).toThrow(StateInvalidoError);
      await expect(adapter.auth.conectar('codigo-bom', velho)).rejects.toThrow(StateInvalidoError);
      expect(chamadasA('/oauth/token')).toEqual([]);
      // A link signed with another secret (the app's) is not accepted, even while fresh.
      agora = Date.now();
      const doApp = await stateNovo();
      expect(() => adapter.auth.validarState(doApp)).toThrow(StateInvalidoError);
    });

    it('autorização negada no Melhor Envio (error=access_denied): 422', async () => {
      const res = await callback({ error: 'access_denied', state: await stateNovo() });
      expect(res.statusCode).toBe(422);
      expect(body(res).message).toBe(MSG_API.melhorEnvioAutorizacaoNegada);
    });

    it('código recusado (invalid_grant): 422 link inválido; sem código: 400', async () => {
      const res = await callback({ code: 'codigo-velho', state: await stateNovo() });
      expect(res.statusCode).toBe(422);
      expect(body(res).message).toBe(MSG_API.melhorEnvioLinkInvalido);
      expect((await callback({ state: await stateNovo() })).statusCode).toBe(400);
      expect(await tokenGuardado()).toBeUndefined();
    });
  });

  describe('cotação', () => {
    beforeAll(async () => {
      await conectar();
    });

    it('custom_price e custom_delivery_* preferidos, serviço com erro descartado, mais barato primeiro', async () => {
      const res = await calcular(2);
      expect(contentOf(freteApi.calcular, res)).toEqual([
        {
          id: 17,
          name: 'Mini Envios',
          custom_price: 1999,
          delivery_time: 9,
          delivery_range: { min: 8, max: 9 },
          company: { id: 1, name: 'Correios', picture: null },
        },
        {
          id: 1,
          name: 'PAC',
          custom_price: 2540,
          delivery_time: 8,
          delivery_range: { min: 7, max: 8 },
          company: { id: 1, name: 'Correios', picture: 'https://sandbox.melhorenvio.com.br/images/correios.png' },
        },
        {
          id: 2,
          name: 'SEDEX',
          custom_price: 4520,
          delivery_time: 4,
          delivery_range: { min: 3, max: 4 },
          company: { id: 1, name: 'Correios', picture: 'https://sandbox.melhorenvio.com.br/images/correios.png' },
        },
      ]);
      expect(body<Array<{ custom_price: number }>>(res).content[1]?.custom_price).toBe(25.4);
    });

    it('o pedido ao Melhor Envio: origem da empresa, destino, medidas, seguro, serviços e cabeçalhos', async () => {
      await calcular(2);
      const [chamada] = chamadasA('/api/v2/me/shipment/calculate');
      expect(chamada?.headers.authorization).toMatch(/^Bearer at-\d+$/);
      expect(chamada?.headers.accept).toBe('application/json');
      expect(chamada?.headers['content-type']).toBe('application/json');
      expect(chamada?.headers['user-agent']).toBe(USER_AGENT);
      expect(JSON.parse(chamada?.corpo ?? '')).toEqual({
        from: { postal_code: '01310100' },
        to: { postal_code: '20040020' },
        products: [
          {
            id: String(produto),
            width: 15,
            height: 10,
            length: 20,
            weight: 0.75,
            insurance_value: 129.9,
            quantity: 2,
          },
        ],
        services: '1,2',
        options: { receipt: false, own_hand: false },
      });
    });

    it('a mesma cotação em seguida vem do banco, sem chamar de novo (10 minutos)', async () => {
      const primeira = contentOf(freteApi.calcular, await calcular(3));
      const segunda = contentOf(freteApi.calcular, await calcular(3));
      expect(segunda).toEqual(primeira);
      expect(chamadasA('/api/v2/me/shipment/calculate')).toHaveLength(1);
      await t.database.raw(`UPDATE cotacoes_frete SET cotado_em = now() - interval '11 minutes'`);
      contentOf(freteApi.calcular, await calcular(3));
      expect(chamadasA('/api/v2/me/shipment/calculate')).toHaveLength(2);
    });

    it('todos os serviços com erro: 422 sem opções para o CEP', async () => {
      fake.estado.cotacao = 'todos-com-erro';
      const res = await calcular(4);
      expect(res.statusCode).toBe(422);
      expect(body(res).message).toBe(MSG.freteSemOpcoes);
    });

    it('Melhor Envio recusa os dados (422): 422 sem opções', async () => {
      fake.estado.cotacao = '422';
      const res = await calcular(5);
      expect(res.statusCode).toBe(422);
      expect(body(res).message).toBe(MSG.freteSemOpcoes);
    });

    it('Melhor Envio fora do ar (500) ou resposta ilegível: 503 com a mensagem do frete', async () => {
      for (const modo of ['500', 'nao-json'] as const) {
        fake.estado.cotacao = modo;
        const res = await calcular(6);
        expect(res.statusCode, modo).toBe(503);
        expect(body(res)).toEqual({ statusCode: 503, message: MSG_API.freteIndisponivel, content: null });
      }
      // Failures are not cached.
      fake.estado.cotacao = 'ok';
      expect((await calcular(6)).statusCode).toBe(200);
    });

    it('tempo esgotado: 503 em vez de esperar o Melhor Envio', async () => {
      fake.estado.cotacao = 'lento';
      const fechado = once(fake.conexoes, 'fechado');
      const res = await calcular(7);
      expect(res.statusCode).toBe(503);
      expect(body(res).message).toBe(MSG_API.freteIndisponivel);
      // The fake never answers: the API closed the connection itself (its timeout), unanswered.
      expect(await fechado).toEqual([false]);
    });
  });

  describe('renovação do token', () => {
    beforeEach(async () => {
      await conectar();
      fake.estado.chamadas = [];
    });

    it('token expirado: renovado com o refresh token antes da cotação, e o novo guardado', async () => {
      const antes = await tokenGuardado();
      await t.database.raw(`UPDATE melhor_envio_tokens SET expira_em = now() - interval '1 minute'`);
      expect((await calcular(8)).statusCode).toBe(200);
      const [refresh] = chamadasA('/oauth/token');
      expect(Object.fromEntries(new URLSearchParams(refresh?.corpo))).toMatchObject({
        grant_type: 'refresh_token',
        refresh_token: antes?.refresh_token,
      });
      const depois = await tokenGuardado();
      expect(depois?.access_token).not.toBe(antes?.access_token);
      expect(new Date(depois?.expira_em ?? 0).getTime()).toBeGreaterThan(Date.now());
      const [cotacao] = chamadasA('/api/v2/me/shipment/calculate');
      expect(cotacao?.headers.authorization).toBe(`Bearer ${depois?.access_token}`);
    });

    it('token ainda válido: nenhuma renovação', async () => {
      expect((await calcular(9)).statusCode).toBe(200);
      expect(chamadasA('/oauth/token')).toEqual([]);
    });

    it('sem expires_in na resposta: vale 30 dias', async () => {
      fake.estado.expiresIn = undefined;
      await conectar();
      const guardado = await tokenGuardado();
      expect(new Date(guardado?.expira_em ?? 0).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    });

    it('401 do Melhor Envio (token revogado): renova uma vez e repete a cotação', async () => {
      const antes = await tokenGuardado();
      fake.estado.validos.delete(antes?.access_token ?? '');
      expect((await calcular(10)).statusCode).toBe(200);
      expect(chamadasA('/oauth/token')).toHaveLength(1);
      expect(chamadasA('/api/v2/me/shipment/calculate')).toHaveLength(2);
      expect((await tokenGuardado())?.access_token).not.toBe(antes?.access_token);
    });

    it('401 e renovação recusada: esquece a conta (503) e /melhorenvio/auth volta a pedir autenticação', async () => {
      const antes = await tokenGuardado();
      fake.estado.validos.delete(antes?.access_token ?? '');
      fake.estado.recusarRefresh = true;
      const res = await calcular(11);
      expect(res.statusCode).toBe(503);
      expect(body(res).message).toBe(MSG_API.freteIndisponivel);
      expect(await tokenGuardado()).toBeUndefined();
      expect(contentOf(melhorEnvioApi.auth, await auth(admin)).autenticar).toBe(true);
    });

    it('expirado e renovação recusada: 503 e a conta precisa ser conectada de novo', async () => {
      await t.database.raw(`UPDATE melhor_envio_tokens SET expira_em = now() - interval '1 minute'`);
      fake.estado.recusarRefresh = true;
      expect((await calcular(12)).statusCode).toBe(503);
      expect(chamadasA('/api/v2/me/shipment/calculate')).toEqual([]);
      expect(await tokenGuardado()).toBeUndefined();
    });

    it('cotações simultâneas com o token expirado renovam uma vez só', async () => {
      await t.database.raw(`UPDATE melhor_envio_tokens SET expira_em = now() - interval '1 minute'`);
      const respostas = await Promise.all([calcular(13), calcular(14), calcular(15)]);
      expect(respostas.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(chamadasA('/oauth/token')).toHaveLength(1);
    });
  });
});
