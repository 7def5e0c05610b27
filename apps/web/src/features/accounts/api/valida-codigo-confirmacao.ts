import { emailApi } from '@clinica/shared/schemas/email';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callEndpointEnvelope } from '../../../lib/api-client';

/** PUT /email/recevecodigo/confirmacao/{userId} {codigo}: confirms the e-mail. */
const validaCodigoConfirmacao = ({ userId, codigo }: { userId: number; codigo: string }) =>
  callEndpointEnvelope(emailApi.validaCodigoConfirmacao, { params: { userId }, body: { codigo } });

export const validaCodigoConfirmacaoMutation = mutationOptions({
  mutationKey: ['email', 'validaCodigoConfirmacao'],
  mutationFn: validaCodigoConfirmacao,
});

export const useValidaCodigoConfirmacao = () => useMutation(validaCodigoConfirmacaoMutation);
