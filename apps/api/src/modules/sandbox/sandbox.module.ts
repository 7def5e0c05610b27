import type { ApiModule } from '../../app-context.js';
import { sandboxPagamentoRoutes } from './sandbox-pagamento.routes.js';
import { createSandboxPagamentoService } from './sandbox-pagamento.service.js';
import { createSandboxRepository } from './sandbox.repository.js';
import { sandboxRoutes } from './sandbox.routes.js';
import { createSandboxService } from './sandbox.service.js';

/** The mail sandbox's routes exist only in demo mode (ADR 022), and only while the outbox is the transport in use. */
export const sandboxEmailModule: ApiModule = async (api, { config, db, mailTransport }) => {
  if (!config.DEMO_MODE || mailTransport.kind !== 'outbox') return;
  await api.register(sandboxRoutes, {
    service: createSandboxService({ repository: createSandboxRepository(db) }),
  });
};

/** The payment sandbox's card tokenizer and PIX "bank": demo mode only, while the sandbox is the provider. */
export const sandboxPagamentoModule: ApiModule = async (api, { config, paymentSandbox, checkout }) => {
  if (!config.DEMO_MODE || !paymentSandbox) return;
  await api.register(sandboxPagamentoRoutes, {
    service: createSandboxPagamentoService({ sandbox: paymentSandbox, pagamentos: checkout }),
  });
};
