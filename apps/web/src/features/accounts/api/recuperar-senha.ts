import { usuarioApi } from '@clinica/shared/schemas/auth';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callEndpointEnvelope } from '../../../lib/api-client';
import { artificialDelay, RECOVERY_DELAY_MS } from '../../../lib/delays';

/** PUT /usuario/recuperarSenha {email, novaSenha}: the new password, once the code was accepted. */
const recuperarSenha = ({ email, novaSenha }: { email: string; novaSenha: string }) =>
  callEndpointEnvelope(usuarioApi.recuperarSenha, { body: { email, novaSenha }, auth: false });

/** Recovery waits 3 s before the call (docs/behaviour/timings-and-limits.md#waits). */
const recuperarSenhaMutation = mutationOptions({
  mutationKey: ['usuario', 'recuperarSenha'],
  mutationFn: async (body: { email: string; novaSenha: string }) => {
    await artificialDelay(RECOVERY_DELAY_MS);
    return recuperarSenha(body);
  },
});

export const useRecuperarSenha = () => useMutation(recuperarSenhaMutation);
