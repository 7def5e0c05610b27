import { isValidCpfOrCnpj } from '@clinica/shared/documents';
import { unmask } from '@clinica/shared/masks';
import { MSG } from '@clinica/shared/messages';
import { z } from 'zod';
import type { LoginPayload } from '../../lib/auth-api';

/** Sign-in e-mail rule (docs/behaviour/forms-and-validation.md#field-rules): not empty, contains '@' and '.com'. */
const isSignInEmail = (value: string): boolean => {
  const v = value.trim();
  return v.length > 0 && !/\s/.test(v) && v.includes('@') && v.includes('.com');
};

/** CPF/CNPJ rule: 11 or 14 letters/digits after unmasking, and a valid document. */
const isSignInDocument = (value: string): boolean => {
  const raw = unmask(value);
  return (raw.length === 11 || raw.length === 14) && isValidCpfOrCnpj(raw);
};

export const signInSchema = z
  .object({
    useDocument: z.boolean(),
    email: z.string(),
    documento: z.string(),
    password: z.string().min(1, MSG.vazio),
  })
  .superRefine((v, ctx) => {
    if (v.useDocument) {
      if (!isSignInDocument(v.documento)) ctx.addIssue({ code: 'custom', path: ['documento'], message: MSG.cpfCnpj });
    } else if (!isSignInEmail(v.email)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: MSG.email });
    }
  });

export type SignInForm = z.infer<typeof signInSchema>;

/** The login payload: the e-mail, or the document digits as `cpf` (11) or `cnpj` (14); the others null. */
export function toLoginPayload(form: SignInForm): LoginPayload {
  if (!form.useDocument) return { email: form.email.trim(), cpf: null, cnpj: null, password: form.password };
  const doc = unmask(form.documento);
  return doc.length === 11
    ? { email: null, cpf: doc, cnpj: null, password: form.password }
    : { email: null, cpf: null, cnpj: doc, password: form.password };
}
