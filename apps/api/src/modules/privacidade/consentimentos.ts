/**
 * The marketing consent's one writer (ADR 038): the current state (`clientes.ofertas_email`, read by the mailers,
 * ADR 034) and its history (`consentimentos`) change in one statement, so neither exists without the other.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { VERSAO_TEXTO_OFERTAS, type OrigemConsentimento } from '@clinica/shared/privacidade';
import type { Consentimento } from '@clinica/shared/schemas/privacidade';
import type { Db, Tx } from '../../db/client.js';
import { consentimentos } from './privacidade.table.js';

/**
 * Gives (`concedido`) or withdraws the marketing consent of a client, recording the choice with the text's version
 * and where it was made. Nothing happens when it is already so, or when the account was closed: true when it changed.
 */
export async function mudarOfertasEmail(
  db: Db | Tx,
  clienteId: number,
  concedido: boolean,
  origem: OrigemConsentimento,
): Promise<boolean> {
  const r = await db.execute(sql`
    with m as (
      update clientes set ofertas_email = ${concedido}, ofertas_email_em = now(), updated_at = now()
      where id = ${clienteId} and ofertas_email <> ${concedido} and anonimizado_em is null
      returning id, ofertas_email_em
    )
    insert into consentimentos (cliente_id, finalidade, concedido, versao_texto, origem, quando)
    select id, 'ofertas_email', ${concedido}, ${VERSAO_TEXTO_OFERTAS}, ${origem}, ofertas_email_em from m
    returning cliente_id`);
  return (r as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Records a consent given at sign-up (the client row was just inserted with it). */
export async function registrarConsentimentoCadastro(tx: Tx, clienteId: number): Promise<void> {
  await tx.insert(consentimentos).values({
    clienteId,
    finalidade: 'ofertas_email',
    concedido: true,
    versaoTexto: VERSAO_TEXTO_OFERTAS,
    origem: 'cadastro',
  });
}

/** A client's recorded choices, newest first. */
export async function historicoConsentimentos(db: Db, clienteId: number): Promise<Consentimento[]> {
  const rows = await db
    .select()
    .from(consentimentos)
    .where(eq(consentimentos.clienteId, clienteId))
    .orderBy(desc(consentimentos.quando), desc(consentimentos.id));
  return rows.map((r) => ({
    finalidade: r.finalidade,
    concedido: r.concedido,
    versaoTexto: r.versaoTexto,
    origem: r.origem,
    quando: new Date(r.quando).toISOString(),
  }));
}
