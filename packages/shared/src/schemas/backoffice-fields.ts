/**
 * Field rules of the back-office forms of authors, categories and discount
 * conditions (docs/behaviour/forms-and-validation.md#back-office-fields): names and descriptions need 3 or more characters
 * ('O campo tem que ter 3 ou mais caracteres.'); a required field that is
 * missing or null says 'O campo não pode ficar vazio.'. Texts are trimmed and
 * refuse control characters, like every text of the contract.
 */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { MSG_BO } from '../messages-backoffice.js';
import { isCleanText } from './common.js';
import { moneySchema } from './money.js';

/** The type error of a required field: missing or null is "empty"; another type is "not a text/boolean". */
export const obrigatorio =
  (tipo: string) =>
  (issue: z.core.$ZodRawIssue): string | undefined => {
    if (issue.code !== 'invalid_type') return undefined;
    return issue.input === undefined || issue.input === null ? MSG.naoVazio : tipo;
  };

/** A required name or description: trimmed, 3 to `max` characters. */
export const textoMin3 = (max: number, { multiline = false }: { multiline?: boolean } = {}) =>
  z
    .string({ error: obrigatorio(MSG.textoEsperado) })
    .trim()
    .refine((value) => isCleanText(value, { multiline }), { error: MSG.caracteresInvalidos, abort: true })
    .min(3, MSG.min3)
    .max(max, MSG.textoLongo);

/** A required true/false. */
export const booleanoObrigatorio = () =>
  z.boolean({ error: obrigatorio('Valor inválido: esperava verdadeiro ou falso.') });

/** An optional id in a body (`{id, …}` of the edit payloads); when sent it must be the path's. */
export const idCorpo = z
  .number({ error: MSG.identificadorInvalido })
  .int(MSG.identificadorInvalido)
  .positive(MSG.identificadorInvalido)
  .max(2_147_483_647, MSG.identificadorInvalido)
  .nullish();

/** A required amount of money: reais with two decimals on the wire, cents in code, more than zero. */
export const dinheiroObrigatorio = () =>
  z
    .number({ error: obrigatorio('Informe um valor em reais.') })
    .pipe(moneySchema)
    .refine((cents) => cents > 0, { error: MSG_BO.condicaoDescontoValorZero });
