import type { MailTransport } from './mail.js';

/**
 * The offline sandbox (MAIL_TRANSPORT=outbox, the default): the stored row of
 * `emails_saida` is the delivered message, readable at GET /api/sandbox/emails,
 * so delivering only lets the job mark it ENVIADO.
 */
export function createOutboxTransport(): MailTransport {
  return {
    kind: 'outbox',
    async deliver() {
      // Nothing leaves the machine: the outbox row is the mailbox.
    },
  };
}
