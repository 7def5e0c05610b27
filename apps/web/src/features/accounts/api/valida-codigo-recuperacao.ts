import { emailApi } from '@clinica/shared/schemas/email';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callEndpointEnvelope } from '../../../lib/api-client';

/** POST /email/valida/codigorecuperacaoacesso {email, codigo}: accepts the code (then the new password may be set). */
const validaCodigoRecuperacao = ({ email, codigo }: { email: string; codigo: string }) =>
  callEndpointEnvelope(emailApi.validaCodigoRecuperacao, { body: { email, codigo }, auth: false });

const validaCodigoRecuperacaoMutation = mutationOptions({
  mutationKey: ['email', 'validaCodigoRecuperacao'],
  mutationFn: validaCodigoRecuperacao,
});

export const useValidaCodigoRecuperacao = () => useMutation(validaCodigoRecuperacaoMutation);
