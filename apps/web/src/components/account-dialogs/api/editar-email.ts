import { usuarioApi } from '@clinica/shared/schemas/auth';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callEndpointEnvelope } from '../../../lib/api-client';

/**
 * PUT /usuario/editar/email/{idUser} {idUsuario, novoEmail, senhaAtual}: the new e-mail, once its code was accepted
 * and with the current password.
 */
const editarEmail = ({ idUser, novoEmail, senhaAtual }: { idUser: number; novoEmail: string; senhaAtual: string }) =>
  callEndpointEnvelope(usuarioApi.editarEmail, {
    params: { idUser },
    body: { idUsuario: idUser, novoEmail, senhaAtual },
  });

export const editarEmailMutation = mutationOptions({
  mutationKey: ['usuario', 'editarEmail'],
  mutationFn: editarEmail,
});

export const useEditarEmail = () => useMutation(editarEmailMutation);
