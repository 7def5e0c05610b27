import { emailApi } from '@clinica/shared/schemas/email';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callEndpointEnvelope } from '../../../lib/api-client';
import { artificialDelay, CODE_REQUEST_DELAY_MS } from '../../../lib/delays';

/** POST /email/reenviarcodigo/edicaoEmail/{idUser} {email}: sends to the new e-mail the code that allows the change. */
export const sendCodigoEdicaoEmail = ({ idUser, email }: { idUser: number; email: string }) =>
  callEndpointEnvelope(emailApi.codigoEdicaoEmail, { params: { idUser }, body: { email } });

/** Code requests wait 3 s (SPEC §9). */
export const codigoEdicaoEmailMutation = mutationOptions({
  mutationKey: ['email', 'codigoEdicaoEmail'],
  mutationFn: async (vars: { idUser: number; email: string }) => {
    await artificialDelay(CODE_REQUEST_DELAY_MS);
    return sendCodigoEdicaoEmail(vars);
  },
});

export const useCodigoEdicaoEmail = () => useMutation(codigoEdicaoEmailMutation);
