import type { z } from 'zod';
import { formatPhone } from '@clinica/shared/masks';
import { ASSUNTOS_CONTATO, type contatoSchema } from '@clinica/shared/schemas/email';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../integrations/mail/mail.js';
import { contatoEmail } from '../../integrations/mail/templates.js';
import { empresa } from '../empresa/empresa.table.js';
import { mensagensContato } from './email.table.js';

export type Contato = z.output<typeof contatoSchema>;

/**
 * POST /email/emailcontato: the message is stored and mailed to the clinic's
 * address (the company's e-mail) with the sender as Reply-To, in one
 * transaction; the mail goes out through the outbox and its job, so a mail
 * server that is down loses nothing.
 */
export function createContatoService({ db, mailer }: { db: Db; mailer: Mailer }) {
  return {
    async enviar(contato: Contato): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(mensagensContato).values(contato);
        const [clinica] = await tx.select({ email: empresa.email }).from(empresa).limit(1);
        if (!clinica?.email) return;
        const corpo = contatoEmail({
          ...contato,
          telefone: formatPhone(contato.telefone),
          assunto: ASSUNTOS_CONTATO[contato.assunto],
        });
        await mailer.enviar({ para: clinica.email, responderPara: contato.email, ...corpo }, tx);
      });
    },
  };
}

export type ContatoService = ReturnType<typeof createContatoService>;
