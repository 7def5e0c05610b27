import type { Config } from '../../config.js';
import type { MailTransport } from './mail.js';
import { createOutboxTransport } from './outbox-transport.js';
import { createSmtpTransport } from './smtp-transport.js';

export type { Mailer, MailTransport } from './mail.js';
export { createMailer, emailJobHandlers } from './mailer.js';
export * from './templates.js';

/**
 * The transport MAIL_TRANSPORT selects: `outbox` (default, offline sandbox)
 * or `smtp` (requires SMTP_URL; without it the app refuses to start).
 */
export function createMailTransport(config: Pick<Config, 'MAIL_TRANSPORT' | 'SMTP_URL' | 'MAIL_FROM'>): MailTransport {
  if (config.MAIL_TRANSPORT === 'outbox') return createOutboxTransport();
  if (!config.SMTP_URL) {
    throw new Error(
      'MAIL_TRANSPORT=smtp exige SMTP_URL com o servidor de envio, por exemplo smtp://usuario:senha@smtp.exemplo.com.br:587 (ou use MAIL_TRANSPORT=outbox).',
    );
  }
  return createSmtpTransport({ url: config.SMTP_URL, from: config.MAIL_FROM });
}
