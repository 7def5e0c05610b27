import type { EndpointCallBody } from '@clinica/shared/endpoint';
import { emailApi } from '@clinica/shared/schemas/email';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** The contact message: nome, email, telefone (digits), assunto, mensagem. */
type ContatoBody = EndpointCallBody<typeof emailApi.contato>;

/** POST /email/emailcontato: the message is stored and mailed to the clinic (a public route, sent without the token). */
const enviarContato = (body: ContatoBody) => callEndpoint(emailApi.contato, { body, auth: false });

const enviarContatoMutation = mutationOptions({
  mutationKey: ['email', 'contato'],
  mutationFn: enviarContato,
});

export const useEnviarContato = () => useMutation(enviarContatoMutation);
