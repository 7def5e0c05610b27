import type { Db, Tx } from '../../db/client.js';

/** One e-mail, in pt-BR, with a text and an HTML body. */
export interface MailMessage {
  para: string;
  assunto: string;
  texto: string;
  html: string;
  /** Reply-To: where an answer should go (the sender of a contact message). */
  responderPara?: string | null;
  /** Extra headers (a marketing e-mail's List-Unsubscribe and List-Unsubscribe-Post, ADR 034). */
  cabecalhos?: Record<string, string> | null;
}

/**
 * Sends mail durably: `enviar` stores the message in the outbox table and
 * enqueues the job that delivers it, in the caller's transaction when one is
 * given. It never talks to a mail server itself, so a server that is down
 * neither fails the request that caused the mail nor loses the message.
 */
export interface Mailer {
  enviar(message: MailMessage, db?: Db | Tx): Promise<void>;
}

/**
 * Who delivers a stored message: `outbox` (keeps it, the default sandbox: the
 * row is the mailbox) or `smtp` (nodemailer; the row's body is cleared once
 * the server accepted it, ADR 007).
 */
export interface MailTransport {
  readonly kind: 'outbox' | 'smtp';
  /** Delivers one message; throws when the server refuses or cannot be reached (the job retries). */
  deliver(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}
