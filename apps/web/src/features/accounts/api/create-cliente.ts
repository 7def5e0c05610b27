import type { EndpointCallBody } from '@clinica/shared/endpoint';
import { clienteApi } from '@clinica/shared/schemas/cliente';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callEndpointEnvelope } from '../../../lib/api-client';
import { artificialDelay, SIGN_UP_DELAY_MS } from '../../../lib/delays';

/** The sign-up payload (person or company, usuario, endereco). */
export type ClienteCreateBody = EndpointCallBody<typeof clienteApi.create>;

/** POST /cliente/create: creates the client (and sends the e-mail confirmation code). */
const createCliente = (body: ClienteCreateBody) => callEndpointEnvelope(clienteApi.create, { body, auth: false });

/** Sign-up waits 3 s before the call (docs/behaviour/timings-and-limits.md#waits). */
const createClienteMutation = mutationOptions({
  mutationKey: ['cliente', 'create'],
  mutationFn: async (body: ClienteCreateBody) => {
    await artificialDelay(SIGN_UP_DELAY_MS);
    return createCliente(body);
  },
});

export const useCreateCliente = () => useMutation(createClienteMutation);
