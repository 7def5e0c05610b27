import { emailApi } from '@clinica/shared/schemas/email';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callEndpointEnvelope } from '../../../lib/api-client';
import { artificialDelay, CODE_REQUEST_DELAY_MS } from '../../../lib/delays';

/**
 * POST /email/reenviarcodigo/edicaoEmail/{idUser} {email, senhaAtual}: sends to the new e-mail the code that allows
 * the change, once the current password is right.
 */
const sendCodigoEdicaoEmail = ({ idUser, email, senhaAtual }: CodigoEdicaoEmailVars) =>
  callEndpointEnvelope(emailApi.codigoEdicaoEmail, { params: { idUser }, body: { email, senhaAtual } });

export interface CodigoEdicaoEmailVars {
  idUser: number;
  email: string;
  senhaAtual: string;
}

/** Code requests wait 3 s (docs/behaviour/timings-and-limits.md#waits). */
export const codigoEdicaoEmailMutation = mutationOptions({
  mutationKey: ['email', 'codigoEdicaoEmail'],
  mutationFn: async (vars: CodigoEdicaoEmailVars) => {
    await artificialDelay(CODE_REQUEST_DELAY_MS);
    return sendCodigoEdicaoEmail(vars);
  },
});

export const useCodigoEdicaoEmail = () => useMutation(codigoEdicaoEmailMutation);
