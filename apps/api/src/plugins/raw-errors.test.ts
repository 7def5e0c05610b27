/**
 * Requests refused before routing, over a real socket (inject does not parse
 * raw HTTP): malformed percent-encoding and headers over the parser's limit
 * get the envelope, their 4xx and the security headers, never a 500 or
 * Fastify's raw JSON.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_API } from '@clinica/shared/messages-api';
import { createTestApp, testDatabaseTargets, type TestApp } from '../test/harness.js';

/** Sends raw bytes and returns the whole answer (the server closes or the answer is complete). */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => {
      data += String(chunk);
      const [head, body = ''] = data.split('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(head ?? '')?.[1] ?? NaN);
      if (Buffer.byteLength(body) >= length) socket.end();
    });
    socket.on('end', () => resolve(data));
    socket.on('close', () => resolve(data));
    socket.on('error', reject);
    socket.write(request);
  });
}

function parse(raw: string) {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(rest.join('\r\n\r\n')) as unknown };
}

describe.each(testDatabaseTargets())('respostas fora do ciclo normal (%s)', (kind) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ kind, seed: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t?.dispose());

  const expectSecurityHeaders = (headers: Record<string, string>) => {
    expect(headers['content-security-policy']).toContain("default-src 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    // Plain HTTP: no HSTS (only over TLS, plugins/security.ts).
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['content-type']).toMatch(/application\/json/);
  };

  it.each(['/api/usuario/%E0%A4%A', '/api/%', '/%zz', '/api/produto/%C0%AF'])(
    'codificação percentual malformada (%s): 400 com o envelope',
    async (url) => {
      const res = parse(await rawRequest(port, `GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, message: MSG_API.urlInvalida, content: null });
      expectSecurityHeaders(res.headers);
    },
  );

  it('cabeçalho grande demais: 431 com o envelope e a conexão fechada', async () => {
    const big = 'x'.repeat(20 * 1024);
    const raw = await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Grande: ${big}\r\n\r\n`);
    const res = parse(raw);
    expect(res.status).toBe(431);
    expect(res.body).toEqual({ statusCode: 431, message: MSG_API.cabecalhosGrandes, content: null });
    expect(res.headers.connection).toBe('close');
    expectSecurityHeaders(res.headers);
  });

  it('linha de requisição inválida: 400 com o envelope', async () => {
    const res = parse(await rawRequest(port, 'ISTO NAO E HTTP\r\n\r\n'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, message: MSG_API.requisicaoInvalida, content: null });
  });

  it('arquivo com nome de 256 caracteres (ou mais): 404, nunca 500', async () => {
    for (const name of ['a'.repeat(256), `produtos/${'b'.repeat(256)}.webp`, 'c'.repeat(600)]) {
      const res = await fetch(`http://127.0.0.1:${port}/api/arquivos/${name}`);
      expect(res.status, name.slice(0, 20)).toBe(404);
      expect(await res.json()).toEqual({ statusCode: 404, message: MSG_API.arquivoNaoEncontrado, content: null });
    }
  });
});
