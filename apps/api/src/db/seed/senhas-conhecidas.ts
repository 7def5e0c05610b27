/**
 * The demo data's accounts and their passwords, which anyone can read in this
 * repository (README, ADR 022): outside demo mode no account may
 * keep one (ADR 022).
 */
import { inArray, sql } from 'drizzle-orm';
import { verifyPassword } from '../../lib/password.js';
import { usuarios } from '../../modules/usuario/usuario.table.js';
import type { Db } from '../client.js';
import { DEMO_ACCOUNTS, DEMO_COMPRADOR_SENHA, DEMO_COMPRADORES } from './demo-data.js';

/** Every demo account's e-mail (lower case) with its known password: the named accounts, then the demo buyers. */
export const SENHAS_CONHECIDAS: ReadonlyMap<string, string> = new Map([
  ...Object.values(DEMO_ACCOUNTS).map((a) => [a.email.toLowerCase(), a.password] as const),
  ...DEMO_COMPRADORES.map((c) => [c.email.toLowerCase(), DEMO_COMPRADOR_SENHA] as const),
]);

/** The passwords of the demo data: no new account may take one (`npm run admin:create`). */
export const SENHAS_DE_DEMONSTRACAO: ReadonlySet<string> = new Set(SENHAS_CONHECIDAS.values());

/**
 * The e-mails of the accounts in `db` that still sign in with their demo password, active or not (an inactive one can
 * be turned on again), in the order of SENHAS_CONHECIDAS. An account of one of these e-mails with a password of its own
 * is not listed. Costs one verification per demo e-mail found: none on a database that never held the demo data.
 */
export async function contasComSenhaConhecida(db: Db): Promise<string[]> {
  const emails = [...SENHAS_CONHECIDAS.keys()];
  const rows = await db
    .select({ email: usuarios.email, senhaHash: usuarios.senhaHash })
    .from(usuarios)
    .where(inArray(sql`lower(${usuarios.email})`, emails));
  const conhecidas = await Promise.all(
    rows.map(async (r) => {
      const email = r.email.toLowerCase();
      return (await verifyPassword(SENHAS_CONHECIDAS.get(email)!, r.senhaHash)) ? email : null;
    }),
  );
  return emails.filter((e) => conhecidas.includes(e));
}
