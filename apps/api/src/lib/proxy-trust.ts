import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { TLSSocket } from 'node:tls';
import proxyAddr from '@fastify/proxy-addr';

/**
 * TRUST_PROXY, parsed: `false` (no proxy; `X-Forwarded-*` ignored), a hop
 * count (the N nearest hops are our proxies), or the IPs/CIDRs of our proxies.
 * `true` ("trust every hop") is refused: it would let any client choose its
 * own IP with `X-Forwarded-For` and walk past the per-IP login limit.
 */
export type TrustProxySetting = false | number | readonly string[];

/** proxy-addr's trust function: is `address`, `hop` steps away from us (0 = the socket peer), one of our proxies? */
export type ProxyTrust = (address: string, hop: number) => boolean;

const MAX_HOPS = 10;

/** Named ranges, as proxy-addr (Express, Fastify) spells them. */
const PRESETS: Record<string, readonly string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

const HELP =
  'Use o número de proxies à frente da API (ex.: 1) ou a lista de IPs/CIDRs deles (ex.: 10.0.0.0/8,192.168.0.10).';

/** `::ffff:10.0.0.1` (an IPv4 client on a dual-stack socket) → `10.0.0.1`. */
function unmapIpv4(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped?.[1] ?? address;
}

function validRange(entry: string): boolean {
  const [ip, prefix, ...rest] = entry.split('/');
  if (!ip || rest.length > 0) return false;
  const family = net.isIP(ip);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Parses the TRUST_PROXY variable; throws an Error with a pt-BR message (shown after "TRUST_PROXY: ") on a bad value. */
export function parseTrustProxy(raw: string): TrustProxySetting {
  const value = raw.trim();
  const lower = value.toLowerCase();
  if (['', 'false', 'no', 'off', '0'].includes(lower)) return false;
  if (['true', 'yes', 'on'].includes(lower)) {
    throw new Error(
      `"${value}" confiaria em qualquer X-Forwarded-For enviado pelo cliente (o limite de login por IP seria contornado). ${HELP}`,
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) throw new Error(`no máximo ${MAX_HOPS} proxies. ${HELP}`);
    return hops;
  }
  const ranges: string[] = [];
  for (const part of value.split(',')) {
    const entry = part.trim();
    if (!entry) continue;
    const preset = PRESETS[entry.toLowerCase()];
    if (preset) ranges.push(...preset);
    else if (validRange(entry)) ranges.push(entry);
    else throw new Error(`"${entry}" não é um IP nem um CIDR. ${HELP}`);
  }
  if (ranges.length === 0) throw new Error(`lista vazia. ${HELP}`);
  return ranges;
}

/**
 * The trust function for a setting (false when no proxy is trusted). With a
 * hop count the N nearest addresses are trusted whatever they are, so the API
 * must be reachable only through the proxy; a list of ranges trusts a hop only
 * when its address is one of ours, so it also holds when the API is exposed.
 * Fastify resolves `request.ip` with it, and the request id plugin asks it
 * whether the socket peer is a proxy.
 */
export function createProxyTrust(setting: TrustProxySetting): ProxyTrust | false {
  if (setting === false || setting === 0) return false;
  if (typeof setting === 'number') {
    const hops = setting;
    return (_address, hop) => hop < hops;
  }
  const list = new net.BlockList();
  for (const entry of setting) {
    const [ip = '', prefix] = entry.split('/');
    const family = net.isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(ip, family);
    else list.addSubnet(ip, Number(prefix), family);
  }
  return (address) => {
    const ip = unmapIpv4(address);
    const family = net.isIP(ip);
    return family !== 0 && list.check(ip, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** Whether the directly connected peer (the socket) is a trusted proxy. */
export function peerIsTrustedProxy(trust: ProxyTrust | false, remoteAddress: string | undefined): boolean {
  return trust !== false && remoteAddress !== undefined && trust(remoteAddress, 0);
}

/**
 * The last value of a header a proxy may have appended to (`a, b, c` → `c`): the nearest proxy's, as Fastify
 * reads X-Forwarded-Proto and X-Forwarded-Host.
 */
function lastEntry(value: string): string {
  const comma = value.lastIndexOf(',');
  return (comma < 0 ? value : value.slice(comma + 1)).trim();
}

/**
 * The client's address as Fastify's `request.ip` derives it (the same proxy-addr with the same trust function):
 * the socket peer, or, behind trusted proxies, the nearest address of X-Forwarded-For that is not one of them.
 * For connections Fastify never sees: the SockJS sessions of the realtime channel, whose `remoteAddress` and
 * `x-forwarded-for` SockJS keeps from the request that opened them (realtime/stomp-server.ts).
 */
export function clientAddress(
  trust: ProxyTrust | false,
  remoteAddress: string | undefined,
  forwardedFor: string | undefined,
): string {
  if (trust === false || forwardedFor === undefined) return remoteAddress ?? '';
  const peer = { socket: { remoteAddress }, headers: { 'x-forwarded-for': forwardedFor } };
  return proxyAddr(peer as unknown as IncomingMessage, trust);
}

/** `request.protocol` of Fastify for a raw request: X-Forwarded-Proto only from a trusted proxy, else the socket's TLS. */
export function requestProtocol(trust: ProxyTrust | false, req: IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-proto'];
  if (typeof forwarded === 'string' && forwarded && peerIsTrustedProxy(trust, req.socket.remoteAddress)) {
    return lastEntry(forwarded);
  }
  return (req.socket as TLSSocket).encrypted ? 'https' : 'http';
}

/** `request.host` of Fastify for a raw request: X-Forwarded-Host only from a trusted proxy, else the Host header. */
export function requestHost(trust: ProxyTrust | false, req: IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-host'];
  if (typeof forwarded === 'string' && forwarded && peerIsTrustedProxy(trust, req.socket.remoteAddress)) {
    return lastEntry(forwarded);
  }
  return req.headers.host ?? '';
}

/**
 * The group a per-address limit counts a client in: an IPv4 address, or the /64 of an IPv6 address (one
 * subscriber's network: a single host can use every address of its /64). `::ffff:a.b.c.d` is the IPv4 address.
 */
export function addressGroup(address: string): string {
  const ip = unmapIpv4(address);
  if (net.isIP(ip) !== 6) return ip;
  const zone = ip.indexOf('%');
  const bare = zone < 0 ? ip : ip.slice(0, zone);
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  // An embedded IPv4 tail (`::1.2.3.4`) takes two groups; only the first four groups matter here.
  const right =
    tail === undefined ? [] : tail ? tail.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}
