/**
 * Certificates revoked with the purchase that granted their course (ADR 036): a withdrawal (the right of
 * withdrawal) or a refund of the order ends the course's access at once (the access rule of ADR 013 reads the
 * order's status) and revokes the certificate already issued for it, so its public check says it was revoked and
 * when. Written in the transaction of the order's change.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/** Revokes the certificates of the courses of order `pedidoId` held by its customer; how many it revoked. */
export async function revogarCertificadosDoPedido(tx: Tx, pedidoId: number): Promise<number> {
  const r = await tx.execute(sql`update certificados c set revogado_em = now()
    from pedido_itens i join pedidos p on p.id = i.pedido_id
    where i.pedido_id = ${pedidoId} and i.digital and c.produto_id = i.produto_id and c.cliente_id = p.cliente_id
      and c.revogado_em is null
    returning c.id`);
  return (r as unknown as { rows: unknown[] }).rows.length;
}
