import { usuarioApi } from '@clinica/shared/schemas/auth';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callEndpointEnvelope } from '../../../lib/api-client';

/** PUT /usuario/editar/email/{idUser} {idUsuario, novoEmail}: the new e-mail, once its code was accepted. */
export const editarEmail = ({ idUser, novoEmail }: { idUser: number; novoEmail: string }) =>
  callEndpointEnvelope(usuarioApi.editarEmail, { params: { idUser }, body: { idUsuario: idUser, novoEmail } });

export const editarEmailMutation = mutationOptions({
  mutationKey: ['usuario', 'editarEmail'],
  mutationFn: editarEmail,
});

export const useEditarEmail = () => useMutation(editarEmailMutation);
