/**
 * The HTTP side of the realtime channel (sockjs-gate.ts, ADR 023): every SockJS answer carries the API's security
 * headers, no origin is reflected, only the WebSocket and XHR transports are served, and sockjs-client asks for
 * nothing else.
 */
import http from 'node:http';
import { Client, type IFrame } from '@stomp/stompjs';
import { cpf } from 'cpf-cnpj-validator';
import SockJS from 'sockjs-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME_PATH, REALTIME_TRANSPORTS, WEB_REALTIME_TRANSPORTS } from '@clinica/shared/realtime';
import { createTestApp, createUser, testDatabaseTargets, type TestApp } from '../test/harness.js';
import { urlOf, withTimeout, wsUrlOf } from '../test/stomp-clients.js';
import { sockjsRoute } from './sockjs-gate.js';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body, or its first chunk for a streaming answer (then the request is dropped). */
  body: string;
}

/** One HTTP request from a chosen source address; a streaming answer is cut after its first chunk. */
function request(
  address: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<Answer> {
  const url = new URL(path, address);
  return withTimeout(
    new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        url,
        {
          method,
          headers: options.headers ?? {},
          ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        },
        (res) => {
          let body = '';
          const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
            if (res.headers['content-type']?.startsWith('application/javascript') && /xhr_streaming/.test(path)) {
              req.destroy();
              done();
            }
          });
          res.on('end', done);
          res.on('error', () => done());
        },
      );
      req.on('error', reject);
      req.end(options.body);
    }),
    `${method} ${path}`,
  );
}

/** The headers plugins/security.ts puts on API answers (and those it puts only on pages, to see they stay off). */
const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
  'x-frame-options',
  'referrer-policy',
] as const;
const security = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(SECURITY_HEADERS.map((name) => [name, headers[name]]));

const session = () => `s${Math.random().toString(36).slice(2, 10)}`;

describe('rotas do SockJS servidas: só as dos transportes oferecidos', () => {
  it('WebSocket e XHR (streaming e polling) e /info; JSONP, eventsource, htmlfile, iframe e o resto não', () => {
    const all = REALTIME_TRANSPORTS;
    expect(sockjsRoute('/info', all)).toBe('http');
    expect(sockjsRoute('/info/', all)).toBe('http');
    expect(sockjsRoute('/websocket', all)).toBe('websocket');
    expect(sockjsRoute('/000/abc/websocket', all)).toBe('websocket');
    for (const route of ['xhr', 'xhr_send', 'xhr_streaming'])
      expect(sockjsRoute(`/123/x-y_z/${route}`, all)).toBe('http');
    for (const path of [
      '',
      '/',
      '/000/abc/jsonp',
      '/000/abc/jsonp_send',
      '/000/abc/eventsource',
      '/000/abc/htmlfile',
      '/iframe.html',
      '/iframe-1.6.1.html',
      '/chunking_test',
      '/000/abc.d/xhr',
      '/000/abc/xhr/extra',
      '/000/abc/XHR',
    ]) {
      expect(sockjsRoute(path, all), path).toBeUndefined();
    }
    expect(sockjsRoute('/000/abc/xhr', ['xhr-streaming'])).toBeUndefined();
    expect(sockjsRoute('/000/abc/xhr_send', ['xhr-streaming'])).toBe('http');
    expect(sockjsRoute('/websocket', ['xhr-streaming'])).toBeUndefined();
    expect(WEB_REALTIME_TRANSPORTS.every((t) => REALTIME_TRANSPORTS.includes(t))).toBe(true);
  });
});

describe.each(testDatabaseTargets())('SockJS em /api/ws: cabeçalhos, origens e transportes (%s)', (kind) => {
  const PARCEIRO = 'https://parceiro.example';
  const PUBLICO = 'https://loja.example';
  let t: TestApp;
  let address: string;
  let token: string;

  beforeAll(async () => {
    // The test's own address (127.0.0.1) is the trusted proxy; 127.0.0.2 is a client that is not.
    t = await createTestApp({
      kind,
      config: { CORS_ORIGINS: `${PARCEIRO}/`, TRUST_PROXY: ['127.0.0.1'], PUBLIC_URL: PUBLICO },
    });
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await createUser(t.database, {
      email: 'gate@exemplo.com.br',
      password: 'senha-gate',
      permissao: 'CLIENTE',
      cpf: cpf.generate(),
    });
    token = await t.issueToken({ id: user.id, permissao: 'CLIENTE', idCliente: user.idCliente });
  });

  afterAll(async () => {
    await t?.dispose();
  });

  /** Every kind of answer under /api/ws: SockJS's own (200, 204, 400, 404, 405, streaming) and the gate's. */
  const answers = async (extra: { headers?: Record<string, string>; localAddress?: string }) => {
    const opts = (o: { headers?: Record<string, string>; body?: string } = {}) => ({
      ...extra,
      ...o,
      headers: { ...extra.headers, ...o.headers },
    });
    const polling = session();
    const kinds: Record<string, Answer> = {
      info: await request(address, 'GET', `${REALTIME_PATH}/info`, opts()),
      'xhr (abre)': await request(address, 'POST', `${REALTIME_PATH}/000/${polling}/xhr`, opts()),
      xhr_send: await request(address, 'POST', `${REALTIME_PATH}/000/${polling}/xhr_send`, opts({ body: '["\\n"]' })),
      xhr_streaming: await request(address, 'POST', `${REALTIME_PATH}/000/${session()}/xhr_streaming`, opts()),
      'preflight de origem listada': await request(
        address,
        'OPTIONS',
        `${REALTIME_PATH}/000/${session()}/xhr_send`,
        opts({ headers: { origin: PARCEIRO, 'access-control-request-method': 'POST' } }),
      ),
      'websocket sem upgrade (400)': await request(address, 'GET', `${REALTIME_PATH}/websocket`, opts()),
      'método errado (405)': await request(address, 'GET', `${REALTIME_PATH}/000/${polling}/xhr`, opts()),
      'sessão desconhecida (404 do SockJS)': await request(
        address,
        'POST',
        `${REALTIME_PATH}/000/${session()}/xhr_send`,
        opts({ body: '["x"]' }),
      ),
      'jsonp (404)': await request(address, 'GET', `${REALTIME_PATH}/000/${session()}/jsonp?c=alert`, opts()),
      'origem alheia (403)': await request(
        address,
        'GET',
        `${REALTIME_PATH}/info`,
        opts({ headers: { origin: 'https://mal.example' } }),
      ),
      'corpo grande demais (413)': await request(
        address,
        'POST',
        `${REALTIME_PATH}/000/${polling}/xhr_send`,
        opts({ body: `["${'x'.repeat(300 * 1024)}"]` }),
      ),
    };
    return kinds;
  };

  it.each<[string, { headers?: Record<string, string>; localAddress?: string }, boolean]>([
    ['HTTP direto', {}, false],
    ['HTTPS por um proxy confiável (HSTS)', { headers: { 'x-forwarded-proto': 'https' } }, true],
    [
      'X-Forwarded-Proto de quem não é proxy (sem HSTS)',
      { headers: { 'x-forwarded-proto': 'https' }, localAddress: '127.0.0.2' },
      false,
    ],
  ])('toda resposta do SockJS tem os cabeçalhos de segurança das respostas da API: %s', async (_nome, extra, hsts) => {
    const api = await request(address, 'GET', '/api/nao-existe', extra);
    expect(api.status).toBe(404);
    const expected = security(api.headers);
    expect(expected['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(expected['x-content-type-options']).toBe('nosniff');
    expect(expected['strict-transport-security']).toBe(hsts ? 'max-age=31536000; includeSubDomains' : undefined);
    const kinds = await answers(extra);
    expect(Object.fromEntries(Object.entries(kinds).map(([k, a]) => [k, a.status]))).toEqual({
      info: 200,
      'xhr (abre)': 200,
      xhr_send: 204,
      xhr_streaming: 200,
      'preflight de origem listada': 204,
      'websocket sem upgrade (400)': 400,
      'método errado (405)': 405,
      'sessão desconhecida (404 do SockJS)': 404,
      'jsonp (404)': 404,
      'origem alheia (403)': 403,
      'corpo grande demais (413)': 413,
    });
    for (const [k, a] of Object.entries(kinds)) expect({ [k]: security(a.headers) }).toEqual({ [k]: expected });
  });

  it('nunca devolve uma origem qualquer: origem alheia recusada (403) sem Access-Control-*, antes de abrir sessão', async () => {
    for (const origin of ['https://mal.example', 'null', 'http://127.0.0.1.mal.example', `${PARCEIRO}.mal.example`]) {
      for (const [method, path] of [
        ['GET', `${REALTIME_PATH}/info`],
        ['POST', `${REALTIME_PATH}/000/${session()}/xhr`],
        ['POST', `${REALTIME_PATH}/000/${session()}/xhr_streaming`],
        ['OPTIONS', `${REALTIME_PATH}/000/${session()}/xhr_send`],
      ] as const) {
        const res = await request(address, method, path, { headers: { origin } });
        expect({ origin, path, status: res.status }).toEqual({ origin, path, status: 403 });
        expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
        expect(JSON.parse(res.body)).toEqual({ statusCode: 403, message: 'Origem não permitida.', content: null });
      }
    }
    // The session of a refused request was never opened: sending to it finds nothing.
    const refused = session();
    await request(address, 'POST', `${REALTIME_PATH}/000/${refused}/xhr`, {
      headers: { origin: 'https://mal.example' },
    });
    expect(
      (await request(address, 'POST', `${REALTIME_PATH}/000/${refused}/xhr_send`, { body: '["\\n"]' })).status,
    ).toBe(404);
  });

  it('a própria origem (Host ou PUBLIC_URL) e pedidos sem Origin passam sem CORS; só a origem listada recebe CORS', async () => {
    for (const origin of [address, PUBLICO, undefined]) {
      const res = await request(address, 'POST', `${REALTIME_PATH}/000/${session()}/xhr`, {
        headers: origin ? { origin } : {},
      });
      expect(res.status).toBe(200);
      expect(res.body).toBe('o\n');
      expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
    const listed = await request(address, 'POST', `${REALTIME_PATH}/000/${session()}/xhr`, {
      headers: { origin: PARCEIRO },
    });
    expect(listed.status).toBe(200);
    expect(listed.headers['access-control-allow-origin']).toBe(PARCEIRO);
    expect(listed.headers['access-control-allow-credentials']).toBe('true');
    expect(listed.headers.vary).toMatch(/Origin/);
    const preflight = await request(address, 'OPTIONS', `${REALTIME_PATH}/info`, {
      headers: {
        origin: PARCEIRO,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-qualquer',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(PARCEIRO);
    // Request headers are not echoed either: only the one the XHR transports send.
    expect(preflight.headers['access-control-allow-headers']).toBe('Content-Type');
    // The answer of /info does not advertise every origin.
    const info = JSON.parse((await request(address, 'GET', `${REALTIME_PATH}/info`)).body) as Record<string, unknown>;
    expect(info.origins).toBeUndefined();
    expect(info.websocket).toBe(true);
  });

  it('aperto de mão WebSocket: origem alheia recusada (403); a própria, a listada e sem Origin abrem', async () => {
    const open = (origin: string | undefined) =>
      withTimeout(
        new Promise<number>((resolve) => {
          const ws = new WebSocket(wsUrlOf(address), origin ? { origin } : {});
          ws.on('open', () => {
            ws.terminate();
            resolve(101);
          });
          ws.on('unexpected-response', (_req, res) => {
            resolve(res.statusCode ?? 0);
            ws.terminate();
          });
          ws.on('error', () => undefined);
        }),
        `WebSocket de ${origin}`,
      );
    expect(await open('https://mal.example')).toBe(403);
    expect(await open(address)).toBe(101);
    expect(await open(PARCEIRO)).toBe(101);
    expect(await open(undefined)).toBe(101);
  });

  it('JSONP, eventsource, htmlfile, a página do iframe e o resto: 404 em JSON, nenhum script', async () => {
    for (const [method, path] of [
      ['GET', `${REALTIME_PATH}/000/${session()}/jsonp?c=alert`],
      ['GET', `${REALTIME_PATH}/000/${session()}/jsonp?callback=roubar`],
      ['POST', `${REALTIME_PATH}/000/${session()}/jsonp_send`],
      ['GET', `${REALTIME_PATH}/000/${session()}/eventsource`],
      ['GET', `${REALTIME_PATH}/000/${session()}/htmlfile?c=alert`],
      ['GET', `${REALTIME_PATH}/iframe.html`],
      ['GET', `${REALTIME_PATH}/iframe-1.6.1.html`],
      ['POST', `${REALTIME_PATH}/chunking_test`],
      ['GET', REALTIME_PATH],
      ['GET', `${REALTIME_PATH}/`],
    ] as const) {
      const res = await request(address, method, path);
      expect({ path, status: res.status, type: res.headers['content-type'] }).toEqual({
        path,
        status: 404,
        type: 'application/json; charset=utf-8',
      });
      expect(JSON.parse(res.body)).toEqual({ statusCode: 404, message: 'Rota não encontrada.', content: null });
    }
  });

  it.each(REALTIME_TRANSPORTS)(
    'sockjs-client só com o transporte %s conecta o STOMP e pede só rotas servidas',
    async (transport) => {
      const paths: string[] = [];
      const record = (req: http.IncomingMessage) => {
        if (req.url?.startsWith(REALTIME_PATH)) paths.push(req.url);
      };
      t.app.server.prependListener('request', record);
      t.app.server.prependListener('upgrade', record);
      const client = new Client({
        webSocketFactory: () => new SockJS(urlOf(address), null, { transports: [transport] }),
        connectHeaders: { Authorization: `Bearer ${token}` },
        reconnectDelay: 0,
        debug: () => undefined,
      });
      try {
        const connected = new Promise<IFrame>((resolve, reject) => {
          client.onConnect = resolve;
          client.onStompError = (frame) => reject(new Error(frame.headers.message));
          client.onWebSocketClose = () => reject(new Error('fechou antes de CONNECTED'));
        });
        client.activate();
        expect((await withTimeout(connected, `CONNECTED por ${transport}`)).headers.version).toBe('1.2');
      } finally {
        await client.deactivate();
        t.app.server.off('request', record);
        t.app.server.off('upgrade', record);
      }
      expect(paths.length).toBeGreaterThan(1);
      const unserved = paths.filter(
        (p) => sockjsRoute(p.slice(REALTIME_PATH.length).split('?')[0]!, [transport]) === undefined,
      );
      expect(unserved).toEqual([]);
    },
  );
});
