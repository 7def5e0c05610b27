import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { safeText } from './common.js';

/** A message of the mail outbox, as the sandbox mailbox shows it. */
export const emailSaidaSchema = z.object({
  para: z.string(),
  assunto: z.string(),
  texto: z.string(),
  html: z.string().nullable(),
  /** ISO 8601. */
  criadoEm: z.string(),
});
export type EmailSaida = z.infer<typeof emailSaidaSchema>;

/** Routes of the offline sandboxes; each exists only while its sandbox is the active implementation. */
export const sandboxApi = {
  emails: defineEndpoint({
    method: 'GET',
    path: '/sandbox/emails',
    summary: 'Caixa de saída do sandbox de e-mail (mais novos primeiro)',
    description: 'Existe só com `MAIL_TRANSPORT=outbox`.',
    query: z.object({ para: safeText().min(1).max(254) }),
    response: z.array(emailSaidaSchema),
  }),
};
