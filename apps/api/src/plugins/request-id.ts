import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';

const SAFE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Request ids: an incoming `x-request-id` (from a proxy or load balancer) is
 * kept when it looks like an id; otherwise a random UUID. It labels every log
 * line of the request (`reqId`) and is returned in the `x-request-id` header.
 */
export function genReqId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : crypto.randomUUID();
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
