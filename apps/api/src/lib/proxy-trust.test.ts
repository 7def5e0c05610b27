import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createProxyTrust, parseTrustProxy, type TrustProxySetting } from './proxy-trust.js';

/** request.ip as Fastify resolves it with our trust function. */
async function ipSeen(setting: TrustProxySetting, remoteAddress: string, xff?: string): Promise<string> {
  const app = Fastify({ trustProxy: createProxyTrust(setting) });
  app.get('/', async (request) => ({ ip: request.ip }));
  try {
    const res = await app.inject({
      method: 'GET',
      url: '/',
      remoteAddress,
      headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
    });
    return (res.json() as { ip: string }).ip;
  } finally {
    await app.close();
  }
}

describe('TRUST_PROXY', () => {
  it('lê desligado, número de proxies e lista de IPs/CIDRs (com os nomes do proxy-addr)', () => {
    for (const off of ['false', 'FALSE', '0', 'no', 'off', '']) expect(parseTrustProxy(off)).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy(' 2 ')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.0.10,fd00::/8 ,::1')).toEqual([
      '10.0.0.0/8',
      '192.168.0.10',
      'fd00::/8',
      '::1',
    ]);
    expect(parseTrustProxy('loopback,10.1.1.1')).toEqual(['127.0.0.0/8', '::1/128', '10.1.1.1']);
  });

  it('recusa true (confiaria em qualquer X-Forwarded-For) e valores que não são IP, CIDR ou número', () => {
    for (const everyone of ['true', 'TRUE', 'yes', 'on']) {
      expect(() => parseTrustProxy(everyone)).toThrow(/número de proxies.*IPs\/CIDRs/);
    }
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/"10\.0\.0\.0\/33" não é um IP nem um CIDR/);
    expect(() => parseTrustProxy('proxy.interno')).toThrow(/não é um IP/);
    expect(() => parseTrustProxy('10.0.0.1/8/1')).toThrow(/não é um IP/);
    expect(() => parseTrustProxy(',')).toThrow(/lista vazia/);
    expect(() => parseTrustProxy('11')).toThrow(/no máximo 10/);
  });

  it('desligado: vale o IP da conexão, o X-Forwarded-For é ignorado', async () => {
    expect(await ipSeen(false, '198.51.100.1', '203.0.113.9')).toBe('198.51.100.1');
  });

  it('número de proxies: o cliente é o endereço anotado pelo último proxy, não o que o cliente escreveu', async () => {
    expect(await ipSeen(1, '10.0.0.1', '203.0.113.66, 198.51.100.20')).toBe('198.51.100.20');
    expect(await ipSeen(1, '10.0.0.1', '198.51.100.20')).toBe('198.51.100.20');
    expect(await ipSeen(2, '10.0.0.1', '203.0.113.66, 198.51.100.20, 10.0.0.2')).toBe('198.51.100.20');
    expect(await ipSeen(1, '10.0.0.1')).toBe('10.0.0.1');
  });

  it('lista de CIDRs: só um proxy da lista é ouvido; um cliente direto não escolhe o seu IP', async () => {
    const ours = ['10.0.0.0/8'];
    expect(await ipSeen(ours, '10.0.0.1', '203.0.113.66, 198.51.100.20')).toBe('198.51.100.20');
    expect(await ipSeen(ours, '10.0.0.1', '198.51.100.20, 10.0.0.3')).toBe('198.51.100.20');
    expect(await ipSeen(ours, '198.51.100.20', '10.0.0.7')).toBe('198.51.100.20');
    expect(await ipSeen(ours, '::ffff:10.0.0.1', '198.51.100.20')).toBe('198.51.100.20');
    expect(await ipSeen(['fd00::/8'], 'fd00::1', '2001:db8::5')).toBe('2001:db8::5');
  });
});
