import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';
import { MSG_BO } from '../messages-backoffice.js';
import { textoMin3 } from './backoffice-fields.js';
import { empresaContentSchema } from './empresa.js';
import { enderecoInputSchema } from './endereco.js';
import { cnpjField, emailField, optionalText } from './fields.js';

/*
 * The company write of the back-office (ADMIN), apart from empresa.ts: the
 * footer of every public page imports the read, and must not carry the form's
 * validation (CNPJ, e-mail, address rules) into the public JavaScript (docs/quality.md#p6-javascript-of-the-public-pages).
 */

/** A value with a scheme (`xxx:`) other than http(s) is refused: the footer turns these values into links. */
const semOutroEsquema = (value: string | null) =>
  value === null || !/^[a-z][a-z\d+.-]*:/i.test(value) || /^https?:\/\//i.test(value);

/** A social link (or a WhatsApp number): optional, up to 255 characters, only http(s) when it has a scheme. */
const linkField = optionalText(255).refine(semOutroEsquema, { error: MSG_BO.linkInvalido });

/**
 * POST /empresa/ (docs/behaviour/back-office.md#company): razão social (`nome`), nome fantasia, a
 * valid CNPJ (alphanumeric accepted; stored without punctuation), e-mail,
 * social links, opening hours and the address, whose city must be in the state.
 */
export const empresaInputSchema = z.object(
  {
    nome: textoMin3(150),
    nomeFantasia: optionalText(150),
    cnpj: z.string({ error: MSG.cpfCnpj }).pipe(cnpjField),
    email: z.string({ error: MSG.email }).pipe(emailField),
    whatsapp: linkField,
    facebook: linkField,
    instagram: linkField,
    youtube: linkField,
    descricaoHorarioFuncionamento: optionalText(500),
    endereco: enderecoInputSchema,
  },
  { error: MSG.erroValidacao },
);
export type EmpresaInput = z.input<typeof empresaInputSchema>;
export type EmpresaData = z.output<typeof empresaInputSchema>;

/** The company write: POST /empresa/ (ADMIN). */
export const empresaAdminApi = {
  salvar: defineEndpoint({
    method: 'POST',
    path: '/empresa/',
    summary: 'Grava os dados da empresa (ADMIN)',
    description:
      'Cria ou substitui o único registro da empresa. CNPJ com dígitos verificadores válidos; cidade de outro estado ou inexistente: 422.',
    body: empresaInputSchema,
    response: empresaContentSchema,
  }),
};
