import { DEMO_ACCOUNTS } from '../db/seed/demo-data.js';
import type { TokenSubject } from '../lib/jwt.js';
import { idsDaConta } from './db-queries.js';
import type { TestApp } from './harness.js';

type ContaDemo = 'maria' | 'empresa' | 'equipe' | 'admin';

/**
 * The seeded demo accounts as token subjects (maria: the CPF customer, empresa: the CNPJ customer, equipe: a
 * USUARIO, admin: the ADMIN), and a token issued for each.
 */
export async function contasDeDemonstracao(t: TestApp) {
  const conta = async (email: string, permissao: TokenSubject['permissao']): Promise<TokenSubject> => ({
    ...(await idsDaConta(t.database, email)),
    permissao,
  });
  const who: Record<ContaDemo, TokenSubject> = {
    maria: await conta(DEMO_ACCOUNTS.cliente.email, 'CLIENTE'),
    empresa: await conta(DEMO_ACCOUNTS.empresa.email, 'CLIENTE'),
    equipe: await conta(DEMO_ACCOUNTS.equipe.email, 'USUARIO'),
    admin: await conta(DEMO_ACCOUNTS.admin.email, 'ADMIN'),
  };
  const tokens = {} as Record<ContaDemo, string>;
  for (const k of Object.keys(who) as ContaDemo[]) tokens[k] = await t.issueToken(who[k]);
  return { who, tokens };
}
