import { z } from 'zod';

/**
 * Brazilian Portuguese default messages for zod issues that a schema did not
 * give a message of its own (zod's bundled `pt` locale is European Portuguese).
 * Installed once, process-wide, by the app factory.
 */
const TYPE_NAMES: Record<string, string> = {
  string: 'um texto',
  number: 'um número',
  int: 'um número inteiro',
  bigint: 'um número inteiro',
  boolean: 'verdadeiro ou falso',
  object: 'um objeto',
  array: 'uma lista',
  date: 'uma data',
  null: 'nulo',
  undefined: 'vazio',
  nan: 'um número inválido',
};

const FORMAT_NAMES: Record<string, string> = {
  email: 'e-mail',
  url: 'URL',
  uuid: 'UUID',
  datetime: 'data e hora',
  date: 'data',
  time: 'hora',
  regex: 'formato',
};

const typeName = (t: string): string => TYPE_NAMES[t] ?? t;

function receivedType(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number' && Number.isNaN(input)) return 'nan';
  return typeof input;
}

function ptBrMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Este campo é obrigatório.';
      return `Valor inválido: esperava ${typeName(String(issue.expected))}, recebeu ${typeName(receivedType(issue.input))}.`;
    case 'too_small': {
      const min = String(issue.minimum);
      if (issue.origin === 'string') {
        return issue.minimum === 1
          ? 'Este campo não pode ficar vazio.'
          : `O campo tem que ter ${min} ou mais caracteres.`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') return `Informe pelo menos ${min} item(ns).`;
      return issue.inclusive ? `O valor deve ser maior ou igual a ${min}.` : `O valor deve ser maior que ${min}.`;
    }
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'string') return `O campo pode ter no máximo ${max} caracteres.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Informe no máximo ${max} item(ns).`;
      return issue.inclusive ? `O valor deve ser menor ou igual a ${max}.` : `O valor deve ser menor que ${max}.`;
    }
    case 'invalid_format':
      return `Formato de ${FORMAT_NAMES[issue.format] ?? 'valor'} inválido.`;
    case 'not_multiple_of':
      return `O valor deve ser múltiplo de ${String(issue.divisor)}.`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `Valor inválido: esperava ${JSON.stringify(issue.values[0])}.`
        : `Opção inválida: esperava uma destas: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}.`;
    case 'unrecognized_keys':
      return `Campo(s) não reconhecido(s): ${issue.keys.join(', ')}.`;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
    default:
      return 'Valor inválido.';
  }
}

let installed = false;

/** Makes the pt-BR messages zod's process-wide default (idempotent). */
export function installZodPtBr(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: (issue) => ptBrMessage(issue) });
}
