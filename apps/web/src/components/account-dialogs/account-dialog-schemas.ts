import { MSG } from '@clinica/shared/messages';
import { emailField, novaSenhaField, senhaAtualField } from '@clinica/shared/schemas/fields';
import { z } from 'zod';

/*
 * The forms of the e-mail and password dialogs (and of the account screens
 * that share their rules), built from the contract's field rules so each rule
 * keeps its message (docs/behaviour/forms-and-validation.md#field-rules).
 */

/**
 * The confirmation of a password: first the password's own rule (its
 * message), then it has to equal the password.
 */
export function passwordConfirmation(passwordKey: string, rule: z.ZodType, confirmKey = 'confirmacao') {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const confirm = String(value[confirmKey] ?? '');
    const own = rule.safeParse(confirm);
    if (!own.success) {
      ctx.addIssue({
        code: 'custom',
        path: [confirmKey],
        message: own.error.issues[0]?.message ?? MSG.confirmacaoSenha,
      });
    } else if (confirm !== value[passwordKey]) {
      ctx.addIssue({ code: 'custom', path: [confirmKey], message: MSG.confirmacaoSenha });
    }
  };
}

/** An e-mail of recovery and e-mail change ('.com' or '.br'). */
export const emailSchema = z.object({ email: emailField });
export type EmailValues = z.input<typeof emailSchema>;

/** E-mail change: the new e-mail and the current password (a token alone does not change the account's e-mail). */
export const trocaEmailSchema = z.object({ email: emailField, senhaAtual: senhaAtualField });
export type TrocaEmailValues = z.input<typeof trocaEmailSchema>;

/** Password change: current password (not empty), new password and confirmation. */
export const trocaSenhaSchema = z
  .object({ senhaAtual: senhaAtualField, novaSenha: novaSenhaField, confirmacao: z.string() })
  .superRefine(passwordConfirmation('novaSenha', novaSenhaField));
export type TrocaSenhaValues = z.input<typeof trocaSenhaSchema>;
