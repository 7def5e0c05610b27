import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { textoMin3 } from '@clinica/shared/schemas/backoffice-fields';
import type { UsuarioContent } from '@clinica/shared/schemas/auth';
import { emailField, senhaField } from '@clinica/shared/schemas/fields';
import { z } from 'zod';

/** The permission choice: '' until one is picked; a customer's own (read-only) 'CLIENTE' on its edit screen. */
const permissao = z.enum(['', 'ADMIN', 'USUARIO', 'CLIENTE']).refine((v) => v !== '', { error: MSG_BO.permissaoVazia });

/**
 * The user form of /newUser and /editUser/{id} (docs/behaviour/back-office.md#users-and-access): e-mail,
 * permission, name, password and active, with the contract's rules and messages.
 * Creating needs a password (4 or more characters); editing takes a new one
 * only when typed.
 */
export const userFormSchema = (mode: 'create' | 'edit') =>
  z.object({
    email: emailField,
    permissao,
    nome: textoMin3(150),
    password:
      mode === 'create'
        ? senhaField
        : z
            .string()
            .max(256, MSG.senhaMax256)
            .refine((v) => v === '' || v.length >= 4, { error: MSG.senhaMin4 }),
    ativo: z.boolean(),
  });

export type UserFormValues = z.input<ReturnType<typeof userFormSchema>>;
export type UserFormData = z.output<ReturnType<typeof userFormSchema>>;

export const userFormValues = (u: UsuarioContent | null): UserFormValues => ({
  email: u?.email ?? '',
  permissao: u?.permissao.nome ?? '',
  nome: u?.nome ?? '',
  password: '',
  ativo: u?.ativo ?? true,
});

/** What an edit changes, each part sent through its own endpoint (usuarioAdminApi in packages/shared). */
export interface UserChanges {
  /** Name, e-mail or a new password: PUT /usuario/admin/{id}. */
  dados?: { nome: string; email: string; password?: string };
  /** PUT /usuario/updatepermissao/{id}. */
  permissao?: 'ADMIN' | 'USUARIO';
  /** PUT /usuario/updateativo/{id}/{ativo}. */
  ativo?: boolean;
}

/** The parts of `data` that differ from the saved user (a customer's name, e-mail and permission never change here). */
export function userChanges(saved: UsuarioContent, data: UserFormData): UserChanges {
  const changes: UserChanges = {};
  const cliente = saved.permissao.nome === 'CLIENTE';
  if (!cliente && (data.nome !== saved.nome || data.email !== saved.email.toLowerCase() || data.password)) {
    changes.dados = { nome: data.nome, email: data.email, ...(data.password ? { password: data.password } : {}) };
  }
  if (
    !cliente &&
    data.permissao !== saved.permissao.nome &&
    (data.permissao === 'ADMIN' || data.permissao === 'USUARIO')
  ) {
    changes.permissao = data.permissao;
  }
  if (data.ativo !== saved.ativo) changes.ativo = data.ativo;
  return changes;
}
