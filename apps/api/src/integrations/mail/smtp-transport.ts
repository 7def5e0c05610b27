import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { API_ROOT } from '../../config.js';
import type { MailTransport } from './mail.js';
import { LOGO_CID } from './templates.js';

/** The clinic's logo (generated once from apps/web/public/favicon.svg), sent inline by Content-ID. */
export const LOGO_PATH = path.join(API_ROOT, 'assets', 'email', 'logo.png');

export interface SmtpTransportOptions {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465` (TLS from the start). */
  url: string;
  /** The From header, e.g. `"Clínica Sorriso Pleno" <nao-responda@sorrisopleno.com.br>`. */
  from: string;
  /** Connection, greeting and idle-socket limits (ms): a dead server fails fast and the job retries. */
  timeoutsMs?: { connection?: number; greeting?: number; socket?: number };
}

/**
 * Real delivery through an SMTP server (MAIL_TRANSPORT=smtp) with nodemailer.
 * One connection per message (no pool), so a server that restarts never
 * leaves a stale pooled socket behind; the job queue provides the retries.
 */
export function createSmtpTransport({ url, from, timeoutsMs = {} }: SmtpTransportOptions): MailTransport {
  // Read at start-up, so a missing asset stops the start instead of every delivery.
  const logo = fs.readFileSync(LOGO_PATH);
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: timeoutsMs.connection ?? 5_000,
    greetingTimeout: timeoutsMs.greeting ?? 5_000,
    socketTimeout: timeoutsMs.socket ?? 15_000,
    dnsTimeout: timeoutsMs.connection ?? 5_000,
  });

  return {
    kind: 'smtp',
    async deliver(message) {
      const html = message.html || undefined;
      await transporter.sendMail({
        from,
        to: message.para,
        ...(message.responderPara ? { replyTo: message.responderPara } : {}),
        ...(message.cabecalhos ? { headers: message.cabecalhos } : {}),
        subject: message.assunto,
        text: message.texto,
        ...(html ? { html } : {}),
        attachments: html?.includes(`cid:${LOGO_CID}`)
          ? [
              {
                filename: 'logo.png',
                content: logo,
                contentType: 'image/png',
                cid: LOGO_CID,
                contentDisposition: 'inline',
              },
            ]
          : [],
      });
    },
    async close() {
      transporter.close();
    },
  };
}
