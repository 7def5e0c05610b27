import type { FastifyPluginAsync } from 'fastify';
import { sandboxApi } from '@clinica/shared/schemas/sandbox';
import { ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import type { SandboxService } from './sandbox.service.js';

/**
 * Routes of the offline mail sandbox (docs/architecture.md#providers-and-offline-sandboxes); app.ts registers
 * them only in demo mode while MAIL_TRANSPORT=outbox (ADR 022), so with SMTP or
 * in a real store they do not exist (404).
 */
export const sandboxRoutes: FastifyPluginAsync<{ service: SandboxService }> = async (app, { service }) => {
  route(app, sandboxApi.emails, { access: 'public' }, async (request) => ok(await service.emails(request.query.para)));
};
