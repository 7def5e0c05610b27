import { emailApi } from '@clinica/shared/schemas/email';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callEndpointEnvelope } from '../../../lib/api-client';

/** PUT /email/recevecodigo/edicao/{idUser} {codigo}: accepts the last e-mail or password change code. */
const validaCodigoEdicao = ({ idUser, codigo }: { idUser: number; codigo: string }) =>
  callEndpointEnvelope(emailApi.validaCodigoEdicao, { params: { idUser }, body: { codigo } });

export const validaCodigoEdicaoMutation = mutationOptions({
  mutationKey: ['email', 'validaCodigoEdicao'],
  mutationFn: validaCodigoEdicao,
});

export const useValidaCodigoEdicao = () => useMutation(validaCodigoEdicaoMutation);
