import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import { peerIsTrustedProxy, type ProxyTrust } from '../lib/proxy-trust.js';

const SAFE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Request ids. An incoming `x-request-id` is kept only when it comes from a
 * trusted proxy or load balancer (TRUST_PROXY: the socket peer is one of ours)
 * and looks like an id; otherwise, and always when no proxy is trusted, the id
 * is a random UUID, so a client cannot choose the id its lines are logged
 * under. It labels every log line of the request (`reqId`) and is returned in
 * the `x-request-id` header.
 */
export function createGenReqId(trust: ProxyTrust | false): (req: IncomingMessage) => string {
  return (req) => {
    const incoming = req.headers['x-request-id'];
    if (
      typeof incoming === 'string' &&
      SAFE_ID.test(incoming) &&
      peerIsTrustedProxy(trust, req.socket?.remoteAddress)
    ) {
      return incoming;
    }
    return crypto.randomUUID();
  };
}

export const requestIdPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
  },
  { name: 'clinica-request-id' },
);
