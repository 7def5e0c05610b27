import { emailApi } from '@clinica/shared/schemas/email';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callEndpointEnvelope } from '../../../lib/api-client';
import { artificialDelay, RECOVERY_DELAY_MS } from '../../../lib/delays';

/** POST /email/codigorecuperacaoacesso {email}: sends (or sends again) the recovery code. */
const sendCodigoRecuperacao = (email: string) =>
  callEndpointEnvelope(emailApi.codigoRecuperacao, { body: { email }, auth: false });

/** Recovery waits 3 s before the call (docs/behaviour/timings-and-limits.md#waits); the screen shows the server's message. */
const codigoRecuperacaoMutation = mutationOptions({
  mutationKey: ['email', 'codigoRecuperacao'],
  mutationFn: async (email: string) => {
    await artificialDelay(RECOVERY_DELAY_MS);
    return sendCodigoRecuperacao(email);
  },
});

export const useCodigoRecuperacao = () => useMutation(codigoRecuperacaoMutation);
