import type { EmailSaida } from '@clinica/shared/schemas/sandbox';
import type { SandboxRepository } from './sandbox.repository.js';

/** How many messages the sandbox mailbox shows at most. */
export const CAIXA_SANDBOX_MAX = 50;

export function createSandboxService({ repository }: { repository: SandboxRepository }) {
  return {
    /** GET /sandbox/emails: the mailbox of one address, newest first (the outbox is the store). */
    async emails(para: string): Promise<EmailSaida[]> {
      const rows = await repository.emailsPara(para, CAIXA_SANDBOX_MAX);
      return rows.map((row) => ({
        para: row.para,
        assunto: row.assunto,
        texto: row.texto,
        html: row.html,
        criadoEm: row.createdAt.toISOString(),
      }));
    },
  };
}

export type SandboxService = ReturnType<typeof createSandboxService>;
