import { emailApi } from '@clinica/shared/schemas/email';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callEndpointEnvelope } from '../../../lib/api-client';
import { artificialDelay, CODE_REQUEST_DELAY_MS } from '../../../lib/delays';

/** POST /email/reenviarcodigo/confirmacao/{userId}: sends the code that confirms the account's e-mail. */
const sendCodigoConfirmacao = (userId: number) =>
  callEndpointEnvelope(emailApi.codigoConfirmacao, { params: { userId } });

/** Code requests wait 3 s (docs/behaviour/timings-and-limits.md#waits). */
export const codigoConfirmacaoMutation = mutationOptions({
  mutationKey: ['email', 'codigoConfirmacao'],
  mutationFn: async (userId: number) => {
    await artificialDelay(CODE_REQUEST_DELAY_MS);
    return sendCodigoConfirmacao(userId);
  },
});

export const useCodigoConfirmacao = () => useMutation(codigoConfirmacaoMutation);
