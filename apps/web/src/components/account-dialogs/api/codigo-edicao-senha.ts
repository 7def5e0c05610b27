import { emailApi } from '@clinica/shared/schemas/email';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callEndpointEnvelope } from '../../../lib/api-client';
import { artificialDelay, CODE_REQUEST_DELAY_MS } from '../../../lib/delays';

/** POST /email/reenviarcodigo/edicaoSenha/{idUser}: sends to the account's e-mail the code that allows a password change. */
const sendCodigoEdicaoSenha = (idUser: number) =>
  callEndpointEnvelope(emailApi.codigoEdicaoSenha, { params: { idUser } });

/** Code requests wait 3 s (docs/behaviour/timings-and-limits.md#waits). */
export const codigoEdicaoSenhaMutation = mutationOptions({
  mutationKey: ['email', 'codigoEdicaoSenha'],
  mutationFn: async (idUser: number) => {
    await artificialDelay(CODE_REQUEST_DELAY_MS);
    return sendCodigoEdicaoSenha(idUser);
  },
});

export const useCodigoEdicaoSenha = () => useMutation(codigoEdicaoSenhaMutation);
