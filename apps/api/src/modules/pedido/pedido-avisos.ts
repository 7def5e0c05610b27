/**
 * Who sends the order e-mails (pedido-emails.ts): each is written to the outbox in the transaction of the change
 * that causes it, by the code that makes that change, and only once it happened (ADR 030):
 *
 * - the payment status writes (modules/checkout/pagamento-registro.ts registrar): received, confirmed, approved,
 *   refused, PIX expired, refunded, course ready;
 * - the order's cancellation (pedido.service.ts cancelar, the boleto's expiry, a course already owned);
 * - the staff's shipping moves (pedido.service.ts): shipped, delivered.
 */
import type { Db, Tx } from '../../db/client.js';
import type { Mailer } from '../../integrations/mail/mail.js';
import type { EmailRenderizado } from '../../integrations/mail/templates.js';
import { linksDaLoja, type LinksDaLoja, type PedidoParaEmail } from './pedido-emails.js';
import { lerParaEmail } from './pedido-situacao.repository.js';

export interface AvisosPedido {
  /**
   * Writes the e-mail `escrever` renders for order `p` to the outbox through `tx` (one statement); nothing when the
   * order has no address to write to.
   */
  enviar(
    tx: Tx,
    p: PedidoParaEmail,
    escrever: (p: PedidoParaEmail, links: LinksDaLoja) => EmailRenderizado,
  ): Promise<void>;
  /** The order as its e-mails show it, read through `tx` (for changes whose own reads do not bring it). */
  ler(tx: Db | Tx, pedidoId: number): Promise<PedidoParaEmail | undefined>;
}

export function createAvisosPedido({
  mailer,
  publicUrl,
}: {
  mailer: Mailer;
  publicUrl: string | undefined;
}): AvisosPedido {
  const links = linksDaLoja(publicUrl);
  return {
    async enviar(tx, p, escrever) {
      if (!p.email?.trim()) return;
      await mailer.enviar({ para: p.email, ...escrever(p, links) }, tx);
    },
    ler: lerParaEmail,
  };
}
