import net from 'node:net';
import fc from 'fast-check';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  addressGroup,
  clientAddress,
  createProxyTrust,
  parseTrustProxy,
  requestHost,
  requestProtocol,
  type TrustProxySetting,
} from './proxy-trust.js';

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

/**
 * The realtime channel's connections never reach Fastify (SockJS answers first): their client address, scheme
 * and host are derived by clientAddress, requestProtocol and requestHost, which must agree with Fastify's
 * request.ip, request.protocol and request.host for every TRUST_PROXY setting and any forwarded headers.
 */
describe('endereço, esquema e host de uma requisição crua, como o Fastify os lê', () => {
  const addressArb = fc.oneof(
    fc.ipV4(),
    fc.constantFrom('10.0.0.1', '10.9.8.7', '127.0.0.1', '::1', '::ffff:10.0.0.1', 'fd00::1', '2001:db8::5'),
  );
  const listArb = fc.array(addressArb, { maxLength: 4 }).map((addrs) => addrs.join(', '));
  const headerArb = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

  it.each(['false', '1', '2', '10.0.0.0/8', 'loopback,fd00::/8'])(
    'TRUST_PROXY=%s: request.ip, request.protocol e request.host iguais aos do Fastify',
    async (variavel) => {
      const trust = createProxyTrust(parseTrustProxy(variavel));
      const app = Fastify({ trustProxy: trust });
      app.get('/', async (request) => ({
        fastify: [request.ip, request.protocol, request.host],
        nosso: [
          clientAddress(
            trust,
            request.raw.socket.remoteAddress,
            request.headers['x-forwarded-for'] as string | undefined,
          ),
          requestProtocol(trust, request.raw),
          requestHost(trust, request.raw),
        ],
      }));
      try {
        await fc.assert(
          fc.asyncProperty(
            addressArb,
            headerArb(listArb),
            headerArb(fc.constantFrom('https', 'http', 'http, https', 'https, http')),
            headerArb(fc.constantFrom('loja.example', 'a.example, loja.example', 'loja.example:8443')),
            async (remoteAddress, xff, proto, host) => {
              const res = await app.inject({
                method: 'GET',
                url: '/',
                remoteAddress,
                headers: {
                  host: 'api.interna:3000',
                  ...(xff === undefined ? {} : { 'x-forwarded-for': xff }),
                  ...(proto === undefined ? {} : { 'x-forwarded-proto': proto }),
                  ...(host === undefined ? {} : { 'x-forwarded-host': host }),
                },
              });
              const { fastify, nosso } = res.json() as { fastify: string[]; nosso: string[] };
              expect(nosso).toEqual(fastify);
            },
          ),
          { numRuns: 150 },
        );
      } finally {
        await app.close();
      }
    },
  );

  it('agrupa os endereços por IPv4 ou pela rede /64 do IPv6', () => {
    expect(addressGroup('203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroup('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroup('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:DB8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('2001:db8:0:3::1')).not.toBe(addressGroup('2001:db8::1'));
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('')).toBe('');
  });

  it('propriedade: todo IPv6 cai na própria rede /64, e dois endereços dividem o grupo só na mesma /64', () => {
    const v6 = fc.ipV6().filter((ip) => !/^::ffff:\d/i.test(ip));
    fc.assert(
      fc.property(v6, v6, (a, b) => {
        const [rede] = addressGroup(a).split('/');
        const mesmaRede = new net.BlockList();
        mesmaRede.addSubnet(rede!, 64, 'ipv6');
        expect(mesmaRede.check(a, 'ipv6')).toBe(true);
        expect(addressGroup(a) === addressGroup(b)).toBe(mesmaRede.check(b, 'ipv6'));
      }),
      { numRuns: 500 },
    );
  });
});
