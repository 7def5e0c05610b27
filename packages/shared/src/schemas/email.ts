import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MSG } from '../messages.js';
import { idParam, safeText } from './common.js';
import { codigoField, emailComField, emailField, nomeField, senhaAtualField, telefoneField } from './fields.js';

/** Subjects of the contact form (docs/behaviour/site.md#contact), with their labels. */
export const ASSUNTOS_CONTATO = {
  agendamento: 'Agendamento',
  duvida_tratamento: 'Dúvida sobre tratamento',
  informacoes: 'Informações',
  outro: 'Outro',
} as const;
export type AssuntoContato = keyof typeof ASSUNTOS_CONTATO;

/** POST /email/emailcontato: every field required (docs/behaviour/site.md#contact). */
export const contatoSchema = z.object({
  nome: nomeField(150),
  email: emailComField,
  telefone: telefoneField,
  assunto: z.enum(Object.keys(ASSUNTOS_CONTATO) as [AssuntoContato, ...AssuntoContato[]], {
    error: MSG.selecioneAssunto,
  }),
  mensagem: safeText({ multiline: true }).min(1, MSG.mensagemVazia).max(4000, MSG.textoLongo),
});

/** What a code request answers: how long the code lives (the same whether or not the account exists). */
const codigoEnviadoSchema = z.object({ validadeSegundos: z.number().int() });
export type CodigoEnviado = z.infer<typeof codigoEnviadoSchema>;

const userIdParams = z.object({ userId: idParam });
const idUserParams = z.object({ idUser: idParam });
const codigoBody = z.object({ codigo: codigoField });

/**
 * E-mail codes (docs/behaviour/accounts-and-sign-in.md#e-mail-codes): 6-digit codes, single use, valid 900 s, dead after 5
 * wrong tries, at most 5 sent per purpose and account per 15 minutes (429).
 */
export const emailApi = {
  contato: defineEndpoint({
    method: 'POST',
    path: '/email/emailcontato',
    summary: 'Mensagem do formulário de contato: guardada e enviada ao e-mail da clínica',
    description: 'Limitada por IP (envia e-mail).',
    body: contatoSchema,
    response: z.null(),
  }),
  codigoRecuperacao: defineEndpoint({
    method: 'POST',
    path: '/email/codigorecuperacaoacesso',
    summary: 'Envia (ou reenvia) o código de recuperação de acesso',
    description: 'A resposta é a mesma para um e-mail cadastrado ou não.',
    body: z.object({ email: emailField }),
    response: codigoEnviadoSchema,
  }),
  validaCodigoRecuperacao: defineEndpoint({
    method: 'POST',
    path: '/email/valida/codigorecuperacaoacesso',
    summary: 'Valida o código de recuperação; libera a nova senha por 15 minutos',
    body: z.object({ email: emailField, codigo: codigoField }),
    response: z.null(),
  }),
  codigoEdicaoEmail: defineEndpoint({
    method: 'POST',
    path: '/email/reenviarcodigo/edicaoEmail/:idUser',
    summary: 'Envia ao novo e-mail o código que libera a troca de e-mail (pede a senha atual)',
    description:
      'A senha atual é conferida antes de tudo (422 se errada, 429 depois de tentativas demais), como na troca de e-mail.',
    params: idUserParams,
    body: z.object({ email: emailField, senhaAtual: senhaAtualField }),
    response: codigoEnviadoSchema,
  }),
  codigoEdicaoSenha: defineEndpoint({
    method: 'POST',
    path: '/email/reenviarcodigo/edicaoSenha/:idUser',
    summary: 'Envia ao e-mail do usuário o código que libera a troca de senha',
    params: idUserParams,
    response: codigoEnviadoSchema,
  }),
  validaCodigoEdicao: defineEndpoint({
    method: 'PUT',
    path: '/email/recevecodigo/edicao/:idUser',
    summary: 'Valida o último código de edição (e-mail ou senha); libera a troca pedida por 15 minutos',
    params: idUserParams,
    body: codigoBody,
    response: z.object({ finalidade: z.enum(['EDICAO_EMAIL', 'EDICAO_SENHA']) }),
  }),
  codigoCriacao: defineEndpoint({
    method: 'POST',
    path: '/email/reenviarcodigo/criacao/:userId',
    summary: 'Reenvia o código de confirmação do cadastro',
    params: userIdParams,
    response: codigoEnviadoSchema,
  }),
  codigoConfirmacao: defineEndpoint({
    method: 'POST',
    path: '/email/reenviarcodigo/confirmacao/:userId',
    summary: 'Envia o código de confirmação do e-mail',
    params: userIdParams,
    response: codigoEnviadoSchema,
  }),
  validaCodigoConfirmacao: defineEndpoint({
    method: 'PUT',
    path: '/email/recevecodigo/confirmacao/:userId',
    summary: 'Confirma o e-mail com o código recebido',
    params: userIdParams,
    body: codigoBody,
    response: z.null(),
  }),
};
