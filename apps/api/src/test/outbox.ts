/**
 * The sandbox mailbox as the API tests read it: the e-mails written to the outbox for an address (through the
 * sandbox route, as a person would read the mailbox), oldest first.
 */
import type { FastifyInstance } from 'fastify';
import { sandboxApi } from '@clinica/shared/schemas/sandbox';
import { contentOf } from './harness.js';

export async function caixaDeSaida(app: FastifyInstance, para: string) {
  const res = await app.inject({ method: 'GET', url: `/api/sandbox/emails?para=${encodeURIComponent(para)}` });
  return contentOf(sandboxApi.emails, res).reverse();
}
