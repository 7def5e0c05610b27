import type { EndpointCallBody } from '@clinica/shared/endpoint';
import { clienteApi } from '@clinica/shared/schemas/cliente';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callEndpointEnvelope } from '../../../lib/api-client';
import { artificialDelay, PROFILE_SAVE_DELAY_MS } from '../../../lib/delays';

export type PerfilBody = EndpointCallBody<typeof clienteApi.editarPerfil>;

/** PUT /profile/editar/{clientId}: person or company data, phone and address; answers the saved client. */
const editarPerfil = (clientId: number, body: PerfilBody) =>
  callEndpointEnvelope(clienteApi.editarPerfil, { params: { clientId }, body });

/** The profile save waits 3 s before the call (docs/behaviour/timings-and-limits.md#waits). */
const editarPerfilMutation = mutationOptions({
  mutationKey: ['profile', 'editar'],
  mutationFn: async ({ clientId, body }: { clientId: number; body: PerfilBody }) => {
    await artificialDelay(PROFILE_SAVE_DELAY_MS);
    return editarPerfil(clientId, body);
  },
});

export const useEditarPerfil = () => useMutation(editarPerfilMutation);
