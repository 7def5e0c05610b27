/**
 * The first ADMIN ('Gerente') of a store's database, created by `npm run admin:create` (README "Implantação",
 * ADR 022): outside demo mode no account is seeded, so this is how the store gets its manager. The same rules as the
 * API's POST /usuario/ (the contract's fields from packages/shared, argon2id, the e-mail unique without regard to
 * case, the write audited in its transaction), plus one: no password of the demo data.
 */
import { MSG_API } from '@clinica/shared/messages-api';
import { PERMISSAO } from '@clinica/shared/schemas/common';
import { usuarioCriacaoSchema } from '@clinica/shared/schemas/usuario-admin';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import { SENHAS_DE_DEMONSTRACAO } from '../db/seed/senhas-conhecidas.js';
import { registrarAuditoria } from '../lib/auditoria.js';
import { sqlState } from '../lib/errors.js';
import { hashPassword } from '../lib/password.js';
import { createUsuarioAdminRepository, type UsuarioLinha } from '../modules/usuario/usuario-admin.repository.js';
import { usuarioContent } from '../modules/usuario/usuario-admin.service.js';
import { createUsuarioRepository } from '../modules/usuario/usuario.repository.js';

/** A refusal of the command: its message (pt-BR) is all the operator needs to read. */
export class RecusaDoComando extends Error {
  override name = 'RecusaDoComando';
}

export interface DadosDoGerente {
  email: string;
  nome: string;
  password: string;
}

export const SENHA_DE_DEMONSTRACAO =
  'Esta é a senha de uma conta de demonstração, que qualquer pessoa conhece: escolha outra.';

/** The contract's rule of one field: its value as the API would keep it, or the first message. */
function campo<T>(schema: z.ZodType<T, unknown>, valor: string): { ok: true; valor: T } | { ok: false; erro: string } {
  const parsed = schema.safeParse(valor);
  return parsed.success ? { ok: true, valor: parsed.data } : { ok: false, erro: parsed.error.issues[0]!.message };
}

/** Each field checked alone (the prompts ask again for the one that is wrong). */
export const regrasDoGerente = {
  email: (valor: string) => campo(usuarioCriacaoSchema.shape.email, valor),
  nome: (valor: string) => campo(usuarioCriacaoSchema.shape.nome, valor),
  password: (valor: string) => {
    const r = campo(usuarioCriacaoSchema.shape.password, valor);
    return r.ok && SENHAS_DE_DEMONSTRACAO.has(r.valor) ? { ok: false as const, erro: SENHA_DE_DEMONSTRACAO } : r;
  },
};

/** Whether an account (of any role) already has this e-mail. */
export const emailEmUso = (db: Db, email: string): Promise<boolean> =>
  createUsuarioRepository(db).emailEmUso(email.trim().toLowerCase());

/**
 * Creates the ADMIN. Refuses (RecusaDoComando) a field that breaks the contract, a demo password and an e-mail in
 * use, also one taken between the check and the insert (the unique index on lower(email)).
 */
export async function criarGerente(db: Db, dados: DadosDoGerente): Promise<UsuarioLinha> {
  const erros = (Object.keys(regrasDoGerente) as (keyof DadosDoGerente)[]).flatMap((k) => {
    const r = regrasDoGerente[k](dados[k]);
    return r.ok ? [] : [r.erro];
  });
  if (erros.length > 0) throw new RecusaDoComando(erros.join('\n'));
  const data = usuarioCriacaoSchema.parse({ ...dados, usuarioPermissao: { id: PERMISSAO.ADMIN } });
  if (await emailEmUso(db, data.email)) throw new RecusaDoComando(MSG_API.emailEmUso);
  const senhaHash = await hashPassword(data.password);
  try {
    return await db.transaction(async (tx) => {
      const row = await createUsuarioAdminRepository(db).inserir(tx, {
        nome: data.nome,
        email: data.email,
        senhaHash,
        permissaoId: PERMISSAO.ADMIN,
        ativo: true,
      });
      // No one is signed in: the log names the new manager as the author of their own account.
      await registrarAuditoria(
        tx,
        { id: row.id, permissao: 'ADMIN' },
        { entidade: 'usuario', entidadeId: row.id, acao: 'CRIAR', depois: usuarioContent(row) },
      );
      return row;
    });
  } catch (err) {
    if (sqlState(err) === '23505') throw new RecusaDoComando(MSG_API.emailEmUso);
    throw err;
  }
}
