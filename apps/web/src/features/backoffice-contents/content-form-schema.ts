import { MSG } from '@clinica/shared/messages';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { CONTEUDO_EXTENSOES, DURACAO_CONTEUDO_REGEX, MAX_ORDEM_CONTEUDO } from '@clinica/shared/schemas/conteudo';
import { z } from 'zod';

/** What the 'Adicionar conteúdo' form holds (the order as typed). */
export interface ConteudoFormValues {
  ordem: string;
  titulo: string;
  duracao: string;
  arquivo: File | null;
}

/** Whether the chosen file's name is one of the accepted types (the server checks the bytes again). */
export function extensaoAceita(file: File): boolean {
  const nome = file.name.toLowerCase();
  return CONTEUDO_EXTENSOES.some((ext) => nome.endsWith(ext));
}

/**
 * The content rules (docs/behaviour/forms-and-validation.md#back-office-fields): order from 1 and not already used in the list, title
 * of 3 or more characters, duration HH:MM:SS, a PDF, MP4 or AVI chosen.
 */
export function conteudoFormSchema(usadas: readonly number[]) {
  return z.object({
    ordem: z
      .string()
      .trim()
      .min(1, { error: MSG.naoVazio, abort: true })
      .regex(/^[0-9]+$/, { error: MSG_BO.conteudoOrdemInvalida, abort: true })
      .transform(Number)
      .refine((n) => n >= 1 && n <= MAX_ORDEM_CONTEUDO, { error: MSG_BO.conteudoOrdemInvalida, abort: true })
      .refine((n) => !usadas.includes(n), { error: MSG_BO.conteudoOrdemEmUso }),
    titulo: z.string().trim().min(3, MSG.min3).max(150, MSG.textoLongo),
    duracao: z
      .string()
      .trim()
      .min(1, { error: MSG.naoVazio, abort: true })
      .regex(DURACAO_CONTEUDO_REGEX, { error: MSG_BO.conteudoDuracaoInvalida }),
    arquivo: z
      .custom<File | null>()
      .refine((f): f is File => typeof File !== 'undefined' && f instanceof File, {
        error: MSG_BO.conteudoArquivoObrigatorio,
        abort: true,
      })
      .refine((f) => f !== null && extensaoAceita(f), { error: MSG_BO.conteudoFormatoInvalido }),
  });
}

export type ConteudoFormData = z.output<ReturnType<typeof conteudoFormSchema>>;

/** 'Preencha todos os campos': some field is still empty. */
export const algumCampoVazio = (v: ConteudoFormValues) =>
  !v.ordem.trim() || !v.titulo.trim() || !v.duracao.trim() || v.arquivo === null;

/** The next free order: one after the highest. */
export const proximaOrdem = (usadas: readonly number[]) => Math.max(0, ...usadas) + 1;
